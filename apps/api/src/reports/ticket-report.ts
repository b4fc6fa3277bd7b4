import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  defaultReportTitle,
  defaultVisibleReportColumns,
  endpoints,
  xlsxContentType,
} from '@portal/contract';
import type { DisplayUnit } from '@portal/domain';
import { getSettings, reportChart, reportTable } from '@portal/projections';
import { contentDisposition } from '../content-disposition';
import { startRun } from '../jobs/start-run';
import type { CommandHost } from '../plugins/infrastructure';
import { route } from '../route';
import { filterOf } from '../tickets/ticket-filter';
import { validateEmail } from './report-mail';
import { netColumnOf, ticketCountsInWords } from './report-tables';
import { mailedWorkbookRun } from './ticket-export';
import { type ReportWorkbookSpec, writeReportWorkbook } from './ticket-report-workbook';

/**
 * The Reports page's custom report (docs/rules.md, "Reports and exports"), beside POST /api/ticket/report
 * (whose answer stays the original client's list): a sorted page with the whole result's totals, the .xlsx
 * export (downloaded, or mailed by a queued run) and the chart panel, all from that route's filter.
 */

/** Characters Windows, macOS or a mail client refuse or misread in a file name. */
const unsafeInFileName = /[\\/:*?"<>|\p{Cc}]/gu;

/** The export is named from the title with the .xlsx extension. */
function reportFileName(title: string): string {
  const name = title
    .replace(unsafeInFileName, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 150);
  return `${name.trim() || defaultReportTitle}.xlsx`;
}

interface ReportExportParams extends ReportWorkbookSpec {
  email: string;
}

/** Collects what the streaming writer writes: the mail needs the whole file as its attachment. */
async function workbookContent(host: CommandHost, spec: ReportWorkbookSpec, unit: DisplayUnit) {
  const sink = new PassThrough();
  const parts: Buffer[] = [];
  sink.on('data', (part: Buffer) => parts.push(part));
  const totals = await writeReportWorkbook(host.infra, host.infra.config.siteTimezone, unit, spec, sink);
  return { content: Buffer.concat(parts), totals };
}

export const reportExportRun = mailedWorkbookRun<ReportExportParams>(
  'report-export',
  'report-export',
  async (host, params) => {
    const { displayUnit } = await getSettings(host.infra.db);
    const { content, totals } = await workbookContent(host, params, displayUnit);
    const filename = reportFileName(params.title);
    return {
      content,
      filename,
      subject: params.title,
      title: params.title,
      summary: `${ticketCountsInWords(totals)}; the received loads' net is ${netColumnOf(displayUnit).amount(totals.netKg)}. The report is attached as ${filename}.`,
      rows: totals.tickets,
    };
  },
);

export const ticketReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.infra;

  route(app, endpoints.postTicketReportTable, async (request) =>
    reportTable(db, filterOf(request.body, config.siteTimezone), {
      sort: request.body.sort ?? 'ticketNumber',
      page: request.body.page ?? 1,
      perPage: request.body.perPage ?? 50,
    }),
  );

  route(app, endpoints.postTicketReportExcel, async (request, reply) => {
    const { body, currentUser } = request;
    const spec: ReportWorkbookSpec = {
      filter: filterOf(body, config.siteTimezone),
      sort: body.sort ?? 'ticketNumber',
      title: body.title?.trim() || defaultReportTitle,
      columns: body.columns?.length ? body.columns : defaultVisibleReportColumns,
      generatedBy: currentUser.name,
    };
    const email = typeof body.email === 'string' ? validateEmail('email', body.email) : null;
    if (email)
      return reply.code(202).send(await startRun(app, reportExportRun, { ...spec, email }, currentUser.id));
    const stream = new PassThrough();
    const { displayUnit } = await getSettings(db);
    writeReportWorkbook(app.infra, config.siteTimezone, displayUnit, spec, stream).catch((error: unknown) => {
      request.log.error({ err: error }, 'report export failed');
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .type(xlsxContentType)
      .header('content-disposition', contentDisposition(reportFileName(spec.title)))
      .send(stream);
  });

  route(app, endpoints.postTicketReportChart, async (request) =>
    reportChart(
      db,
      filterOf(request.body, config.siteTimezone),
      request.body.stackBy ?? 'contractor',
      config.siteTimezone,
    ),
  );
};
