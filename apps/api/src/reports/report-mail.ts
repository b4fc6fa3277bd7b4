import type { TicketCounts } from '@portal/contract';
import {
  type DisplayUnit,
  DomainError,
  dateTimeToMinuteParts,
  displayUnitSymbols,
  emailPattern,
  formatWeight,
  formatWeightNumber,
  inSpreadsheetUnit,
  spreadsheetWeightFormat,
} from '@portal/domain';
import { findUserById } from '@portal/projections';
import type ExcelJS from 'exceljs';
import { mailQueue } from '../mail/mail-jobs';
import type { CommandHost } from '../plugins/infrastructure';
import { inertCell } from './inert-text';

/** What every e-mailed report shares: recipients, the mail's id and delivery, tables for HTML and text. */

/** One mail per run: a chunk re-run after a crash queues the same id again, which adds no second mail. */
export const mailIdOf = (runId: string): string => `run-${runId}`;

export const recipientMessages = {
  invalidEmail: (email: string) => `'${email}' is not a valid email address.`,
  tooManyEmails: (max: number) => `A report can be sent to at most ${max} email addresses.`,
  noEmail: 'Your user has no email address to send the report to.',
} as const;

const maxRecipients = 20;

/**
 * The current user's username, which is their e-mail address (a username must be
 * one); reports go to it unless the call names someone else.
 */
export async function currentUserEmail(host: CommandHost, userId: number): Promise<string> {
  const user = await findUserById(host.infra.db, userId);
  if (!user || !emailPattern.test(user.username))
    throw new DomainError('validation', recipientMessages.noEmail);
  return user.username;
}

/** Characters that would make the mailer read one typed address as several, or as a display name. */
const addressSeparators = /[,;<>"()[\]\\]/;

/** One address typed by a user, trimmed; null when blank. */
export function validateEmail(field: string, typed: string): string | null {
  const address = typed.trim();
  if (address === '') return null;
  if (!emailPattern.test(address) || addressSeparators.test(address)) {
    const message = recipientMessages.invalidEmail(address);
    throw new DomainError('validation', message, { [field]: message });
  }
  return address;
}

/**
 * Addresses typed by a user (a repeated query parameter, or one with commas); answers them trimmed,
 * without blanks or repeats (case-insensitive), in the order given.
 */
export function validateRecipients(field: string, typed: readonly string[]): string[] {
  const recipients: string[] = [];
  for (const entry of typed.flatMap((text) => text.split(/[,;]/))) {
    const address = validateEmail(field, entry);
    if (address && !recipients.some((known) => known.toLowerCase() === address.toLowerCase()))
      recipients.push(address);
  }
  if (recipients.length > maxRecipients) {
    const message = recipientMessages.tooManyEmails(maxRecipients);
    throw new DomainError('validation', message, { [field]: message });
  }
  return recipients;
}

// ---------------------------------------------------------------------------------------------
// Delivery state, for the run's answer

/**
 * queued: waiting or between retries (failedReason then says why the last attempt failed);
 * sent: delivered to the SMTP server, or kept in the outbox in embedded mode; failed: every attempt
 * failed; unknown: the queue no longer holds the job (completed jobs are trimmed after a day) or
 * could not be asked.
 */
interface MailDelivery {
  mailId: string;
  state: 'queued' | 'sent' | 'failed' | 'unknown';
  attempts: number;
  failedReason: string | null;
}

export async function mailDelivery(host: CommandHost, mailId: string): Promise<MailDelivery> {
  try {
    // The state first, then the job: its attempts and reason are then at least as recent as the
    // state (read the other way round, a 'failed' could come with the attempts of the one before).
    const queue = host.infra.jobs.queue(mailQueue);
    const state = await queue.getJobState(mailId);
    const job = await queue.getJob(mailId);
    if (!job || state === 'unknown') return { mailId, state: 'unknown', attempts: 0, failedReason: null };
    return {
      mailId,
      state: state === 'completed' ? 'sent' : state === 'failed' ? 'failed' : 'queued',
      attempts: job.attemptsMade,
      failedReason: state === 'completed' ? null : job.failedReason || null,
    };
  } catch {
    // Polling a run must keep working while the queue's backend is unreachable.
    return { mailId, state: 'unknown', attempts: 0, failedReason: null };
  }
}

// ---------------------------------------------------------------------------------------------
// Numbers and the site's clock

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Tickets and what they amount to, in words: '60 tickets: 4 received loads, 2 rejected, 4 loaded and
 * not received yet, 50 unused (never loaded)'. Loads are received loads only, never tickets.
 */
export const ticketCountsInWords = (counts: TicketCounts): string =>
  `${counted(counts.tickets, 'ticket', 'tickets')}: ${counted(counts.receivedLoads, 'received load', 'received loads')}, ${counts.rejected} rejected, ${counts.notReceived} loaded and not received yet, ${counts.unused} unused (never loaded)`;

/** The headings of TicketCounts' columns in a mailed table or a sheet, in TicketCounts' order. */
export const ticketCountHeadings = [
  'Tickets',
  'Received loads',
  'Rejected',
  'Loaded, not received',
  'Unused (never loaded)',
];
export const ticketCountCells = (counts: TicketCounts): number[] => [
  counts.tickets,
  counts.receivedLoads,
  counts.rejected,
  counts.notReceived,
  counts.unused,
];

/** Weights are KG; tonnes = kg / 1000 to 2 decimals (docs/rules.md, "Weights"). */
export const tonnesOf = (kg: number): number => Math.round(kg / 10) / 100;

const twoDecimals = (value: number): string => value.toFixed(2);

/**
 * A mailed report's net weights: a KG site's are the spec's tonnes (a t site's are the same); a lb or ton
 * site's are in its own unit, as its screens show them, kept as KG in the table and converted where written.
 */
export function netColumnOf(unit: DisplayUnit) {
  const inTonnes = unit === 'kg' || unit === 't';
  return {
    inTonnes,
    header: `Net (${displayUnitSymbols[inTonnes ? 't' : unit]})`,
    /** A KG weight as the column's cell. */
    cell: (kg: number): number => (inTonnes ? tonnesOf(kg) : kg),
    /** How a table shows its columns at `indexes` that hold such cells. */
    shownAt: (indexes: number[]): Pick<Table, 'tonnesColumns' | 'siteUnitColumns'> =>
      inTonnes ? { tonnesColumns: indexes } : { siteUnitColumns: { unit, columns: indexes } },
    /** '62.56 t', '137 910 lb'. */
    amount: (kg: number): string => (inTonnes ? `${twoDecimals(tonnesOf(kg))} t` : formatWeight(kg, unit)),
    /** '62.56 net tonnes', '137 910 lb net'. */
    inWords: (kg: number): string =>
      inTonnes ? `${twoDecimals(tonnesOf(kg))} net tonnes` : `${formatWeight(kg, unit)} net`,
  };
}

/** An instant as the site's clock shows it: 'YYYY-MM-DD HH:mm' in SITE_TIMEZONE. */
export function siteDateTime(timeZone: string, instant: Date | null): string {
  if (!instant) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, ...dateTimeToMinuteParts })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

