import { createHash } from 'node:crypto';
import { webhookDeliveriesDueChannel } from '@portal/projections';
import { sql } from 'kysely';
import { startRepeating } from '../jobs/repeating-task';
import type { CommandHost } from '../plugins/infrastructure';
import {
  type DeliveryBatchData,
  firstPendingOfItsTicket,
  type QueuedRound,
  webhookQueue,
} from './webhook-deliveries';
import { listenFor } from './webhook-wake';

/*
 * The webhook relay: what is due goes to the queue, in batches of one subscription's first-of-their-lane
 * deliveries, for the job family in webhook-deliveries.ts to send.
 */

/** A batch of a job: at most this many deliveries of one subscription, sent at once. */
const sendBatchSize = 25;

/** The due rounds as batches: one subscription's each, in id order, at most sendBatchSize long. */
function batchesOf(rounds: readonly (QueuedRound & { subscriptionId: number })[]): QueuedRound[][] {
  const open = new Map<number, QueuedRound[]>();
  const batches: QueuedRound[][] = [];
  for (const { id, round, subscriptionId } of rounds) {
    let batch = open.get(subscriptionId);
    if (!batch || batch.length === sendBatchSize) {
      batch = [];
      open.set(subscriptionId, batch);
      batches.push(batch);
    }
    batch.push({ id, round });
  }
  return batches;
}

/** A batch's job id, from the rounds it carries: a relay running beside another queues no batch twice. */
const batchJobId = (batch: readonly QueuedRound[]) =>
  `webhook-${createHash('sha256')
    .update(batch.map(({ id, round }) => `${id}.${round}`).join(','))
    .digest('hex')
    .slice(0, 32)}`;

/** Queues the due first delivery of each lane, each round once, in batches of one subscription's. */
function relayer(host: CommandHost) {
  const { db, jobs } = host.infra;
  const queue = jobs.queue<DeliveryBatchData, void>(webhookQueue);
  return async () => {
    const rounds = await db
      .selectFrom('webhookDeliveries as d')
      .innerJoin('webhookSubscriptions as s', 's.id', 'd.subscriptionId')
      .select(['d.id', 'd.sendRound as round', 'd.subscriptionId'])
      .where('d.state', '=', 'pending')
      .where('s.state', '=', 'active')
      .where('d.nextAttemptAt', '<=', sql<Date>`now()`)
      .where((eb) => eb('d.queuedRound', '<', eb.ref('d.sendRound')))
      .where(firstPendingOfItsTicket)
      .orderBy('d.id')
      .limit(500)
      .execute();
    if (rounds.length === 0) return;
    // One queue call and one update for the lot: one by one, a busy tick's 500 deliveries took ~1,000
    // round trips, and the relay fell behind 100 receipts a second (the integrations bench).
    await queue.addBulk(
      batchesOf(rounds).map((batch) => ({
        name: 'send',
        data: { deliveries: batch },
        // A job that fails (a lost connection) is safe to run again: what it leased, nobody else sends, and
        // its leases run out if it never records them.
        opts: { jobId: batchJobId(batch), attempts: 3 },
      })),
    );
    // Locked in id order, as a job's lease locks them: a worker leasing a batch just queued waits, never deadlocks.
    await sql`UPDATE webhook_deliveries AS d SET queued_round = r.round
      FROM (SELECT e.id, r.round FROM webhook_deliveries AS e
        JOIN unnest(${rounds.map((r) => r.id)}::bigint[], ${rounds.map((r) => r.round)}::int[]) AS r(id, round)
          ON e.id = r.id
        WHERE e.queued_round < r.round ORDER BY e.id FOR UPDATE OF e) AS r
      WHERE d.id = r.id`.execute(db);
  };
}

/**
 * How soon after a wake-up the relay looks: the deliveries made due meanwhile go in the same batches. At 100
 * receipts a second to 5 receivers (the integrations bench, one run each at load ~6) 50 ms gave receipt ->
 * webhook p50 378 ms, jobs waiting ~70 ms for a worker; 20 ms (smaller batches, more often) 102 ms.
 */
const wakeGatherMs = 20;

/**
 * Gives back the deliveries whose sender vanished mid-send (its lease ran out: a new round), then queues
 * what is due: every relayIntervalMs, and soon after deliveries become due (webhookDeliveriesDueChannel).
 * Runs where workers run; two relays at once may queue a delivery twice, but its lease sends it once.
 */
export function startWebhookRelay(host: CommandHost) {
  const { db, config, pool } = host.infra;
  const queueDue = relayer(host);
  const relay = startRepeating('Webhook relay', config.webhooks.relayIntervalMs, async () => {
    await db
      .updateTable('webhookDeliveries')
      .set((eb) => ({ sendRound: eb('sendRound', '+', 1), leasedUntil: null }))
      .where('state', '=', 'pending')
      .where('leasedUntil', '<', sql<Date>`now()`)
      .execute();
    await queueDue();
  });
  const wakeUps = listenFor(pool, webhookDeliveriesDueChannel, () => relay.wake(wakeGatherMs));
  return {
    async stop() {
      wakeUps.close();
      await relay.stop();
    },
  };
}
