import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, Divider, Typography } from '@mui/material';
import { type ReportColumnKey, reportSortOptions } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Form, SelectInput, TextInput, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { DayInput } from '../common/DateInputs';
import { PlateSearchInput } from '../common/PlateSearchInput';
import { toAfterFrom } from '../common/range-order';
import { TicketNumberInput } from '../common/TicketNumberInput';
import { currentSession } from '../session';
import { FieldGrid, SubmitButton, serverFieldErrors } from '../tickets/dashboard/bulk/BulkParts';
import { ListChoiceInput } from '../tickets/TicketInputs';
import { ColumnPicker } from './ColumnPicker';
import { ExportActions } from './ExportActions';
import { ReportCharts, type StackBy } from './ReportCharts';
import { type ReportPageSize, ReportResults } from './ReportResults';
import { loadColumnChoice, saveColumnChoice } from './report-columns';
import {
  chartBody,
  emptyReportForm,
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
