import type { RetentionRunResult } from '@portal/contract';
import { retentionCutoff, ticketRedactions, ticketStreamId } from '@portal/domain';
import { getRetentionPolicy, ticketsDueForRedaction } from '@portal/projections';
import { startRepeating } from '../jobs/repeating-task';
import { administratorAddresses } from '../mail/administrator-addresses';
import { enqueueMail } from '../mail/mail-jobs';
import { deleteOutboxMailBefore } from '../mail/outbox';
import type { CommandHost } from '../plugins/infrastructure';
import { withAdvisoryLock } from '../write-side/advisory-lock';
import { deletedRecordsDue, redactDeletedRecord } from './deleted-records';
import { redactStream } from './redact-stream';

const batchSize = 100;
// How often every worker looks whether tickets have passed their period: nothing is due most hours.
const lookEveryMs = 3_600_000;
/** One retention at a time across processes: two would race to redact the same ticket. */
const retentionLock = 'records-retention';

/** The administrators' note of a run that removed something: how much, and which tickets. */
async function reportRemovals(host: CommandHost, result: RetentionRunResult, cutoff: Date) {
  const to = await administratorAddresses(host);
  if (to.length === 0) {
    console.warn('no administrator has an e-mail address: the retention report is not mailed');
    return;
  }
  const lines = [
    `Retention removed the personal data (drivers, contacts, project leaders) of ${result.redactedTickets} ticket(s) dated before ${cutoff.toISOString().slice(0, 10)}.`,
    `Events rewritten: ${result.redactedEvents}; each ticket's history records it as "Personal data removed".`,
    ...(result.redactedRecords > 0
      ? [
          `Contacts and users deleted before that day whose own records' personal data was removed: ${result.redactedRecords}.`,
        ]
      : []),
    ...(result.deletedOutboxMails > 0
      ? [`Mails kept in the outbox before that day, deleted: ${result.deletedOutboxMails}.`]
      : []),
    ...(result.failedTickets.length > 0
      ? [`Left for the next run (changed meanwhile): tickets ${result.failedTickets.join(', ')}.`]
      : []),
    'Weights, times, sites and companies are kept; the hash chains still verify (Audit page, Verify now).',
  ];
  await enqueueMail(host.infra.jobs, `retention-${Date.now()}`, {
    to,
    subject: `Retention: personal data removed from ${result.redactedTickets} ticket(s)`,
    text: lines.join('\n'),
    html: `<pre>${lines.join('\n')}</pre>`,
  });
}

/** Deleted contacts' and users' own events without their personal data, a batch at a time: how many. */
async function redactDeletedRecords(host: CommandHost, cutoff: Date, userId: number | null) {
  let redacted = 0;
  let after = '0';
  for (;;) {
    const due = await deletedRecordsDue(host, cutoff, batchSize, after);
    if (due.length === 0) return redacted;
    for (const { streamId } of due) {
      const outcome = await redactDeletedRecord(host, streamId, userId);
      // Changed meanwhile (a deleted record's stream hardly is): the next run reads it again.
      if (outcome !== 'changed-meanwhile' && outcome.redactedEvents > 0) redacted++;
    }
    after = due.at(-1)?.position ?? after;
  }
}

/**
 * Removes the personal data of every ticket dated before the policy's cut-off at `now` that no legal hold
 * covers, a batch at a time in ticket-id order (docs/retention.md), deletes the outbox's mails kept before
 * the cut-off, and mails the administrators what it removed. Safe to run again after a crash: a ticket
 * already without personal data is skipped.
 */
export async function applyRetention(
  host: CommandHost,
  options: { userId: number | null; now?: Date; progress?(done: number): Promise<void> },
): Promise<RetentionRunResult> {
  const result: RetentionRunResult = {
    redactedTickets: 0,
    redactedEvents: 0,
    failedTickets: [],
    deletedOutboxMails: 0,
    redactedRecords: 0,
  };
  const { ticketPersonalDataYears: years } = await getRetentionPolicy(host.infra.db);
  if (years === null) return result;
  const cutoff = retentionCutoff(options.now ?? new Date(), years);
  await withAdvisoryLock(host.infra.pool, retentionLock, async () => {
    let after = 0;
    for (;;) {
      const due = await ticketsDueForRedaction(host.infra.db, cutoff, batchSize, after);
      if (due.length === 0) break;
      for (const ticketId of due) {
        const outcome = await redactStream(host, ticketStreamId(ticketId), ticketRedactions, options.userId);
        if (outcome === 'changed-meanwhile') result.failedTickets.push(ticketId);
        else if (outcome.redactedEvents > 0) {
          result.redactedTickets++;
          result.redactedEvents += outcome.redactedEvents;
        }
      }
      after = due.at(-1) ?? after;
      await options.progress?.(result.redactedTickets + result.failedTickets.length);
    }
    result.redactedRecords = await redactDeletedRecords(host, cutoff, options.userId);
    // After the tickets: this run's own report is queued after the delete, so it is never the one deleted.
    result.deletedOutboxMails = await deleteOutboxMailBefore(host.infra.db, cutoff);
  });
  if (result.redactedTickets > 0 || result.redactedRecords > 0 || result.deletedOutboxMails > 0)
    await reportRemovals(host, result, cutoff);
  return result;
}

/** Runs in every worker process: each hour, what has passed its period is removed (the lock keeps it to one). */
export const startRetention = (host: CommandHost) =>
  startRepeating('records retention', lookEveryMs, async () => {
    if (!host.infra.config.eventStoreUrl) await applyRetention(host, { userId: null });
  });
