import { DomainError, emailPattern, formatWeightNumber } from '@portal/domain';
import { findUserById } from '@portal/projections';
import { mailQueue } from '../mail/mail-jobs';
import type { CommandHost } from '../plugins/infrastructure';
import { type Cell, type Table, twoDecimals } from './report-tables';

/** What every e-mailed report shares: recipients, the mail's id and delivery, tables as HTML and text. */

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
// Tables: the same rows as HTML (the mail's body) and plain text (its alternative)

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

export const mailDocument = (heading: string, sections: string[]): string =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif"><h2>${escapeHtml(heading)}</h2>${sections.join('')}</body></html>`;

export const htmlParagraph = (text: string): string => `<p>${escapeHtml(text)}</p>`;
