import CleaningServicesIcon from '@mui/icons-material/CleaningServices';
import EditNoteIcon from '@mui/icons-material/EditNote';
import {
  Alert,
  Box,
  FormControl,
  FormGroup,
  FormLabel,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { BulkCheck, BulkEditRunResult, Project } from '@portal/contract';
import { endpoints } from '@portal/contract';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import {
  BooleanInput,
  Form,
  SelectInput,
  TextInput,
  useDataProvider,
  useLogoutIfAccessDenied,
  useNotify,
  useTranslate,
} from 'react-admin';
import { type FieldValues, useFormContext, useWatch } from 'react-hook-form';
import { call } from '../../dataProvider/http-client';
import { RunProgress } from '../../jobs/RunProgress';
import { useRun } from '../../jobs/useRun';
import { currentSession } from '../../session';
import {
  ContractorChoiceInput,
  ContractorInput,
  contactLabel,
  ListChoiceInput,
} from '../../tickets/TicketInputs';
import { truckTypeChoices } from '../../tickets/ticket';
import {
  BulkRangeInputs,
  CancelOnChange,
  ConfirmPanel,
  FieldGrid,
  SubmitButton,
  serverFieldErrors,
  TabIntro,
  useNumberList,
} from './BulkParts';
import {
  type BulkClearBody,
  type BulkUpdateBody,
  bulkClearBody,
  bulkUpdateBody,
  checkVerdict,
  clearSwitches,
  clearsSomething,
  projectFill,
  type TicketNumberRange,
  updatesSomething,
} from './bulk-forms';

type Kind = 'update' | 'clear';

/** Where each kind checks and runs. */
const routes = {
  update: { check: endpoints.postTicketBulkCheck, run: endpoints.postTicketBulk },
  clear: { check: endpoints.postTicketBulkClearCheck, run: endpoints.postTicketBulkClear },
} satisfies Record<Kind, unknown>;

/** At most this many rows of conflicts or skipped tickets are listed; the rest are counted. */
const LISTED_ROWS = 100;

/** A ticket field's name as the ticket page labels it (e.g. contractorCompanyId → 'Contractor'). */
function useFieldName() {
  const translate = useTranslate();
  return (field: string) => translate(`portal.tickets.fields.${field}`, { _: field });
}

/** A small table of ticket numbers and text (conflicts, skipped tickets), scrolling when long. */
const TicketTable = ({
  label,
  headers,
  rows,
}: {
  label: string;
  headers: [string, string];
  rows: { ticketNumber: number; text: string }[];
}) => {
  const translate = useTranslate();
  const shown = rows.slice(0, LISTED_ROWS);
  return (
    <TableContainer sx={{ maxHeight: 240, mt: 1 }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 120 }}>{headers[0]}</TableCell>
            <TableCell>{headers[1]}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((row) => (
            <TableRow key={`${row.ticketNumber}-${row.text}`}>
              <TableCell>{row.ticketNumber}</TableCell>
              <TableCell>{row.text}</TableCell>
            </TableRow>
          ))}
          {rows.length > shown.length && (
            <TableRow>
              <TableCell colSpan={2}>
                {translate('portal.bulk.more', { list: '…', smart_count: rows.length - shown.length })}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

/** What the check found: the spec's messages, the conflicts and the received numbers left out. */
const CheckSummary = ({
  kind,
  check,
  forceUpdate,
  clearedFields,
}: {
  kind: Kind;
  check: BulkCheck;
  forceUpdate: boolean;
  clearedFields: string;
}) => {
  const translate = useTranslate();
  const fieldName = useFieldName();
  const numberList = useNumberList();
  const verdict = checkVerdict(check);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {verdict === 'allReceived' ? (
        <Alert severity="info">{translate('portal.bulk.update.allReceived')}</Alert>
      ) : (
        <Typography variant="body2">
          {kind === 'update'
            ? translate('portal.bulk.update.count', { smart_count: check.count })
            : translate('portal.bulk.clear.count', { smart_count: check.count, fields: clearedFields })}
        </Typography>
      )}
      {kind === 'update' && verdict === 'noConflicts' && (
        <Alert severity="success">{translate('portal.bulk.update.noConflicts')}</Alert>
      )}
      {kind === 'update' && verdict === 'conflicts' && (
        <Alert severity={forceUpdate ? 'warning' : 'info'} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
          <Typography variant="body2">
            {translate('portal.bulk.update.conflicts', { smart_count: check.results.length })}
          </Typography>
          <TicketTable
            label={translate('portal.bulk.update.conflictFields')}
            headers={[translate('portal.bulk.update.ticket'), translate('portal.bulk.update.conflictFields')]}
            rows={check.results.map((result) => ({
              ticketNumber: result.ticketNumber,
              text: result.fields.map(fieldName).join(', '),
            }))}
          />
          <Typography variant="body2" sx={{ mt: 1, fontWeight: 500 }}>
            {translate(
              forceUpdate ? 'portal.bulk.update.conflictsForced' : 'portal.bulk.update.conflictsKept',
            )}
          </Typography>
        </Alert>
      )}
      {check.excludedTicketNumbers.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('portal.bulk.update.excluded', { numbers: numberList(check.excludedTicketNumbers) })}
        </Typography>
      )}
    </Box>
  );
};