// ---------------------------------------------------------------------------------------------
// Tables: the same rows as HTML (the mail's body), plain text (its alternative) and a sheet

export type Cell = string | number;

export interface Table {
  title: string;
  headers: string[];
  rows: Cell[][];
  /** A bold closing row, e.g. the totals. */
  footer?: Cell[];
  /** Columns (by index) holding tonnes, shown with 2 decimals. */
  tonnesColumns?: number[];
  /** Columns (by index) holding KG, written in a lb or ton site's unit (see netColumnOf). */
  siteUnitColumns?: { unit: DisplayUnit; columns: number[] };
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const shown = (table: Table, value: Cell, column: number): string =>
  typeof value !== 'number'
    ? value
    : table.tonnesColumns?.includes(column)
      ? twoDecimals(value)
      : table.siteUnitColumns?.columns.includes(column)
        ? formatWeightNumber(value, table.siteUnitColumns.unit)
        : String(value);

/** A cell as a sheet holds it: a site unit column's KG converted to that unit, a text made inert. */
const sheetCell = (table: Table, value: Cell, column: number): Cell =>
  typeof value === 'number' && table.siteUnitColumns?.columns.includes(column)
    ? inSpreadsheetUnit(value, table.siteUnitColumns.unit)
    : inertCell(value);

const cellStyle = 'border:1px solid #ccc;padding:4px 8px;';

export function htmlTable(table: Table): string {
  const cells = (row: Cell[], tag: 'td' | 'th') =>
    row
      .map((value, column) => {
        const align = typeof value === 'number' ? 'right' : 'left';
        return `<${tag} style="${cellStyle}text-align:${align}">${escapeHtml(shown(table, value, column))}</${tag}>`;
      })
      .join('');
  return [
    `<h3>${escapeHtml(table.title)}</h3>`,
    '<table style="border-collapse:collapse;font-family:Arial,sans-serif;font-size:13px">',
    `<thead><tr style="background:#f0f0f0">${cells(table.headers, 'th')}</tr></thead>`,
    `<tbody>${table.rows.map((row) => `<tr>${cells(row, 'td')}</tr>`).join('')}</tbody>`,
    table.footer ? `<tfoot><tr style="font-weight:bold">${cells(table.footer, 'td')}</tr></tfoot>` : '',
    '</table>',
  ].join('');
}

export function textTable(table: Table): string {
  const lines = [table.headers, ...table.rows, ...(table.footer ? [table.footer] : [])].map((row) =>
    row.map((value, column) => shown(table, value, column)),
  );
  const widths = table.headers.map((_, column) =>
    Math.max(...lines.map((line) => (line[column] ?? '').length)),
  );
  const format = (line: string[]) =>
    line
      .map((value, column) => value.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [table.title, ...lines.map(format)].join('\n');
}

/** A sheet: headers in row 1 (bold, frozen), then the rows, then the footer in bold. */
export function addTableSheet(workbook: ExcelJS.Workbook, name: string, table: Table): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(table.headers).font = { bold: true };
  const inSheet = (row: Cell[]) => row.map((value, column) => sheetCell(table, value, column));
  for (const row of table.rows) sheet.addRow(inSheet(row));
  if (table.footer) sheet.addRow(inSheet(table.footer)).font = { bold: true };
  table.headers.forEach((header, index) => {
    const column = sheet.getColumn(index + 1);
    const longest = Math.max(header.length, ...table.rows.map((row) => String(row[index] ?? '').length));
    column.width = Math.min(Math.max(longest + 2, 10), 40);
    if (table.tonnesColumns?.includes(index)) column.numFmt = '#,##0.00';
    if (table.siteUnitColumns?.columns.includes(index))
      column.numFmt = spreadsheetWeightFormat(table.siteUnitColumns.unit);
  });
  return sheet;
}

export const mailDocument = (heading: string, sections: string[]): string =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif"><h2>${escapeHtml(heading)}</h2>${sections.join('')}</body></html>`;

export const htmlParagraph = (text: string): string => `<p>${escapeHtml(text)}</p>`;
