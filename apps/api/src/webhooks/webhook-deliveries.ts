import { webhookMessages } from '@portal/domain';
import {
  type Database,
  type WebhookDeliveriesTable,
  type WebhookSubscriptionsTable,
  webhookDeliveriesDueChannel,
} from '@portal/projections';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { JobFamily } from '../jobs/job-queues';
import { administratorAddresses } from '../mail/administrator-addresses';
import { enqueueMail } from '../mail/mail-jobs';
import type { CommandHost } from '../plugins/infrastructure';
import { htmlParagraph, mailDocument } from '../reports/report-mail';
import type { WebhookConfig } from './webhook-config';
import { webhookMetrics } from './webhook-metrics';
import { sendWebhook, type WebhookAttempt } from './webhook-sender';
import { webhookSignature } from './webhook-signature';

/**
 * Webhook deliveries (issue 33, docs/integrations.md). The projection writes one pending delivery per event
 * and subscription; the relay queues, for each subscription and ticket, only the first delivery not made
 * yet (so a ticket's deliveries go out in order), each round once, in batches of one subscription's: a job
 * leases its batch, sends it at once (different tickets), and records the outcomes: delivered, or a next
 * round after an exponential, jittered delay. The relay looks every relayIntervalMs and soon after
 * deliveries become due (the projection wrote some, or a made one's ticket has another waiting). A
 * delivery failing for `giveUpAfterMs` pauses its subscription and e-mails the administrators. A worker
 * killed mid-send leaves leases that run out; the relay then starts new rounds (at least once, never lost).
 */
export const webhookQueue = 'webhooks';

/** A delivery and the round queued for it. */
export interface QueuedRound {
  id: string;
  round: number;
}

export interface DeliveryBatchData {
  deliveries: QueuedRound[];
}

/** A job queued before batches (one delivery): still sent after an upgrade. */
interface LegacyDeliveryJobData {
  deliveryId: string;
  round: number;
}

type Delivery = Selectable<WebhookDeliveriesTable>;
type Subscription = Selectable<WebhookSubscriptionsTable>;

/** One attempt of a batch, and what it went to. */
interface Sent {
  delivery: Delivery;
  subscription: Subscription;
  attempt: WebhookAttempt;
}

/** A lease outlasts the send's timeout by this much, so only a vanished worker's lease runs out. */
const leaseMarginMs = 2000;
const keptErrorLength = 500;

/** Of the delivery `d`: no earlier one of its subscription and ticket is still to be made (the order). */
export const firstPendingOfItsTicket = sql<boolean>`not exists (
  select 1 from webhook_deliveries e
  where e.subscription_id = d.subscription_id and e.ordering_key = d.ordering_key
    and e.state = 'pending' and e.id < d.id)`;

const afterMs = (ms: number) => sql<Date>`now() + ${ms} * interval '1 millisecond'`;

/** The n-th retry's delay (n from 1): doubling from the base up to the cap, then a random half of it off. */
export function retryDelayMs(config: WebhookConfig, attempt: number, random = Math.random): number {
  const full = Math.min(config.retryBaseMs * 2 ** Math.min(attempt - 1, 40), config.retryMaxMs);
  return Math.round(full / 2 + (random() * full) / 2);
}

/** The secrets that sign now: the current one, and the one before it during its grace period. */
const signingSecrets = (subscription: Subscription, now: Date): string[] =>
  subscription.previousSecret &&
  subscription.previousSecretValidUntil &&
  subscription.previousSecretValidUntil > now
    ? [subscription.secret, subscription.previousSecret]
    : [subscription.secret];

function signedRequest(subscription: Subscription, delivery: Delivery) {
  const now = new Date();
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    url: subscription.url,
    body: delivery.body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'haulage-ticket-portal-webhooks/1',
      'webhook-id': delivery.eventId,
      ...(delivery.replayedAt ? { 'webhook-replay': '1' } : {}),
      'webhook-timestamp': String(timestamp),
      'webhook-signature': webhookSignature(
        signingSecrets(subscription, now),
        delivery.eventId,
        timestamp,
        delivery.body,
      ),
    },
  };
}

/**
 * Takes the deliveries of these rounds that are still pending, the first of their ticket's, and sent by
 * nobody, in one statement: two of one ticket in a batch, only the earlier is taken. Rows are locked in id
 * order, as the relay's marking locks them, so the two never deadlock.
 */
