import {
  defaultReportTitle,
  type ReportChartBody,
  type ReportColumnKey,
  type ReportExportBody,
  type ReportSort,
  type ReportTableBody,
} from '@portal/contract';
import { chosenId, text } from '../common/form-values';
import { ticketNumberFilter } from '../common/validation';

/** The Custom tab's filter form as react-hook-form holds it: texts, ids and days. */
interface ReportFormValues {
  from: string;
  to: string;
  fromDate: string | null;
  toDate: string | null;
  contractorCompanyId: number | string | null;
  transportCompanyId: number | string | null;
  jobSite: string;
  projectId: number | string | null;
  truckLicensePlate: string;
  title: string;
  sort: ReportSort;
}

export const emptyReportForm: ReportFormValues = {
  from: '',
  to: '',
  fromDate: null,
  toDate: null,
  contractorCompanyId: null,
  transportCompanyId: null,
  jobSite: '',
  projectId: null,
  truckLicensePlate: '',
  title: defaultReportTitle,
  sort: 'ticketNumber',
};

/** The filter every report call shares (the table, the chart and the export); blanks left out. */
export type ReportFilter = Omit<ReportChartBody, 'stackBy'>;

/** The report's from and to ticket numbers are digits only. */
export const reportTicketNumberError = ticketNumberFilter('portal.reports.ticketNotNumber');

/** The filter of a submitted form: numbers for ticket numbers and ids, YYYY-MM-DD days, a capitalised plate. */
export function reportFilterOf(values: Partial<ReportFormValues>): ReportFilter {
  const filter: ReportFilter = {};
  const set = (key: keyof ReportFilter, value: string | number | null | undefined) => {
    if (value != null && value !== '') Object.assign(filter, { [key]: value });
  };
  set('from', text(values.from) === '' ? undefined : Number(text(values.from)));
  set('to', text(values.to) === '' ? undefined : Number(text(values.to)));
  set('fromDate', text(values.fromDate).slice(0, 10));
  set('toDate', text(values.toDate).slice(0, 10));
  set('contractorCompanyId', chosenId(values.contractorCompanyId));
  set('transportCompanyId', chosenId(values.transportCompanyId));
  set('jobSite', text(values.jobSite));
  set('projectId', chosenId(values.projectId));
  set('truckLicensePlate', text(values.truckLicensePlate).toUpperCase());
  return filter;
}

/** A run report: what was asked, so that paging, the chart and the export all read the same. */
export interface ReportRequest {
  filter: ReportFilter;
  sort: ReportSort;
  title: string;
}

export const reportRequestOf = (values: Partial<ReportFormValues>): ReportRequest => ({
  filter: reportFilterOf(values),
  sort: values.sort ?? 'ticketNumber',
  title: text(values.title) || defaultReportTitle,
});

export const tableBody = (
  { filter, sort }: ReportRequest,
  page: number,
  perPage: ReportTableBody['perPage'],
): ReportTableBody => ({ ...filter, sort, page, perPage });

/** The export's columns follow the report's order (reportColumns), whatever order they were ticked in. */
export const exportBody = (
  { filter, sort, title }: ReportRequest,
  columns: readonly ReportColumnKey[],
  email?: string,
): ReportExportBody => ({
  ...filter,
  sort,
  title,
  columns: [...columns],
  ...(email === undefined ? {} : { email: email.trim() }),
});

export const chartBody = (
  { filter }: ReportRequest,
  stackBy: ReportChartBody['stackBy'],
): ReportChartBody => ({
  ...filter,
  stackBy,
});
