import DownloadIcon from '@mui/icons-material/Download';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Divider,
  FormControlLabel,
  Typography,
} from '@mui/material';
import {
  defaultVisibleReportColumns,
  endpoints,
  type ReportColumnKey,
  reportColumnKeys,
  reportColumnLabel,
  reportColumns,
  reportSortOptions,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Form, SelectInput, TextInput, useNotify, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { DayInput } from '../common/DateInputs';
import { PlateSearchInput } from '../common/PlateSearchInput';
import { toAfterFrom } from '../common/range-order';
import { saveFile } from '../common/save-file';
import { TicketNumberInput } from '../common/TicketNumberInput';
import { FieldGrid, SubmitButton, serverFieldErrors } from '../dashboard/bulk/BulkParts';
import { exportEmailError } from '../dashboard/bulk/bulk-forms';
import { apiDownload } from '../dataProvider/http-client';
import { DefaultEmail, MailState, useMailedExport, useOwnUsername } from '../jobs/MailedExport';
import { RunProgress } from '../jobs/RunProgress';
import { currentSession } from '../session';
import { useSiteWeights } from '../settings/site-settings';
import { ListChoiceInput } from '../tickets/TicketInputs';
import { ReportCharts, type StackBy } from './ReportCharts';
import { type ReportPageSize, ReportResults } from './ReportResults';
import { inReportOrder, loadColumnChoice, saveColumnChoice } from './report-columns';
import {
  chartBody,
  emptyReportForm,
  exportBody,
  type ReportRequest,
  reportRequestOf,
  reportTicketNumberError,
  tableBody,
} from './report-form';
import { reportTableQuery, useReportChart, useReportTable } from './report-queries';

const sortChoices = reportSortOptions.map((sort) => ({
  id: sort,
  name: `portal.reports.filter.sorts.${sort}`,
}));

/** A titled part of the tab. */
const Section = ({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate(title)}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
};

/** The filter's inputs: ticket numbers, dates, the reference lists, texts, title and sort. */
const FilterInputs = () => (
  <FieldGrid>
    <TicketNumberInput
      source="from"
      label="portal.reports.filter.from"
      validate={reportTicketNumberError}
      autoFocus
    />
    <TicketNumberInput
      source="to"
      label="portal.reports.filter.to"
      validate={[reportTicketNumberError, toAfterFrom.ticketNumber]}
    />
    <DayInput source="fromDate" label="portal.reports.filter.fromDate" />
    <DayInput source="toDate" label="portal.reports.filter.toDate" validate={toAfterFrom.day} />
    <ListChoiceInput
      source="contractorCompanyId"
      resource="contractorCompanies"
      label="portal.reports.filter.contractor"
    />
    <ListChoiceInput
      source="transportCompanyId"
      resource="transportCompanies"
      label="portal.reports.filter.haulageCompany"
    />
    <TextInput source="jobSite" label="portal.reports.filter.jobSite" autoComplete="off" />
    <ListChoiceInput
      source="projectId"
      resource="projects"
      optionText="projectId"
      label="portal.reports.filter.project"
    />
    <PlateSearchInput label="portal.reports.filter.licensePlate" />
    <TextInput source="title" label="portal.reports.filter.title" autoComplete="off" />
    <SelectInput source="sort" label="portal.reports.filter.sort" choices={sortChoices} />
  </FieldGrid>
);

/** The 29 column checkboxes; the choice is the signed-in user's, kept in this browser. */
const ColumnPicker = ({
  columns,
  onChange,
}: {
  columns: readonly ReportColumnKey[];
  onChange: (columns: ReportColumnKey[]) => void;
}) => {
  const translate = useTranslate();
  const { unit } = useSiteWeights();
  const chosen = new Set(columns);
  const toggle = (key: ReportColumnKey, on: boolean) =>
    onChange(inReportOrder(on ? [...columns, key] : columns.filter((column) => column !== key)));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="legend" variant="subtitle2" sx={{ float: 'left' }}>
          {translate('portal.reports.columns.heading')}
        </Typography>
        <Button size="small" onClick={() => onChange(reportColumnKeys)}>
          {translate('portal.reports.columns.all')}
        </Button>
        <Button size="small" onClick={() => onChange(defaultVisibleReportColumns)}>
          {translate('portal.reports.columns.defaults')}
        </Button>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
            lg: 'repeat(6, minmax(0, 1fr))',
          },
          columnGap: 2,
        }}
      >
        {reportColumns.map((column) => (
          <FormControlLabel
            key={column.key}
            label={reportColumnLabel(column, unit)}
            // The last column cannot go: a report needs at least one.
            control={
              <Checkbox
                size="small"
                checked={chosen.has(column.key)}
                disabled={chosen.has(column.key) && chosen.size === 1}
                onChange={(event) => toggle(column.key, event.target.checked)}
              />
            }
            slotProps={{ typography: { variant: 'body2' } }}
            sx={{ mr: 0, minWidth: 0 }}
          />
        ))}
      </Box>
    </Box>
  );
};

