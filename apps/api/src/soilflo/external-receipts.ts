import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import {
  chooseExternalLoad,
  DomainError,
  externalLoadMessages,
  type SoilFLOReceiptEvent,
  soilFLOReceiptStreamId,
} from '@portal/domain';
import { type Database, type ExternalReceiptsTable, findTicket } from '@portal/projections';
import { type Job, UnrecoverableError } from 'bullmq';
import type { Kysely, Selectable } from 'kysely';
import type { JobFamily } from '../jobs/job-queues';
import { startRepeating } from '../jobs/repeating-task';
import type { CommandHost } from '../plugins/infrastructure';
import { route } from '../route';
import { appendOnceAt } from '../write-side/append-once';
import { SoilFloError } from './soilflo-client';

/**
 * Receipts reported back to SoilFLO (issue: "receipts sent back"). The external receipts projection
 * records each receipt to report as pending; a relay queues every round not queued yet; a job sends it,
 * retried with backoff, and records how it went on the receipt, which the ticket page shows. SoilFLO
 * being down never blocks the gate, and no receipt is lost or sent twice: a job finds its receipt
 * already sent and stops, and every call carries the receipt's idempotency key.
 */
export const externalReceiptQueue = 'soilflo-receipts';

interface ReceiptJobData {
  receiptId: string;
}

export const receiptMessages = {
  notFailed: 'Only a failed report to SoilFLO can be sent again.',
  unexpected: 'The report failed unexpectedly.',
} as const;

type ReceiptRow = Selectable<ExternalReceiptsTable>;

const weightOf = (row: ReceiptRow) => (row.weight === null ? null : Number(row.weight));

const receiptView = (row: ReceiptRow) => ({
  state: row.state,
  loadId: row.loadId,
  weight: weightOf(row),
  receivedAt: row.receivedAt,
  attempts: row.attempts,
  reason: row.reason,
  sentAt: row.sentAt,
  updatedAt: row.updatedAt,
});

const latestReceipt = (db: Kysely<Database>, ticketId: number) =>
  db
    .selectFrom('externalReceipts')
    .selectAll()
    .where('ticketId', '=', ticketId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The same key for every attempt and round of one receipt, so SoilFLO records it once. */
const idempotencyKey = (row: ReceiptRow) => `portal-receipt-${row.id}`;

/**
 * The load a receipt without one is reported to (a scale or bulk receipt of a SoilFLO load the form never
 * looked up): the one SoilFLO has for the ticket's number, as the form chooses it, kept on the receipt so
 * its retries and later reports need not look again. None is a refusal: waiting does not make one.
 */
async function foundLoadId(host: CommandHost, row: ReceiptRow, ticketNumber: number): Promise<number> {
  const { db, soilFlo } = host.infra;
  const load = chooseExternalLoad(await soilFlo.loadsFor(ticketNumber));
  if (!load) throw new SoilFloError('rejected', externalLoadMessages.noLoad(ticketNumber));
  await db
    .updateTable('externalReceipts')
    .set({ loadId: load.id, updatedAt: new Date() })
    .where('id', '=', row.id)
    .where('loadId', 'is', null)
    .execute();
  return load.id;
}

/**
 * The round's failure as an event (soilflo.receipt_failed) in the receipt's stream, once: a retried job finds
 * its round's failure there, and of two workers ending the same round at once, the one appending after the
 * other misses the stream's version (rounds follow each other, so the event it lost to is this round's).
 */
async function recordReceiptFailed(
  host: CommandHost,
  row: ReceiptRow,
  outcome: { loadId: number | null; reason: string },
): Promise<void> {
  const event: SoilFLOReceiptEvent = {
    type: 'SoilFLOReceiptFailed',
    data: {
      receiptId: row.id,
      ticketId: row.ticketId,
      round: row.sendRound,
      loadId: outcome.loadId,
      attempts: row.attempts + 1,
      reason: outcome.reason,
    },
  };
  const streamId = soilFLOReceiptStreamId(row.id);
  const recorded = await host.infra.eventStore.readStream(streamId);
  if (recorded.some((failed) => (failed.data as { round: number }).round === row.sendRound)) return;
  await appendOnceAt(host.infra.eventStore, streamId, event, recorded.length, new Date());
}

/** Sends one receipt; a failure is recorded on it, then left to the queue's retries (or ends them). */
export function externalReceiptJobFamily(host: CommandHost): JobFamily<ReceiptJobData, void> {
  const { db, soilFlo } = host.infra;
  return {
    queue: externalReceiptQueue,
    concurrency: 4,
    async process(job: Job<ReceiptJobData, void>) {
      const row = await db
        .selectFrom('externalReceipts')
        .selectAll()
        .where('id', '=', job.data.receiptId)
        .executeTakeFirst();
      // Sent already (a retried job), withdrawn by a reset, or failed and not sent again: nothing to do.
      if (row?.state !== 'pending') return;
      const ticket = await findTicket(db, row.ticketId);
      const ticketNumber = ticket?.ticketNumber ?? 0;
      const report = {
        ticketNumber,
        receivedAt: row.receivedAt.toISOString(),
        // Reports made before they carried a weight send the ticket's, as they did then.
        weight: row.weightVersion === null ? (ticket?.weight ?? null) : weightOf(row),
      };
      let loadId = row.loadId;
      try {
        loadId ??= await foundLoadId(host, row, ticketNumber);
        await soilFlo.sendReceipt(loadId, report, idempotencyKey(row));
      } catch (error) {
        const known = error instanceof SoilFloError;
        // SoilFLO refusing it, or no SoilFLO configured, is not cured by waiting: it fails at once.
        const final =
          !known || error.code === 'rejected' || error.code === 'not_configured'
            ? true
            : job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        const reason = known ? error.message : receiptMessages.unexpected;
        // In the log before the row says failed: a worker that dies between the two records it on its retry.
        if (final) await recordReceiptFailed(host, row, { loadId, reason });
        await db
          .updateTable('externalReceipts')
          .set((eb) => ({
            attempts: eb('attempts', '+', 1),
            reason,
            state: final ? 'failed' : 'pending',
            updatedAt: new Date(),
          }))
          .where('id', '=', row.id)
          .where('state', '=', 'pending')
          .execute();
        throw final ? new UnrecoverableError(reason) : error;
      }
      await db
        .updateTable('externalReceipts')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          reason: null,
          state: 'sent',
          sentAt: new Date(),
          updatedAt: new Date(),
        }))
        .where('id', '=', row.id)
        .where('state', '=', 'pending')
        .execute();
    },
  };
}

