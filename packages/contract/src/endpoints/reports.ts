import { Nullable } from '@portal/domain';
import { Type } from '@sinclair/typebox';
import { errorResponses, IdParams, okResponses, xlsxContentType } from '../http';
import { HaulageReportSchema } from '../records';
import { RunViewSchema } from '../runs';
import {
  ReportChartBodySchema,
  ReportChartSchema,
  ReportExportBodySchema,
  ReportTableBodySchema,
  ReportTableSchema,
} from '../ticket-report';
import { TicketFilterBody } from '../tickets';
import { endpoint } from './endpoint';

const tags = ['reports'];
/** Streamed as it is written, so the reply never goes through a serializer; the schema documents it. */
const xlsxDownload = Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'The .xlsx' });
const started = { 202: RunViewSchema, ...errorResponses } as const;
const IgnoreLock = Type.Optional(
  Type.String({
    description:
      "'true' starts a new run even while the same report, asked for by the same user, is still being generated",
  }),
);

export const reportsEndpoints = {
  postTicketReportTable: endpoint({
    method: 'POST',
    path: '/api/ticket/report/table',
    access: 'admin',
    keyScope: 'read-reports',
    tags,
    summary:
      "Beside the spec's POST /api/ticket/report (same filter): one page of the custom report, sorted by ticket number or contractor, with the whole result's row count and totals (its tickets counted as received loads, rejected, loaded and not received, and unused, and the received loads' net)",
    body: ReportTableBodySchema,
    response: okResponses(ReportTableSchema),
  }),
  postTicketReportExcel: endpoint({
    method: 'POST',
    path: '/api/ticket/report/excel',
    access: 'admin',
    tags,
    summary:
      "Beside the spec's POST /api/ticket/report (same filter): the whole custom report as an .xlsx named from its title, its weights in the site's unit (settings' displayUnit: 'Weight (lb)'; a KG site's as the spec's), closed by a totals block under its own headings (tickets, received loads, rejected, loaded and not received, unused, and the received loads' net in the site's unit), downloaded; with a non-empty `email`, mailed there by a queued run instead (202; poll GET /api/job/{id})",
    body: ReportExportBodySchema,
    produces: [xlsxContentType],
    response: { 200: xlsxDownload, 202: RunViewSchema, ...errorResponses },
  }),
  postTicketReportChart: endpoint({
    method: 'POST',
    path: '/api/ticket/report/chart',
    access: 'admin',
    keyScope: 'read-reports',
    tags,
    summary:
      "Beside the spec's POST /api/ticket/report (same filter): loads received per site day, stacked by contractor or material, and each project's net tonnes received (and netKg, for a site charting in its own unit) against its approved quantity",
    body: ReportChartBodySchema,
    response: okResponses(ReportChartSchema),
  }),
  postTicketGenerateExcel: endpoint({
    method: 'POST',
    path: '/api/ticket/generate/excel',
    access: 'admin',
    tags,
    summary:
      'Starts an export of the tickets [from, to] under the current prefix (at most 10000) as an .xlsx e-mailed to `email` (default: the current user); poll GET /api/job/{id}',
    body: Type.Object({
      from: Type.Optional(Type.Unknown()),
      to: Type.Optional(Type.Unknown()),
      email: Type.Optional(Nullable(Type.String())),
    }),
    response: started,
  }),
  getTicketReportDailySummary: endpoint({
    method: 'GET',
    path: '/api/ticket/report/daily-summary',
    access: 'admin',
    tags,
    summary:
      "Starts the daily summary of the loads received on `selectedDate` (the site's day; default today), e-mailed as .xlsx and HTML to the current user and every `emails`; poll GET /api/job/{id}",
    querystring: Type.Object({
      ignoreLock: IgnoreLock,
      selectedDate: Type.Optional(
        Type.String({ description: 'YYYY-MM-DD, or an ISO instant (its calendar day at the site)' }),
      ),
      emails: Type.Optional(
        Type.Array(Type.String(), { description: 'Repeated: emails=a@x.com&emails=b@y.com' }),
      ),
    }),
    response: started,
  }),
  getTicketReportProjects: endpoint({
    method: 'GET',
    path: '/api/ticket/report/projects',
    access: 'admin',
    tags,
    summary:
      'Starts the projects report (every project with its contractor, job site, tickets and net tonnes), e-mailed as .xlsx and HTML to the current user; poll GET /api/job/{id}',
    querystring: Type.Object({ ignoreLock: IgnoreLock }),
    response: started,
  }),
  postProjectByIdHaulageReport: endpoint({
    method: 'POST',
    path: '/api/project/:id/haulage-report',
    access: 'admin',
    tags: ['reports', 'projects'],
    summary:
      "Beside the spec's POST /api/project/{id}/tickets (same body, whose answer stays every ticket of the range): the Haulage Record Report's rows, the project's received loads (received, not rejected) in the range, and the range's totals: its tickets, received loads, rejected, loaded and not received, unused (never loaded), and the received loads' net",
    params: IdParams,
    body: TicketFilterBody,
    response: okResponses(HaulageReportSchema),
  }),
};
