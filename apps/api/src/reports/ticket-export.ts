import type { ChunkView } from '@portal/contract';
import { xlsxContentType } from '@portal/contract';
import { DomainError, paddedTicketNumber, validateTicketRange } from '@portal/domain';
import { countTicketsInRange, exportTickets, getSettings } from '@portal/projections';
import { type RunDefinition, wholeRunAsOneChunk } from '../jobs/job-runs';
import { enqueueMail } from '../mail/mail-jobs';
import type { CommandHost } from '../plugins/infrastructure';
import { readModelsCurrent } from '../plugins/infrastructure';
import {
  currentUserEmail,
  htmlParagraph,
  mailDelivery,
  mailDocument,
  mailIdOf,
  validateEmail,
} from './report-mail';
import type { ExportParams } from './ticket-export-table';

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

const exportFileName = (params: Pick<ExportParams, 'from' | 'to'>) =>
  `ticket-export-${paddedTicketNumber(params.from)}-${paddedTicketNumber(params.to)}.xlsx`;

export const exportRun = mailedWorkbookRun<ExportParams>('export', 'ticket-export', async (host, params) => {
  const tickets = await exportTickets(host.infra.db, params, maxTicketsPerExport + 1);
  // Tickets generated into the range since the request was accepted.
  if (tickets.length > maxTicketsPerExport) throw new DomainError('validation', exportMessages.tooMany);
  const { displayUnit } = await getSettings(host.infra.db);
  const content = await host.infra.workbooks.ticketExport({
    tickets,
    params,
    timeZone: host.infra.config.siteTimezone,
    unit: displayUnit,
  });
  const filename = exportFileName(params);
  return {
    content,
    filename,
    subject: `Ticket export ${paddedTicketNumber(params.from)} to ${paddedTicketNumber(params.to)}`,
    title: 'Ticket export',
    summary: `${tickets.length} ${tickets.length === 1 ? 'ticket' : 'tickets'} from ${paddedTicketNumber(params.from)} to ${paddedTicketNumber(params.to)} (prefix ${params.prefix}) are attached as ${filename}.`,
    rows: tickets.length,
  };
});
