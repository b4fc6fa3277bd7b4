import { xlsxContentType } from '@portal/contract';
import { DomainError, isStorableInstant } from '@portal/domain';
import { getSettings, loadsReceivedOn, ticketCountsDated } from '@portal/projections';
import { type RunDefinition, wholeRunAsOneChunk } from '../jobs/job-runs';
import { enqueueMail } from '../mail/mail-jobs';
import type { CommandHost } from '../plugins/infrastructure';
import { readModelsCurrent } from '../plugins/infrastructure';
import { siteDate } from '../site-time';
import { dailySummaryTables, loadsTable, overview, ticketsOfTheDay } from './daily-summary-tables';
import {
  currentUserEmail,
  htmlParagraph,
  htmlTable,
  mailDelivery,
  mailDocument,
  mailIdOf,
  textTable,
  validateRecipients,
} from './report-mail';
import { netColumnOf, tonnesOf } from './report-tables';
import { summarizeLoads } from './summarize-loads';

/**
 * GET /api/ticket/report/daily-summary: the loads received on one calendar day at the site, per
 * contractor, project, job site and material, e-mailed as an .xlsx and as HTML tables (the
 * Reports page's 'Daily Summary Report' template).
 */

/** The Reports page's toasts for this template, word for word. */
export const dailySummaryMessages = {
  generating: 'Generating report, please wait...',
  success: 'Report generated successfully! Please check your email.',
  failure: 'Error generating report. Please try again.',
  invalidDate: 'Selected date is not a valid date.',
} as const;

interface DailySummaryParams {
  /** The site's calendar day, YYYY-MM-DD. */
  date: string;
  /** The current user first, then the addresses the call named. */
  recipients: string[];
}

interface DailySummaryChunkResult {
  date: string;
  recipients: string[];
  loads: number;
  netTonnes: number;
  mailId: string;
}

/**
 * `selectedDate` is the day the date picker chose: a plain YYYY-MM-DD is that day; an ISO instant
 * (the picker's local midnight) is the site's calendar day of that instant. Absent: today at the site.
 */
function summaryDateOf(selectedDate: string | undefined, timeZone: string, now = new Date()): string {
  const text = selectedDate?.trim() ?? '';
  if (text === '') return siteDate(timeZone, now);
  const invalid = () =>
    new DomainError('validation', dailySummaryMessages.invalidDate, {
      selectedDate: dailySummaryMessages.invalidDate,
    });
  // Date.parse accepts 2025-02-30 and year 0 (PostgreSQL neither, and the run would fail on it): a
  // real day reads back the same and lies in years 1 to 9999.
  const realDay = (day: string) => {
    const parsed = new Date(`${day}T00:00:00Z`);
    if (!isStorableInstant(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) throw invalid();
    return day;
  };
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return realDay(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) throw invalid();
  const instant = Date.parse(text);
  if (!isStorableInstant(instant)) throw invalid();
  return realDay(siteDate(timeZone, new Date(instant)));
}

export async function dailySummaryOf(
  host: CommandHost,
  query: { selectedDate?: string; emails?: string[] },
  userId: number,
): Promise<DailySummaryParams> {
  const date = summaryDateOf(query.selectedDate, host.infra.config.siteTimezone);
  const named = validateRecipients('emails', query.emails ?? []);
  const me = await currentUserEmail(host, userId);
  const others = named.filter((address) => address.toLowerCase() !== me.toLowerCase());
  return { date, recipients: [me, ...others] };
}

const dailySummaryFileName = (date: string) => `daily-summary-${date}.xlsx`;

export const dailySummaryRun: RunDefinition<DailySummaryParams, DailySummaryParams, DailySummaryChunkResult> =
  {
    kind: 'daily-summary',
    queue: 'report-daily-summary',
    chunks: wholeRunAsOneChunk,
    async processChunk({ host, run }) {
      const { date, recipients } = run.params;
      const timeZone = host.infra.config.siteTimezone;
      await readModelsCurrent(host, { required: true });
      const [loads, counts] = await Promise.all([
        loadsReceivedOn(host.infra.db, date, timeZone),
        ticketCountsDated(host.infra.db, date, timeZone),
      ]);
      const dayTickets = ticketsOfTheDay(date, counts);
      const summary = summarizeLoads(date, loads);
      const net = netColumnOf((await getSettings(host.infra.db)).displayUnit);
      const { byGroup, byContractor } = dailySummaryTables(summary, net);

      const content = await host.infra.workbooks.tables([
        { name: 'Summary', table: byGroup },
        { name: 'Contractors', table: byContractor },
        { name: 'Loads', table: loadsTable(loads, timeZone, net) },
        { name: 'Tickets', table: dayTickets.table },
      ]);

      const heading = `Daily summary ${date}`;
      const mailId = mailIdOf(run.id);
      await enqueueMail(host.infra.jobs, mailId, {
        to: recipients,
        subject: heading,
        html: mailDocument(heading, [
          htmlParagraph(overview(summary, net)),
          htmlParagraph(dayTickets.words),
          htmlTable(byGroup),
          htmlTable(byContractor),
          htmlParagraph(`Every load is listed in the attached ${dailySummaryFileName(date)}.`),
        ]),
        text: [
          heading,
          overview(summary, net),
          dayTickets.words,
          textTable(byGroup),
          textTable(byContractor),
        ].join('\n\n'),
        attachments: [{ filename: dailySummaryFileName(date), content, contentType: xlsxContentType }],
      });
      return { date, recipients, loads: summary.loads, netTonnes: tonnesOf(summary.kg), mailId };
    },
    async summarize([chunk], host) {
      const date = chunk?.spec.date ?? null;
      if (!chunk?.result) {
        return {
          message: chunk?.state === 'failed' ? dailySummaryMessages.failure : dailySummaryMessages.generating,
          error: chunk?.error ?? null,
          date,
        };
      }
      return {
        message: dailySummaryMessages.success,
        error: null,
        ...chunk.result,
        mail: await mailDelivery(host, chunk.result.mailId),
      };
    },
  };