/**
 * Queues each pending receipt's current round once (the job id is the round's: queuing it twice, from
 * two processes or after a crash between queuing and noting it, adds nothing). Runs where workers run.
 */
export function startReceiptRelay(host: CommandHost, options: { intervalMs?: number } = {}) {
  const { db, jobs, config } = host.infra;
  const queue = jobs.queue<ReceiptJobData, void>(externalReceiptQueue);
  const jobOptions = {
    attempts: config.soilFlo.receiptAttempts,
    backoff: { type: 'exponential', delay: config.soilFlo.receiptRetryMs },
  };
  const relayOnce = async () => {
    const due = await db
      .selectFrom('externalReceipts')
      .select(['id', 'sendRound'])
      .where((eb) => eb('queuedRound', '<', eb.ref('sendRound')))
      .where('state', '=', 'pending')
      .orderBy('id')
      .limit(100)
      .execute();
    for (const { id, sendRound } of due) {
      await queue.add(
        'send',
        { receiptId: id },
        { ...jobOptions, jobId: `soilflo-receipt-${id}-${sendRound}` },
      );
      await db.updateTable('externalReceipts').set({ queuedRound: sendRound }).where('id', '=', id).execute();
    }
  };
  return startRepeating('SoilFLO receipt relay', options.intervalMs ?? 1000, relayOnce);
}

/** Where reporting a ticket's receipt to SoilFLO stands, and "Send again" for a failed one. */
export const externalReceiptRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.getTicketByIdSoilfloReceipt, async (request) => {
    const row = await latestReceipt(app.infra.db, request.params.id);
    return row ? receiptView(row) : null;
  });

  route(app, endpoints.postTicketByIdSoilfloReceiptResend, async (request) => {
    const { db } = app.infra;
    const latest = await latestReceipt(db, request.params.id);
    const row =
      latest &&
      (await db
        .updateTable('externalReceipts')
        .set((eb) => ({ state: 'pending', sendRound: eb('sendRound', '+', 1), updatedAt: new Date() }))
        .where('id', '=', latest.id)
        .where('state', '=', 'failed')
        .returningAll()
        .executeTakeFirst());
    if (!row) throw new DomainError('conflict', receiptMessages.notFailed);
    return receiptView(row);
  });
};
