import type { ChunkView } from '@portal/contract';
import { xlsxContentType } from '@portal/contract';
import {
  countOf,
  type DisplayUnit,
  DomainError,
  displayUnitSymbols,
  paddedTicketNumber,
  validateTicketRange,
} from '@portal/domain';
import { countTicketsInRange, type ExportTicket, exportTickets, getSettings } from '@portal/projections';
import ExcelJS from 'exceljs';
import { type RunDefinition, wholeRunAsOneChunk } from '../jobs/job-runs';
import { enqueueMail } from '../mail/mail-jobs';
import type { CommandHost } from '../plugins/infrastructure';
import { readModelsCurrent } from '../plugins/infrastructure';
import {
  addTableSheet,
  currentUserEmail,
  htmlParagraph,
  mailDelivery,
  mailDocument,
  mailIdOf,
  siteDateTime,
  type Table,
  tonnesOf,
  validateEmail,
} from './report-mail';

/** POST /api/ticket/generate/excel: the tickets of [from, to] as an .xlsx, e-mailed to the user. */

const maxTicketsPerExport = 10_000;

export const exportMessages = {
  /** The UI's toast once the run has completed, word for word. */
  sent: (email: string) => `Email with ticket export has been sent to: ${email}`,
  tooMany: `Export failed. You can only export max ${maxTicketsPerExport} tickets at a time.`,
  noTickets: (from: number, to: number) =>
    `There are no tickets from ${paddedTicketNumber(from)} to ${paddedTicketNumber(to)} to export.`,
} as const;

/** Ticket numbers are shown zero-padded to 6 digits (docs/rules.md, "Ticket numbers"). */

interface ExportParams {
  from: number;
  to: number;
  /** The prefix current when the export was asked for. */
  prefix: number;
  email: string;
}

/** What a run that mailed an export records: where it went, how many rows, which mail. */
interface MailedExport {
  email: string;
  rows: number;
  mailId: string;
}

/** The run's answer: the spec's 'Email with ticket export has been sent to: …' and the mail's delivery. */
async function summarizeMailedExport(
  [chunk]: ChunkView<{ email: string }, MailedExport>[],
  host: CommandHost,
) {
  if (!chunk?.result) return { message: null, error: chunk?.error ?? null, email: chunk?.spec.email ?? null };
  const { email, rows, mailId } = chunk.result;
  return {
    message: exportMessages.sent(email),
    error: null,
    email,
    rows,
    mailId,
    mail: await mailDelivery(host, mailId),
  };
}

/** The workbook a mailed export run built, and the words of its mail. */
interface MailedWorkbook {
  content: Buffer;
  filename: string;
  subject: string;
  /** The mail's heading. */
  title: string;
  summary: string;
  rows: number;
}

/**
 * A run that builds one workbook over current read models and mails it to whoever asked, as an
 * attachment (the ticket export, the custom report's Excel).
 */
export function mailedWorkbookRun<Params extends { email: string }>(
  kind: string,
  queue: string,
  build: (host: CommandHost, params: Params) => Promise<MailedWorkbook>,
): RunDefinition<Params, Params, MailedExport> {
  return {
    kind,
    queue,
    chunks: wholeRunAsOneChunk,
    async processChunk({ host, run }) {
      const { email } = run.params;
      await readModelsCurrent(host, { required: true });
      const { content, filename, subject, title, summary, rows } = await build(host, run.params);
      const mailId = mailIdOf(run.id);
      await enqueueMail(host.infra.jobs, mailId, {
        to: [email],
        subject,
        html: mailDocument(title, [htmlParagraph(summary)]),
        text: summary,
        attachments: [{ filename, content, contentType: xlsxContentType }],
      });
      return { email, rows, mailId };
    },
    summarize: summarizeMailedExport,
  };
}

/**
 * The spec's from/to messages, then the range's size: at most 10000 tickets, counted under the
 * current prefix (a sparse range may span more numbers), and at least one.
 */
export async function exportOf(
  host: CommandHost,
  body: { from?: unknown; to?: unknown; email?: unknown },
  userId: number,
): Promise<ExportParams> {
  const range = validateTicketRange(body);
  const typed = typeof body.email === 'string' ? validateEmail('email', body.email) : null;
  const email = typed ?? (await currentUserEmail(host, userId));
  await readModelsCurrent(host, { required: false });
  const { currentPrefix: prefix } = await getSettings(host.infra.db);
  const count = await countTicketsInRange(host.infra.db, { ...range, prefix });
  if (count > maxTicketsPerExport) throw new DomainError('validation', exportMessages.tooMany);
  if (count === 0) throw new DomainError('validation', exportMessages.noTickets(range.from, range.to));
  return { ...range, prefix, email };
}