/** 'Export' (the .xlsx the server names from the title) and 'E-mail export' (a queued run, mailed). */
const ExportActions = ({
  request,
  columns,
}: {
  request: ReportRequest | null;
  columns: ReportColumnKey[];
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const username = useOwnUsername();
  const [downloading, setDownloading] = useState(false);
  const { run, busy, send } = useMailedExport(endpoints.postTicketReportExcel);

  const download = async () => {
    if (!request) return;
    setDownloading(true);
    try {
      const { blob, fileName } = await apiDownload(endpoints.postTicketReportExcel, {
        body: exportBody(request, columns),
      });
      saveFile(blob, fileName ?? `${request.title}.xlsx`);
    } catch (error) {
      const message = translate(error instanceof Error ? error.message : 'portal.errors.unexpected');
      notify('portal.reports.export.downloadFailed', { type: 'error', messageArgs: { message } });
    } finally {
      setDownloading(false);
    }
  };

  const mail = async (values: FieldValues) => {
    if (!request) return undefined;
    const email = String(values.email ?? '').trim();
    const { error } = await send(exportBody(request, columns, email), email);
    return error ? serverFieldErrors(error) : undefined;
  };

  return (
    <Box sx={{ mt: 1 }}>
      {!request && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('portal.reports.export.needsRun')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2 }}>
        <Box sx={{ pt: 1, pb: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void download()}
            disabled={!request || downloading}
            startIcon={
              downloading ? <CircularProgress size={18} color="inherit" aria-hidden /> : <DownloadIcon />
            }
          >
            {translate('portal.reports.export.download')}
          </Button>
        </Box>
        <Form defaultValues={{ email: '' }} onSubmit={mail} noValidate>
          <DefaultEmail email={username.data} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2 }}>
            <TextInput
              source="email"
              type="email"
              label="portal.reports.export.email"
              validate={exportEmailError}
              autoComplete="email"
              sx={{ width: { xs: '100%', sm: 320 } }}
            />
            <SubmitButton
              label="portal.reports.export.send"
              icon={<ForwardToInboxIcon />}
              busy={busy}
              disabled={!request}
            />
          </Box>
        </Form>
      </Box>
      <RunProgress run={run} label="portal.reports.export.running" />
      <MailState run={run} />
    </Box>
  );
};

/**
 * The Custom tab: a filter, a title, a sort and the columns; 'Run report' (or Enter) loads
 * the table's first page and the charts from that filter, which the export then uses too.
 */
export const CustomReport = () => {
  const queryClient = useQueryClient();
  const userId = currentSession()?.userId;
  const [columns, setColumns] = useState<ReportColumnKey[]>(() => loadColumnChoice(localStorage, userId));
  const [request, setRequest] = useState<ReportRequest | null>(null);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<ReportPageSize>(50);
  const [stackBy, setStackBy] = useState<StackBy>('contractor');
  const table = useReportTable(request && tableBody(request, page, perPage));
  const chart = useReportChart(request && chartBody(request, stackBy));

  const chooseColumns = (next: ReportColumnKey[]) => {
    setColumns(next);
    saveColumnChoice(localStorage, userId, next);
  };

  const run = async (values: FieldValues) => {
    const next = reportRequestOf(values);
    setPage(1);
    try {
      await queryClient.fetchQuery(reportTableQuery(tableBody(next, 1, perPage)));
    } catch (error) {
      // A 400's messages go under their fields (e.g. 'Ticket number must be a number'); the table says it failed.
      setRequest(next);
      return serverFieldErrors(error);
    }
    setRequest(next);
    return undefined;
  };

  return (
    <>
      <Form defaultValues={emptyReportForm} onSubmit={run} noValidate>
        <FilterInputs />
        <ColumnPicker columns={columns} onChange={chooseColumns} />
        <SubmitButton label="portal.reports.run" icon={<PlayArrowIcon />} busy={table.isFetching} />
      </Form>
      <Divider />
      <Section title="portal.reports.results">
        <ExportActions request={request} columns={columns} />
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }}>
          <ReportResults
            ran={request !== null}
            table={table}
            columns={columns}
            page={page}
            perPage={perPage}
            onPage={setPage}
            onPerPage={(size) => {
              setPerPage(size);
              setPage(1);
            }}
          />
        </Box>
      </Section>
      {request && (
        <Section title="portal.reports.chart.heading">
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }}>
            <ReportCharts chart={chart} stackBy={stackBy} onStackBy={setStackBy} />
          </Box>
        </Section>
      )}
    </>
  );
};
