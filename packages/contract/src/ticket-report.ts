import { type DisplayUnit, displayUnitSymbols, Nullable, OneOf } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';
import { looseFields } from './http';

/**
 * The Reports page's custom ticket report (docs/rules.md, "Reports and exports"): one definition of
 * its columns, filter, sort, answer and export, for the server, the admin UI and the tests.
 */

/** How a column's values read: text, a whole or decimal number, a calendar day, an instant, a yes/no. */
export type ReportColumnKind = 'text' | 'number' | 'day' | 'instant' | 'flag';

/**
 * 29 selectable columns, named as on the ticket page; the first 6 are visible by
 * default. `key` is the field of a report row (ReportRow).
 */
export const reportColumns = [
  { key: 'ticketNumber', label: 'Ticket number', kind: 'text' },
  { key: 'date', label: 'Date', kind: 'day' },
  { key: 'contractorCompanyName', label: 'Contractor', kind: 'text' },
  { key: 'jobSite', label: 'Job site', kind: 'text' },
  { key: 'transportCompanyName', label: 'Haulage company', kind: 'text' },
  { key: 'weight', label: 'Weight (KG)', kind: 'number' },
  { key: 'truckLicensePlate', label: 'License plate', kind: 'text' },
  { key: 'truckNumber', label: 'Truck number', kind: 'text' },
  { key: 'timeLoaded', label: 'Time loaded', kind: 'instant' },
  { key: 'timeReceived', label: 'Time received', kind: 'instant' },
  { key: 'projectProjectId', label: 'Project', kind: 'text' },
  { key: 'materialTypeName', label: 'Material type', kind: 'text' },
  { key: 'materialName', label: 'Material', kind: 'text' },
  { key: 'truckTypeName', label: 'Triaxle or Trailer', kind: 'text' },
  { key: 'truckDriverName', label: 'Driver name', kind: 'text' },
  { key: 'truckDriverNumber', label: 'Driver number', kind: 'text' },
  { key: 'siteContactName', label: 'Site contact name', kind: 'text' },
  { key: 'siteContactNumber', label: 'Site contact number', kind: 'text' },
  { key: 'contractorOfficeContactName', label: 'Office contact', kind: 'text' },
  { key: 'transportContactName', label: 'Transport contact name', kind: 'text' },
  { key: 'transportContactNumber', label: 'Transport contact number', kind: 'text' },
  { key: 'projectLeader', label: 'Project leader', kind: 'text' },
  { key: 'isSaltImpacted', label: 'Salt impacted', kind: 'flag' },
  { key: 'isReceived', label: 'Received', kind: 'flag' },
  { key: 'isDispatched', label: 'Dispatched', kind: 'flag' },
  { key: 'isRejected', label: 'Rejected', kind: 'flag' },
  { key: 'receivingContact', label: 'Receiving contact', kind: 'text' },
  { key: 'isSoilFLOLoad', label: 'SoilFLO load', kind: 'flag' },
  { key: 'notes', label: 'Notes', kind: 'text' },
] as const satisfies readonly { key: string; label: string; kind: ReportColumnKind }[];

export type ReportColumn = (typeof reportColumns)[number];
export type ReportColumnKey = ReportColumn['key'];

/** A column's heading on a site that shows weights in `unit`: a KG site's is the spec's 'Weight (KG)'. */
export const reportColumnLabel = (column: ReportColumn, unit: DisplayUnit): string =>
  column.key === 'weight' ? `Weight (${displayUnitSymbols[unit]})` : column.label;
export const reportColumnKeys = reportColumns.map((column) => column.key) as ReportColumnKey[];
export const defaultVisibleReportColumns: ReportColumnKey[] = reportColumnKeys.slice(0, 6);

/** The report's title until the user writes one. */
export const defaultReportTitle = 'Ticket Summary Report';
export const reportSortOptions = ['ticketNumber', 'contractorCompanyName'] as const;
export type ReportSort = (typeof reportSortOptions)[number];
/** Report tables page by 50, 100, 150 or 200. */
export const reportPageSizes = [50, 100, 150, 200] as const;

/** The report filter (POST /api/ticket/report); each field read by the server's filter rules. */
const reportFilterFields = looseFields(
  'from',
  'to',
  'fromDate',
  'toDate',
  'contractorCompanyId',
  'transportCompanyId',
  'jobSite',
  'projectId',
  'truckLicensePlate',
);

/** POST /api/ticket/report/table: one page of the report, sorted, with the whole result's totals. */
export const ReportTableBodySchema = Type.Object({
  ...reportFilterFields,
  sort: Type.Optional(OneOf(reportSortOptions)),
  page: Type.Optional(Type.Integer({ minimum: 1, description: 'From 1' })),
  perPage: Type.Optional(OneOf(reportPageSizes)),
});
export type ReportTableBody = Static<typeof ReportTableBodySchema>;

