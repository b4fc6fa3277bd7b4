import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { endpoints, type RetentionRunResult } from '@portal/contract';
import { maxRetentionYears, Role } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNotify, usePermissions, useTranslate } from 'react-admin';
import { ConfirmedButton } from '../common/ConfirmedButton';
import { errorText } from '../common/error-text';
import { fieldErrorsOf } from '../common/field-errors';
import { call } from '../dataProvider/http-client';
import { RunProgress } from '../jobs/RunProgress';
import { runRequest, useRun } from '../jobs/useRun';
import { Section, SectionForm } from './AuditSections';
import { retentionPolicyQuery, retentionQueryKey, retentionStatusQuery } from './retention-queries';

/** The period as the form shows it: whole years, or blank for "keep". */
const yearsText = (years: number | null | undefined) => (years == null ? '' : String(years));

/** The period form (administrators; auditors read it): whole years after a ticket's date, blank to keep. */
function PeriodForm({
  years,
  version,
  editable,
}: {
  years: number | null;
  version: number;
  editable: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [text, setText] = useState(yearsText(years));
  const save = useMutation({
    mutationFn: () =>
      call(endpoints.putRetentionPolicy, {
        body: { ticketPersonalDataYears: text.trim() === '' ? null : text.trim(), version },
      }),
    onSuccess: async () => {
      notify('portal.retention.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: retentionQueryKey });
    },
  });
  const fieldError = fieldErrorsOf(save.error)?.ticketPersonalDataYears;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <SectionForm onSubmit={submit}>
      <TextField
        size="small"
        sx={{ width: { xs: '100%', sm: '16rem' } }}
        label={translate('portal.retention.years')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        disabled={!editable}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': 'retention-years-help' } }}
        error={Boolean(fieldError)}
        helperText={
          <span id="retention-years-help">
            {fieldError ?? translate('portal.retention.yearsHelp', { max: maxRetentionYears })}
          </span>
        }
      />
      {editable && (
        <Button type="submit" variant="outlined" startIcon={<SaveIcon />} disabled={save.isPending}>
          {translate('ra.action.save')}
        </Button>
      )}
      {save.error && !fieldError && <Alert severity="error">{errorText(translate, save.error)}</Alert>}
    </SectionForm>
  );
}

/** Run retention now (administrators), after a confirmation: what it removes cannot be brought back. */
function RunNow({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { run, busy, start } = useRun<RetentionRunResult>({
    onFinished: () => queryClient.invalidateQueries({ queryKey: retentionQueryKey }),
  });
  const result = run?.state === 'completed' ? run.result : null;
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Box>
        <ConfirmedButton
          label="portal.retention.runNow"
          title="portal.retention.runTitle"
          content="portal.retention.runContent"
          icon={<DeleteSweepIcon />}
          variant="contained"
          color="warning"
          disabled={disabled || busy}
          act={() => start(runRequest(endpoints.postRetentionRun, {}))}
        />
      </Box>
      <RunProgress run={run} label="portal.retention.running" chunkWarnings={false} />
      {result && (
        <Alert severity="success" role="status">
          {translate('portal.retention.ran', {
            smart_count: result.redactedTickets,
            events: result.redactedEvents,
          })}
          {result.redactedRecords > 0 &&
            ` ${translate('portal.retention.redactedRecords', { smart_count: result.redactedRecords })}`}
          {result.deletedOutboxMails > 0 &&
            ` ${translate('portal.retention.deletedMails', { smart_count: result.deletedOutboxMails })}`}
          {result.failedTickets.length > 0 &&
            ` ${translate('portal.retention.leftForNext', { tickets: result.failedTickets.join(', ') })}`}
        </Alert>
      )}
    </Stack>
  );
}

/** How long personal data is kept, what is due now, and Run retention now: docs/retention.md. */
export const RetentionSection = () => {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  const isAdministrator = permissions === Role.Administrator;
  const policy = useQuery(retentionPolicyQuery);
  const status = useQuery(retentionStatusQuery);
  const failed = policy.error ?? status.error;
  return (
    <Section id="retention-title" title="portal.retention.title">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('portal.retention.help')}
      </Typography>
      {failed ? (
        <Alert severity="error">{errorText(translate, failed)}</Alert>
      ) : policy.data && status.data ? (
        <>
          <PeriodForm
            key={policy.data.version}
            years={policy.data.ticketPersonalDataYears}
            version={policy.data.version}
            editable={isAdministrator}
          />
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="retention-status">
            {status.data.cutoff === null
              ? translate('portal.retention.noPeriod')
              : translate('portal.retention.due', {
                  cutoff: status.data.cutoff.slice(0, 10),
                  smart_count: status.data.dueTickets,
                  held: status.data.heldTickets,
                })}
          </Typography>
          {isAdministrator && <RunNow disabled={status.data.cutoff === null} />}
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('ra.page.loading')}
        </Typography>
      )}
    </Section>
  );
};