/** The end of a run: how many tickets changed, and which were skipped and why. */
const RunSummary = ({ kind, result }: { kind: Kind; result: BulkEditRunResult }) => {
  const translate = useTranslate();
  const skipped = result.skipped ?? [];
  return (
    <Alert
      severity={skipped.length > 0 ? 'warning' : 'success'}
      sx={{ mt: 2, '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {translate(`portal.bulk.${kind}.summary`, { smart_count: result.updated ?? 0 })}
      </Typography>
      {skipped.length > 0 && (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate('portal.bulk.update.skipped', { smart_count: skipped.length })}
          </Typography>
          <TicketTable
            label={translate('portal.bulk.update.skipped', { smart_count: skipped.length })}
            headers={[translate('portal.bulk.update.ticket'), translate('portal.bulk.update.reason')]}
            rows={skipped.map((entry) => ({ ticketNumber: entry.ticketNumber, text: entry.reason }))}
          />
        </>
      )}
    </Alert>
  );
};

interface Pending<Body> {
  body: Body;
  check: BulkCheck | null;
}

interface BulkEditTabProps<Body extends TicketNumberRange> {
  kind: Kind;
  intro: string;
  defaultValues: FieldValues;
  /** The body of the check and of the run; null when it would change nothing (the message to show). */
  bodyOf: (values: FieldValues) => { body: Body } | { nothing: string };
  /** The body the check is asked with (Update: always without Force Update, so it lists every conflict). */
  checkBodyOf?: (body: Body) => unknown;
  confirmFields?: (body: Body) => string;
  forceUpdateOf?: (body: Body) => boolean;
  submitLabel: string;
  submitIcon: ReactNode;
  children: ReactNode;
  onFinished: () => void;
}

/**
 * The Update and Clear tabs share one flow: the form, then the check (what
 * would change, changing nothing) in a confirmation panel, then the run with its progress and a summary.
 */
function BulkEditTab<Body extends TicketNumberRange>({
  kind,
  intro,
  defaultValues,
  bodyOf,
  checkBodyOf = (body) => body,
  confirmFields = () => '',
  forceUpdateOf = () => false,
  submitLabel,
  submitIcon,
  children,
  onFinished,
}: BulkEditTabProps<Body>) {
  const translate = useTranslate();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [pending, setPending] = useState<Pending<Body> | null>(null);
  const { run, busy, start, clear } = useRun<BulkEditRunResult, unknown, TicketNumberRange>({
    onFinished: (finished) => {
      if (finished.state === 'completed')
        notify(`portal.bulk.${kind}.summary`, {
          type: 'success',
          messageArgs: { smart_count: finished.result?.updated ?? 0 },
        });
      else notify(`portal.bulk.${kind}.failed`, { type: 'error' });
      onFinished();
    },
    // 'Error occurred updating tickets.' when a bulk clear (or update) cannot start.
    onError: () => notify(`portal.bulk.${kind}.failed`, { type: 'error' }),
  });
  const cancelOnChange = useCallback(() => setPending(null), []);

  const submit = async (values: FieldValues) => {
    const built = bodyOf(values);
    if ('nothing' in built) {
      notify(built.nothing, { type: 'warning' });
      return undefined;
    }
    const { body } = built;
    clear();
    setPending({ body, check: null });
    try {
      // The bulk calls take a loose record, each field read by the server.
      const check = await call(routes[kind].check, { body: checkBodyOf(body) as Record<string, unknown> });
      // Only if the panel is still open for this body (not cancelled or replaced meanwhile).
      setPending((current) => (current?.body === body ? { body, check } : current));
      return undefined;
    } catch (error) {
      setPending((current) => (current?.body === body ? null : current));
      if (await logoutIfAccessDenied(error)) return undefined;
      // The check failing closes the panel with this toast.
      notify('portal.bulk.update.checkFailed', { type: 'error' });
      return serverFieldErrors(error);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    const { body } = pending;
    setPending(null);
    if (kind === 'update')
      notify('portal.bulk.update.updating', { type: 'info', messageArgs: { from: body.from, to: body.to } });
    await start({ declaration: routes[kind].run, input: { body } });
  };

  return (
    <>
      <TabIntro text={intro} />
      <Form defaultValues={defaultValues} onSubmit={submit} noValidate>
        <CancelOnChange onChange={cancelOnChange} />
        {children}
        <SubmitButton label={submitLabel} icon={submitIcon} busy={busy} disabled={pending !== null} />
      </Form>
      {pending && (
        <ConfirmPanel
          title={translate(`portal.bulk.${kind}.confirmTitle`, {
            from: pending.body.from,
            to: pending.body.to,
          })}
          checking={pending.check === null}
          confirmLabel="portal.bulk.confirm"
          confirmDisabled={pending.check?.count === 0}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          {pending.check && (
            <CheckSummary
              kind={kind}
              check={pending.check}
              forceUpdate={forceUpdateOf(pending.body)}
              clearedFields={confirmFields(pending.body)}
            />
          )}
        </ConfirmPanel>
      )}
      <RunProgress
        run={run}
        label={`portal.bulk.${kind}.running`}
        warned={(run?.result?.skipped?.length ?? 0) > 0}
      />
      {run?.finishedAt && run.result && <RunSummary kind={kind} result={run.result} />}
    </>
  );
}

/**
 * Fills the Update tab from the project chosen (issue 15, item 9); a project that cannot be read leaves
 * the fields as they are and says so.
 */
const ProjectFill = () => {
  const projectId = useWatch({ name: 'projectId' });
  const { setValue } = useFormContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  useEffect(() => {
    const id = Number(projectId);
    if (!Number.isInteger(id) || id < 1) return;
    let current = true;
    dataProvider
      .getOne<Project & { id: number }>('projects', { id })
      .then(({ data }) => {
        if (!current) return;
        for (const [field, value] of Object.entries(projectFill(data)))
          setValue(field, value, { shouldDirty: true });
      })
      .catch(() => notify('portal.bulk.update.projectFillFailed', { type: 'warning' }));
    return () => {
      current = false;
    };
  }, [projectId, dataProvider, setValue, notify]);
  return null;
};

const updateDefaults = {
  from: '',
  to: '',
  contractorCompanyId: null,
  projectId: null,
  jobSite: '',
  contractorOfficeContactId: null,
  siteContactId: null,
  truckTypeId: null,
  materialTypeId: null,
  isSaltImpacted: false,
  forceUpdate: false,
};

/**
 * The Update tab: a from number, an optional to number, and the fields to set (empty ones are left as
 * they are). The check lists conflicts (fields already holding other values); Force Update overwrites them.
 */
export const UpdateTab = ({ onFinished }: { onFinished: () => void }) => {
  const userId = currentSession()?.userId;
  return (
    <BulkEditTab<BulkUpdateBody>
      kind="update"
      intro="portal.bulk.update.intro"
      defaultValues={updateDefaults}
      bodyOf={(values) => {
        const body = bulkUpdateBody(values, userId);
        return updatesSomething(body) ? { body } : { nothing: 'portal.bulk.update.nothingToUpdate' };
      }}
      checkBodyOf={(body) => ({ ...body, forceUpdate: false })}
      forceUpdateOf={(body) => body.forceUpdate}
      submitLabel="portal.bulk.update.submit"
      submitIcon={<EditNoteIcon />}
      onFinished={onFinished}
    >
      <ProjectFill />
      <FieldGrid>
        <BulkRangeInputs />
        <ContractorInput
          label="portal.bulk.update.fields.contractorCompanyId"
          dependents={['projectId', 'contractorOfficeContactId', 'siteContactId']}
        />
        <ContractorChoiceInput
          source="projectId"
          resource="projects"
          sortField="projectId"
          optionText="projectId"
          label="portal.bulk.update.fields.projectId"
        />
        <TextInput source="jobSite" label="portal.bulk.update.fields.jobSite" autoComplete="off" />
        <ContractorChoiceInput
          source="contractorOfficeContactId"
          resource="contractorContacts"
          sortField="name"
          optionText={contactLabel}
          label="portal.bulk.update.fields.contractorOfficeContactId"
        />
        <ContractorChoiceInput
          source="siteContactId"
          resource="contractorContacts"
          sortField="name"
          optionText={contactLabel}
          label="portal.bulk.update.fields.siteContactId"
        />
        <SelectInput
          source="truckTypeId"
          choices={truckTypeChoices}
          label="portal.bulk.update.fields.truckTypeId"
        />
        <ListChoiceInput
          source="materialTypeId"
          resource="materialTypes"
          optionText="name"
          label="portal.bulk.update.fields.materialTypeId"
        />
        <BooleanInput
          source="isSaltImpacted"
          label="portal.bulk.update.fields.isSaltImpacted"
          sx={{ pt: 1 }}
        />
        <BooleanInput
          source="forceUpdate"
          label="portal.bulk.update.forceUpdate"
          helperText="portal.bulk.update.forceUpdateHint"
          sx={{ pt: 1 }}
        />
      </FieldGrid>
    </BulkEditTab>
  );
};

/** The Clear tab's switches; with 'All of these' on, the others are shown on and cannot be changed. */
const ClearSwitches = () => {
  const translate = useTranslate();
  const clearAll = useWatch({ name: 'clearAll' }) === true;
  return (
    <FormControl component="fieldset" sx={{ mb: 1 }}>
      <FormLabel component="legend">{translate('portal.bulk.clear.fieldsLabel')}</FormLabel>
      <FormGroup row sx={{ columnGap: 2 }}>
        {clearSwitches.map((name) => (
          <BooleanInput
            key={name}
            source={name}
            label={`portal.bulk.clear.switches.${name}`}
            helperText={false}
            disabled={clearAll}
            format={(value: unknown) => clearAll || value === true}
          />
        ))}
        <BooleanInput source="clearAll" label="portal.bulk.clear.switches.clearAll" helperText={false} />
      </FormGroup>
    </FormControl>
  );
};

const clearDefaults = {
  from: '',
  to: '',
  ...Object.fromEntries(clearSwitches.map((name) => [name, false])),
  clearAll: false,
};

/** The Clear tab: a from number, an optional to number, and the fields to empty. */
export const ClearTab = ({ onFinished }: { onFinished: () => void }) => {
  const translate = useTranslate();
  const userId = currentSession()?.userId;
  return (
    <BulkEditTab<BulkClearBody>
      kind="clear"
      intro="portal.bulk.clear.intro"
      defaultValues={clearDefaults}
      bodyOf={(values) => {
        const body = bulkClearBody(values, userId);
        return clearsSomething(body) ? { body } : { nothing: 'portal.bulk.clear.nothingToClear' };
      }}
      confirmFields={(body) =>
        clearSwitches
          .filter((name) => body[name])
          .map((name) => translate(`portal.bulk.clear.switches.${name}`))
          .join(', ')
      }
      submitLabel="portal.bulk.clear.submit"
      submitIcon={<CleaningServicesIcon />}
      onFinished={onFinished}
    >
      <FieldGrid>
        <BulkRangeInputs />
      </FieldGrid>
      <ClearSwitches />
    </BulkEditTab>
  );
};