/**
 * POST /api/ticket/report/excel: the report as an .xlsx named from its title: the visible columns (in
 * reportColumns order), a header block, the filter in words and totals. `email`: mailed by a queued
 * job instead of downloaded.
 */
export const ReportExportBodySchema = Type.Object({
  ...reportFilterFields,
  sort: Type.Optional(OneOf(reportSortOptions)),
  title: Type.Optional(Type.String({ maxLength: 200 })),
  columns: Type.Optional(Type.Array(OneOf(reportColumnKeys))),
  email: Type.Optional(Nullable(Type.String())),
});
export type ReportExportBody = Static<typeof ReportExportBodySchema>;

/**
 * What a set of tickets amounts to (issue 34: counts count loads): received loads (received and not
 * rejected), rejected tickets, loads loaded or dispatched but not received yet, and unused tickets (never
 * loaded). The four add up to `tickets`.
 */
export const TicketCountsSchema = Type.Object({
  tickets: Type.Integer({ description: 'Every ticket counted' }),
  receivedLoads: Type.Integer({ description: 'Received and not rejected: delivered loads' }),
  rejected: Type.Integer(),
  notReceived: Type.Integer({ description: 'Loaded or dispatched, not received yet' }),
  unused: Type.Integer({ description: 'Never loaded, not received, not rejected' }),
});
export type TicketCounts = Static<typeof TicketCountsSchema>;

/** The whole result's totals, not only the page's: its tickets by what they amount to, and the loads' net. */
export const ReportTotalsSchema = Type.Object({
  ...TicketCountsSchema.properties,
  netKg: Type.Number({ description: 'The received loads’ net weight, KG' }),
  netTonnes: Type.Number({ description: 'netKg / 1000, 2 decimals' }),
});
export type ReportTotals = Static<typeof ReportTotalsSchema>;

const Text = Nullable(Type.String());
const Instant = Nullable(Type.String({ format: 'date-time' }));

/** One row of the report: every selectable column's value. */
export const ReportRowSchema = Type.Object({
  id: Type.Integer(),
  prefix: Type.Integer(),
  ticketNumber: Type.Integer(),
  date: Instant,
  contractorCompanyName: Text,
  jobSite: Text,
  transportCompanyName: Text,
  weight: Nullable(Type.Number()),
  truckLicensePlate: Text,
  truckNumber: Text,
  timeLoaded: Instant,
  timeReceived: Instant,
  projectProjectId: Text,
  materialTypeName: Text,
  materialName: Text,
  truckTypeName: Text,
  truckDriverName: Text,
  truckDriverNumber: Text,
  siteContactName: Text,
  siteContactNumber: Text,
  contractorOfficeContactName: Text,
  transportContactName: Text,
  transportContactNumber: Text,
  projectLeader: Text,
  isSaltImpacted: Type.Boolean(),
  isReceived: Type.Boolean(),
  isDispatched: Type.Boolean(),
  isRejected: Type.Boolean(),
  receivingContact: Text,
  isSoilFLOLoad: Type.Boolean(),
  notes: Text,
});
export type ReportRow = Static<typeof ReportRowSchema>;

export const ReportTableSchema = Type.Object({
  rows: Type.Array(ReportRowSchema),
  total: Type.Integer({ description: 'Rows in the whole result' }),
  totals: ReportTotalsSchema,
});
export type ReportTable = Static<typeof ReportTableSchema>;

/** POST /api/ticket/report/chart: the chart panel, from the same filter. */
export const ReportChartBodySchema = Type.Object({
  ...reportFilterFields,
  stackBy: Type.Optional(Type.Union([Type.Literal('contractor'), Type.Literal('material')])),
});
export type ReportChartBody = Static<typeof ReportChartBodySchema>;

export const ReportChartSchema = Type.Object({
  /** Loads received per site day, one entry per day and stack (contractor or material; null: none). */
  receivedPerDay: Type.Array(Type.Object({ day: Type.String(), stack: Text, loads: Type.Integer() })),
  /** Net tonnes received per project against the project's approved quantity (tonnes; 0: none set). */
  projects: Type.Array(
    Type.Object({
      projectId: Type.Integer(),
      projectProjectId: Type.String(),
      netKg: Type.Number({
        description: "Net KG received, for a site that charts in its own unit (settings' displayUnit)",
      }),
      netTonnes: Type.Number({ description: 'netKg / 1000, 2 decimals' }),
      approved: Type.Number(),
    }),
  ),
});
export type ReportChart = Static<typeof ReportChartSchema>;
