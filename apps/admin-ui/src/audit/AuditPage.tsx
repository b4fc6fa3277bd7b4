import FactCheckIcon from '@mui/icons-material/FactCheck';
import LockIcon from '@mui/icons-material/Lock';
import { Alert, Button, Checkbox, FormControlLabel, Stack, Tooltip } from '@mui/material';
import { type ChainVerificationAnswer, endpoints } from '@portal/contract';
import { Role } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading, useNotify, usePermissions, useTranslate } from 'react-admin';
import { ConfirmedButton } from '../common/ConfirmedButton';
import { errorText } from '../common/error-text';
import { ScreenCard } from '../common/ScreenCard';
import { useNotifyLoadError } from '../common/useNotifyLoadError';
import { call } from '../dataProvider/http-client';
import { RunProgress } from '../jobs/RunProgress';
import { runRequest, useRun } from '../jobs/useRun';
import { AuditExportSection } from './AuditExportSection';
import { TicketHistoryLookup } from './AuditSections';
import { auditQueryKey, auditSealsQuery, auditStatusQuery } from './audit-queries';
import { ChainStatus } from './ChainStatus';
import { LegalHoldsSection } from './LegalHoldsSection';
import { RetentionSection } from './RetentionSection';
import { SealsTable } from './SealsTable';

/** Verify now: the walk as a run, polled where auditors may read it, its progress the events checked. */
function useVerifyNow() {
  const queryClient = useQueryClient();
  const { run, busy, start } = useRun<ChainVerificationAnswer>({
    // The answer is kept by the server: the status shows it, now and after a reload.
    onFinished: () => queryClient.invalidateQueries({ queryKey: auditQueryKey }),
  });
  const verify = (readModels: boolean) =>
    start(
      runRequest(
        endpoints.getAuditVerify,
        readModels ? { query: { readModels: true } } : {},
        endpoints.getAuditVerifyById,
      ),
    );
  return { run, busy, verify };
}

/** Seal now (administrators), after a confirmation: a seal is an event and cannot be taken back. */
function useSealNow() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const seal = useMutation({
    mutationFn: () => call(endpoints.postAuditSeal, {}),
    onSuccess: async () => {
      notify('portal.audit.sealed', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: auditQueryKey });
    },
    onError: (error) => notify(errorText(translate, error), { type: 'error' }),
  });
  return seal;
}

/**
 * /audit (administrators and auditors): the chain's status (last verified, last seal, a break in red with
 * where), Verify now with its progress, Seal now for administrators, every seal with its digest, and a
 * ticket's event history by its ID, the verifiable exports, the retention period and the legal holds.
 */
export const AuditPage = () => {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  const status = useQuery(auditStatusQuery);
  const seals = useQuery(auditSealsQuery);
  useNotifyLoadError(status.error ?? seals.error);
  const { run, busy, verify } = useVerifyNow();
  const [compareReadModels, setCompareReadModels] = useState(false);
  const seal = useSealNow();
  const actions = (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Tooltip title={translate('portal.audit.compareReadModelsHelp')}>
        <FormControlLabel
          control={
            <Checkbox
              checked={compareReadModels}
              disabled={busy}
              onChange={(event) => setCompareReadModels(event.target.checked)}
            />
          }
          label={translate('portal.audit.compareReadModels')}
        />
      </Tooltip>
      <Button
        variant="contained"
        startIcon={<FactCheckIcon />}
        disabled={busy}
        onClick={() => verify(compareReadModels)}
      >
        {translate('portal.audit.verifyNow')}
      </Button>
      {permissions === Role.Administrator && (
        <ConfirmedButton
          label="portal.audit.sealNow"
          title="portal.audit.sealTitle"
          content="portal.audit.sealContent"
          icon={<LockIcon />}
          variant="outlined"
          disabled={seal.isPending}
          act={() => seal.mutate()}
        />
      )}
    </Stack>
  );
  return (
    <ScreenCard title="portal.audit.title">
      {status.isPending ? (
        <Loading />
      ) : status.error ? (
        <Alert severity="error">{errorText(translate, status.error)}</Alert>
      ) : (
        <Stack spacing={2}>
          <ChainStatus
            status={status.data}
            actions={actions}
            progress={<RunProgress run={run} label="portal.audit.verifying" chunkWarnings={false} />}
          />
          <SealsTable seals={seals.data} />
          <TicketHistoryLookup />
          <AuditExportSection />
          <RetentionSection />
          <LegalHoldsSection />
        </Stack>
      )}
    </ScreenCard>
  );
};