async function leaseDeliveries(db: Kysely<Database>, queued: readonly QueuedRound[], leaseMs: number) {
  const { rows } = await sql<Delivery>`UPDATE webhook_deliveries SET leased_until = ${afterMs(leaseMs)}
    WHERE id IN (SELECT d.id FROM webhook_deliveries AS d
      JOIN unnest(${queued.map((q) => q.id)}::bigint[], ${queued.map((q) => q.round)}::int[]) AS q(id, round)
        ON d.id = q.id AND d.send_round = q.round
      WHERE d.state = 'pending' AND (d.leased_until IS NULL OR d.leased_until < now())
        AND ${firstPendingOfItsTicket}
      ORDER BY d.id FOR UPDATE OF d)
    RETURNING *`.execute(db);
  return rows;
}

/**
 * Gives rounds back for a new one (the relay queues it again): ours, leased while their subscription is
 * not active; or held, unleased, behind an earlier delivery of their ticket that became due again (a
 * redelivery) after they were queued.
 */
async function giveBack(
  db: Kysely<Database>,
  rounds: readonly QueuedRound[],
  { leased }: { leased: boolean },
) {
  await sql`UPDATE webhook_deliveries AS d SET send_round = d.send_round + 1, leased_until = NULL
    FROM unnest(${rounds.map((r) => r.id)}::bigint[], ${rounds.map((r) => r.round)}::int[]) AS r(id, round)
    WHERE d.id = r.id AND d.send_round = r.round AND d.state = 'pending'
      AND ${leased ? sql`true` : sql`d.leased_until IS NULL`}`.execute(db);
}

/**
 * Records the made deliveries in one statement; when a ticket of theirs has another waiting, the commit
 * wakes the relays (webhookDeliveriesDueChannel), so it goes out at once.
 */
async function recordDelivered(db: Kysely<Database>, made: readonly Sent[]) {
  if (made.length === 0) return;
  await sql`WITH made AS (
      UPDATE webhook_deliveries AS d SET state = 'delivered', attempts = d.attempts + 1,
        last_status = m.status, last_error = NULL, last_attempt_at = now(), delivered_at = now(),
        leased_until = NULL
      FROM unnest(${made.map(({ delivery }) => delivery.id)}::bigint[],
        ${made.map(({ attempt }) => attempt.status)}::int[]) AS m(id, status)
      WHERE d.id = m.id AND d.state = 'pending'
      RETURNING d.id, d.subscription_id, d.ordering_key)
    SELECT pg_notify(${webhookDeliveriesDueChannel}, '') FROM made
    WHERE EXISTS (SELECT 1 FROM webhook_deliveries e
      WHERE e.subscription_id = made.subscription_id AND e.ordering_key = made.ordering_key
        AND e.state = 'pending' AND e.id <> made.id)
    LIMIT 1`.execute(db);
}

/**
 * Records the failed attempts and schedules their next rounds in one statement; answers the ids of those
 * whose failures outlasted the window.
 */
async function recordFailed(db: Kysely<Database>, config: WebhookConfig, failed: readonly Sent[]) {
  if (failed.length === 0) return new Set<string>();
  const { rows } = await sql<{ id: string; expired: boolean }>`UPDATE webhook_deliveries AS d SET
      attempts = d.attempts + 1, send_round = d.send_round + 1, last_status = f.status,
      last_error = f.error, last_attempt_at = now(), first_failed_at = coalesce(d.first_failed_at, now()),
      next_attempt_at = now() + f.delay_ms * interval '1 millisecond', leased_until = NULL
    FROM unnest(${failed.map(({ delivery }) => delivery.id)}::bigint[],
      ${failed.map(({ attempt }) => attempt.status)}::int[],
      ${failed.map(({ attempt }) => attempt.error?.slice(0, keptErrorLength) ?? null)}::text[],
      ${failed.map(({ delivery }) => retryDelayMs(config, delivery.attempts + 1))}::int[])
      AS f(id, status, error, delay_ms)
    WHERE d.id = f.id AND d.state = 'pending'
    RETURNING d.id, d.first_failed_at <= now() - ${config.giveUpAfterMs} * interval '1 millisecond' AS expired`.execute(
    db,
  );
  return new Set(rows.filter((row) => row.expired).map((row) => String(row.id)));
}