/**
 * The two weight columns: a KG site's are the spec's (net in kg and in tonnes); another site's are its
 * unit, as its screens show it, and the KG the ticket recorded. Both hold KG: the table converts the first.
 */
const weightColumns = (unit: DisplayUnit) =>
  unit === 'kg'
    ? { headers: ['Net weight (kg)', 'Net (t)'], values: (kg: number) => [kg, tonnesOf(kg)] }
    : {
        headers: [`Net weight (${displayUnitSymbols[unit]})`, 'Net weight as recorded (kg)'],
        values: (kg: number) => [kg, kg],
      };

/** The export's columns on a site that shows weights in `unit`. */
export const exportColumns = (unit: DisplayUnit) => [
  'Ticket',
  'Date',
  'Contractor',
  'Project',
  'Job site',
  'Haulage company',
  'Truck',
  'Plate',
  'Driver',
  'Time loaded',
  'Time received',
  'Material',
  'Material type',
  ...weightColumns(unit).headers,
  'Status',
];

const statusOf = (ticket: ExportTicket): string =>
  ticket.isRejected
    ? 'Rejected'
    : ticket.isReceived
      ? 'Received'
      : ticket.isDispatched
        ? 'Dispatched'
        : ticket.timeLoaded
          ? 'Loaded'
          : 'Generated';

/** The export as a table: one row per ticket, then the total net weight of the tickets that have one. */
function exportTable(
  tickets: ExportTicket[],
  params: ExportParams,
  timeZone: string,
  unit: DisplayUnit,
): Table {
  const totalKg = Math.round(tickets.reduce((sum, ticket) => sum + (ticket.weightKg ?? 0), 0) * 100) / 100;
  const headers = exportColumns(unit);
  const weights = weightColumns(unit);
  const weightColumn = headers.indexOf(weights.headers[0] as string);
  return {
    title: `Tickets ${paddedTicketNumber(params.from)} to ${paddedTicketNumber(params.to)} (prefix ${params.prefix})`,
    headers,
    rows: tickets.map((ticket) => [
      paddedTicketNumber(ticket.ticketNumber),
      siteDateTime(timeZone, ticket.date).slice(0, 10),
      ticket.contractor ?? '',
      ticket.project ?? '',
      ticket.jobSite ?? '',
      ticket.haulageCompany ?? '',
      ticket.truckNumber ?? '',
      ticket.truckLicensePlate ?? '',
      ticket.truckDriverName ?? '',
      siteDateTime(timeZone, ticket.timeLoaded),
      siteDateTime(timeZone, ticket.timeReceived),
      ticket.material ?? '',
      ticket.materialType ?? '',
      ...(ticket.weightKg === null ? ['', ''] : weights.values(ticket.weightKg)),
      statusOf(ticket),
    ]),
    footer: [
      `Total: ${countOf(tickets.length, 'ticket')}`,
      ...Array(weightColumn - 1).fill(''),
      ...weights.values(totalKg),
      '',
    ],
    // The net in the site's unit as a sheet shows it (whole KG or pounds, tonnes and short tons to 2
    // decimals); beside it a KG site's tonnes, or the KG another site's ticket recorded, to 2 decimals.
    siteUnitColumns: { unit, columns: [weightColumn] },
    tonnesColumns: [weightColumn + 1],
  };
}

const exportFileName = (params: Pick<ExportParams, 'from' | 'to'>) =>
  `ticket-export-${paddedTicketNumber(params.from)}-${paddedTicketNumber(params.to)}.xlsx`;

export const exportRun = mailedWorkbookRun<ExportParams>('export', 'ticket-export', async (host, params) => {
  const tickets = await exportTickets(host.infra.db, params, maxTicketsPerExport + 1);
  // Tickets generated into the range since the request was accepted.
  if (tickets.length > maxTicketsPerExport) throw new DomainError('validation', exportMessages.tooMany);
  const { displayUnit } = await getSettings(host.infra.db);
  const table = exportTable(tickets, params, host.infra.config.siteTimezone, displayUnit);
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  addTableSheet(workbook, 'Tickets', table);
  const filename = exportFileName(params);
  return {
    content: Buffer.from(await workbook.xlsx.writeBuffer()),
    filename,
    subject: `Ticket export ${paddedTicketNumber(params.from)} to ${paddedTicketNumber(params.to)}`,
    title: 'Ticket export',
    summary: `${tickets.length} ${tickets.length === 1 ? 'ticket' : 'tickets'} from ${paddedTicketNumber(params.from)} to ${paddedTicketNumber(params.to)} (prefix ${params.prefix}) are attached as ${filename}.`,
    rows: tickets.length,
  };
});
