import type { RetentionRunResult } from '@portal/contract';
import { retentionCutoff, ticketRedactions, ticketStreamId } from '@portal/domain';
import { redactStreamEvents, WrongExpectedVersionError } from '@portal/event-store';
import { getRetentionPolicy, ticketsDueForRedaction } from '@portal/projections';
import { startRepeating } from '../jobs/repeating-task';
import { administratorAddresses } from '../mail/administrator-addresses';
import { enqueueMail } from '../mail/mail-jobs';
import { deleteOutboxMailBefore } from '../mail/outbox';
import type { CommandHost } from '../plugins/infrastructure';
import { withAdvisoryLock } from '../write-side/advisory-lock';

const batchSize = 100;
// How often every worker looks whether tickets have passed their period: nothing is due most hours.
const lookEveryMs = 3_600_000;
/** One retention at a time across processes: two would race to redact the same ticket. */
const retentionLock = 'records-retention';

interface StoredTicketEvent {
  stream_version: number;
  event_type: string;
  data: unknown;
}

type TicketOutcome = { redactedEvents: number } | 'changed-meanwhile';

/** One ticket's events without its personal data, and the event vouching for them, in one transaction. */
async function redactTicket(
  host: CommandHost,
  ticketId: number,
  userId: number | null,
): Promise<TicketOutcome> {
  const streamId = ticketStreamId(ticketId);
  const { rows } = await host.infra.pool.query<StoredTicketEvent>(
    'SELECT stream_version, event_type, data FROM events WHERE stream_id = $1 ORDER BY stream_version',
    [streamId],
  );
  const redactions = ticketRedactions(
    rows.map((row) => ({ version: row.stream_version, type: row.event_type, data: row.data })),
  );
  if (redactions.length === 0) return { redactedEvents: 0 };
  try {
    await redactStreamEvents(host.infra.pool, {
      streamId,
      expectedVersion: rows.at(-1)?.stream_version ?? 0,
      redactions,
      describe: { ticketId, reason: 'retention' },
      metadata: { userId, occurredAt: new Date().toISOString() },
    });
  } catch (error) {
    // Edited while it was read: left for the next run, which reads it again.
    if (error instanceof WrongExpectedVersionError) return 'changed-meanwhile';
    throw error;
  }
  return { redactedEvents: redactions.length };
}

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
        const outcome = await redactTicket(host, ticketId, options.userId);
        if (outcome === 'changed-meanwhile') result.failedTickets.push(ticketId);
        else if (outcome.redactedEvents > 0) {
          result.redactedTickets++;
          result.redactedEvents += outcome.redactedEvents;
        }
      }
      after = due.at(-1) ?? after;
      await options.progress?.(result.redactedTickets + result.failedTickets.length);
    }
    // After the tickets: this run's own report is queued after the delete, so it is never the one deleted.
    result.deletedOutboxMails = await deleteOutboxMailBefore(host.infra.db, cutoff);
  });
  if (result.redactedTickets > 0 || result.deletedOutboxMails > 0) await reportRemovals(host, result, cutoff);
  return result;
}

/** Runs in every worker process: each hour, what has passed its period is removed (the lock keeps it to one). */
export const startRetention = (host: CommandHost) =>
  startRepeating('records retention', lookEveryMs, async () => {
    if (!host.infra.config.eventStoreUrl) await applyRetention(host, { userId: null });
  });