/** Pauses the subscription (once) and tells the administrators by e-mail; enabling it again resumes it. */
async function pauseSubscription(host: CommandHost, subscription: Subscription, delivery: Delivery) {
  const { db, jobs } = host.infra;
  const paused = await db
    .updateTable('webhookSubscriptions')
    .set({ state: 'paused', pausedAt: new Date(), updatedAt: new Date() })
    .where('id', '=', subscription.id)
    .where('state', '=', 'active')
    .returning('pausedAt')
    .executeTakeFirst();
  if (!paused?.pausedAt) return;
  const to = await administratorAddresses(host);
  if (to.length === 0) return;
  const subject = webhookMessages.pausedSubject(subscription.url);
  const paragraphs = [
    `Deliveries to ${subscription.url} have failed for ${Math.round(host.infra.config.webhooks.giveUpAfterMs / 60_000)} minutes (the last answer: ${delivery.lastError ?? 'none'}), so the subscription is paused. Its events are kept, in order.`,
    'Fix the receiver, then enable the subscription again in Settings → Integrations: the kept events are sent then, oldest first.',
  ];
  await enqueueMail(jobs, `webhook-paused-${subscription.id}-${paused.pausedAt.getTime()}`, {
    to,
    subject,
    html: mailDocument(subject, paragraphs.map(htmlParagraph)),
    text: paragraphs.join('\n\n'),
  });
}

/** The queued rounds of a job; a job queued before batches carries one. */
const queuedRoundsOf = (data: DeliveryBatchData | LegacyDeliveryJobData): QueuedRound[] =>
  'deliveries' in data ? data.deliveries : [{ id: data.deliveryId, round: data.round }];

/**
 * Sends a batch of first-of-their-ticket deliveries (different tickets, so at once) and records their
 * outcomes, delivered or a next round after an exponential, jittered delay, each kind in one statement. The
 * outcomes are on the deliveries; a job failing part way is tried again and sends none of its leased again.
 */
export function webhookJobFamily(
  host: CommandHost,
): JobFamily<DeliveryBatchData | LegacyDeliveryJobData, void> {
  const { db, config } = host.infra;
  const settings = config.webhooks;
  const metrics = webhookMetrics(host.infra.metrics.registry, db);
  return {
    queue: webhookQueue,
    // Batches wait on their receivers, not the CPU: 8 at once left them queued ~70-300 ms at 100 receipts/s.
    concurrency: 32,
    async process(job) {
      const queued = queuedRoundsOf(job.data);
      const leased = await leaseDeliveries(db, queued, settings.sendTimeoutMs + leaseMarginMs);
      // Not taken: made already, a later round queued, another worker sending it (all as they should be),
      // or held behind an earlier one of its ticket due again, which would otherwise never be queued again.
      const notTaken = queued.filter((round) => !leased.some((delivery) => delivery.id === String(round.id)));
      if (notTaken.length > 0) await giveBack(db, notTaken, { leased: false });
      if (leased.length === 0) return;
      const subscriptions = await db
        .selectFrom('webhookSubscriptions')
        .selectAll()
        .where('id', 'in', [...new Set(leased.map((delivery) => delivery.subscriptionId))])
        .execute();
      const active = new Map(
        subscriptions
          .filter((subscription) => subscription.state === 'active')
          .map((subscription) => [subscription.id, subscription] as const),
      );
      // Disabled or paused since they were queued: given back for a new round once enabled again.
      const inactive = leased.filter((delivery) => !active.has(delivery.subscriptionId));
      if (inactive.length > 0)
        await giveBack(
          db,
          inactive.map((delivery) => ({ id: delivery.id, round: delivery.sendRound })),
          { leased: true },
        );
      const sent = await Promise.all(
        leased.flatMap((delivery) => {
          const subscription = active.get(delivery.subscriptionId);
          if (!subscription) return [];
          return [
            sendWebhook(signedRequest(subscription, delivery), {
              allowedHosts: settings.allowedHosts,
              timeoutMs: settings.sendTimeoutMs,
              responseBodyLimitBytes: settings.responseBodyLimitBytes,
            }).then((attempt): Sent => ({ delivery, attempt, subscription })),
          ];
        }),
      );
      for (const { attempt } of sent) metrics.attempts.inc({ outcome: attempt.ok ? 'delivered' : 'failed' });
      await recordDelivered(
        db,
        sent.filter(({ attempt }) => attempt.ok),
      );
      const failed = sent.filter(({ attempt }) => !attempt.ok);
      const expired = await recordFailed(db, settings, failed);
      const pausing = new Map<number, Sent>();
      for (const outcome of failed)
        if (expired.has(outcome.delivery.id)) pausing.set(outcome.subscription.id, outcome);
      for (const { subscription, delivery, attempt } of pausing.values())
        await pauseSubscription(host, subscription, { ...delivery, lastError: attempt.error });
    },
  };
}
