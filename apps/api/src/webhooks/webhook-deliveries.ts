import { webhookMessages } from '@portal/domain';
import type { Database, WebhookDeliveriesTable, WebhookSubscriptionsTable } from '@portal/projections';
import type { Job } from 'bullmq';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { JobFamily } from '../jobs/job-queues';
import { startRepeating } from '../jobs/repeating-task';
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
 * yet (so a ticket's deliveries go out in order), one job per round; a job leases its delivery, sends it,
 * and records the outcome: delivered, or a next round after an exponential, jittered delay. A delivery
 * failing for `giveUpAfterMs` pauses its subscription and e-mails the administrators. A worker killed
 * mid-send leaves a lease that runs out; the relay then starts a new round (at least once, never lost).
 */
export const webhookQueue = 'webhooks';

interface DeliveryJobData {
  deliveryId: string;
  round: number;
}

type Delivery = Selectable<WebhookDeliveriesTable>;
type Subscription = Selectable<WebhookSubscriptionsTable>;

/** A lease outlasts the send's timeout by this much, so only a vanished worker's lease runs out. */
const leaseMarginMs = 2000;
const keptErrorLength = 500;

/** Of the delivery `d`: no earlier one of its subscription and ticket is still to be made (the order). */
const firstPendingOfItsTicket = sql<boolean>`not exists (
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

/** Takes the delivery for this round, if it is still pending, the first of its ticket's, and nobody sends it. */
const leaseDelivery = (db: Kysely<Database>, data: DeliveryJobData, leaseMs: number) =>
  db
    .updateTable('webhookDeliveries as d')
    .set({ leasedUntil: afterMs(leaseMs) })
    .where('d.id', '=', data.deliveryId)
    .where('d.state', '=', 'pending')
    .where('d.sendRound', '=', data.round)
    .where((eb) => eb.or([eb('d.leasedUntil', 'is', null), eb('d.leasedUntil', '<', sql<Date>`now()`)]))
    .where(firstPendingOfItsTicket)
    .returningAll()
    .executeTakeFirst();

async function recordDelivered(db: Kysely<Database>, delivery: Delivery, attempt: WebhookAttempt) {
  await db
    .updateTable('webhookDeliveries')
    .set((eb) => ({
      state: 'delivered',
      attempts: eb('attempts', '+', 1),
      lastStatus: attempt.status,
      lastError: null,
      lastAttemptAt: sql<Date>`now()`,
      deliveredAt: sql<Date>`now()`,
      leasedUntil: null,
    }))
    .where('id', '=', delivery.id)
    .where('state', '=', 'pending')
    .execute();
}

/** Records a failed attempt and schedules the next round; answers whether the failures outlasted the window. */
async function recordFailed(
  db: Kysely<Database>,
  config: WebhookConfig,
  delivery: Delivery,
  attempt: WebhookAttempt,
): Promise<boolean> {
  const failed = await db
    .updateTable('webhookDeliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      sendRound: eb('sendRound', '+', 1),
      lastStatus: attempt.status,
      lastError: attempt.error?.slice(0, keptErrorLength) ?? null,
      lastAttemptAt: sql<Date>`now()`,
      firstFailedAt: sql<Date>`coalesce(first_failed_at, now())`,
      nextAttemptAt: afterMs(retryDelayMs(config, delivery.attempts + 1)),
      leasedUntil: null,
    }))
    .where('id', '=', delivery.id)
    .where('state', '=', 'pending')
    .returning(
      sql<boolean>`first_failed_at <= now() - ${config.giveUpAfterMs} * interval '1 millisecond'`.as(
        'expired',
      ),
    )
    .executeTakeFirst();
  return failed?.expired === true;
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

/** Sends one delivery's round; its outcome is on the delivery, so the job itself never fails or retries. */
export function webhookJobFamily(host: CommandHost): JobFamily<DeliveryJobData, void> {
  const { db, config } = host.infra;
  const settings = config.webhooks;
  const metrics = webhookMetrics(host.infra.metrics.registry, db);
  const queueNext = relayer(host);
  return {
    queue: webhookQueue,
    concurrency: 8,
    async process(job: Job<DeliveryJobData, void>) {
      const delivery = await leaseDelivery(db, job.data, settings.sendTimeoutMs + leaseMarginMs);
      // Made already, a later round queued, another worker sending it, or an earlier one still due.
      if (!delivery) return;
      const subscription = await db
        .selectFrom('webhookSubscriptions')
        .selectAll()
        .where('id', '=', delivery.subscriptionId)
        .executeTakeFirst();
      if (subscription?.state !== 'active') {
        // Disabled or paused since it was queued: give it back for a new round once it is enabled.
        await db
          .updateTable('webhookDeliveries')
          .set((eb) => ({ leasedUntil: null, sendRound: eb('sendRound', '+', 1) }))
          .where('id', '=', delivery.id)
          .execute();
        return;
      }
      const attempt = await sendWebhook(signedRequest(subscription, delivery), {
        allowedHosts: settings.allowedHosts,
        timeoutMs: settings.sendTimeoutMs,
        responseBodyLimitBytes: settings.responseBodyLimitBytes,
      });
      metrics.attempts.inc({ outcome: attempt.ok ? 'delivered' : 'failed' });
      if (attempt.ok) {
        await recordDelivered(db, delivery, attempt);
        // The ticket's next delivery need not wait for the relay's next look.
        await queueNext({ subscriptionId: delivery.subscriptionId, orderingKey: delivery.orderingKey });
        return;
      }
      if (await recordFailed(db, settings, delivery, attempt))
        await pauseSubscription(host, subscription, { ...delivery, lastError: attempt.error });
    },
  };
}

interface Lane {
  subscriptionId: number;
  orderingKey: string;
}

/** Queues the due first delivery of each lane (or of one), each round once: its job id is the round's. */
function relayer(host: CommandHost) {
  const { db, jobs } = host.infra;
  const queue = jobs.queue<DeliveryJobData, void>(webhookQueue);
  return async (lane?: Lane) => {
    let due = db
      .selectFrom('webhookDeliveries as d')
      .innerJoin('webhookSubscriptions as s', 's.id', 'd.subscriptionId')
      .select(['d.id', 'd.sendRound'])
      .where('d.state', '=', 'pending')
      .where('s.state', '=', 'active')
      .where('d.nextAttemptAt', '<=', sql<Date>`now()`)
      .where((eb) => eb('d.queuedRound', '<', eb.ref('d.sendRound')))
      .where(firstPendingOfItsTicket)
      .orderBy('d.id')
      .limit(500);
    if (lane)
      due = due
        .where('d.subscriptionId', '=', lane.subscriptionId)
        .where('d.orderingKey', '=', lane.orderingKey);
    const rounds = await due.execute();
    if (rounds.length === 0) return;
    // One queue call and one update for the lot: one by one, a busy tick's 500 deliveries took ~1,000
    // round trips, and the relay fell behind 100 receipts a second (the integrations bench).
    await queue.addBulk(
      rounds.map(({ id, sendRound }) => ({
        name: 'send',
        data: { deliveryId: id, round: sendRound },
        opts: { jobId: `webhook-${id}-${sendRound}`, attempts: 1 },
      })),
    );
    await sql`UPDATE webhook_deliveries AS d SET queued_round = r.round
      FROM unnest(${rounds.map((r) => r.id)}::bigint[], ${rounds.map((r) => r.sendRound)}::int[]) AS r(id, round)
      WHERE d.id = r.id AND d.queued_round < r.round`.execute(db);
  };
}

/**
 * Gives back the deliveries whose sender vanished mid-send (its lease ran out: a new round), then queues
 * what is due. Runs where workers run; two relays at once queue nothing twice.
 */
export function startWebhookRelay(host: CommandHost) {
  const { db, config } = host.infra;
  const queueDue = relayer(host);
  return startRepeating('Webhook relay', config.webhooks.relayIntervalMs, async () => {
    await db
      .updateTable('webhookDeliveries')
      .set((eb) => ({ sendRound: eb('sendRound', '+', 1), leasedUntil: null }))
      .where('state', '=', 'pending')
      .where('leasedUntil', '<', sql<Date>`now()`)
      .execute();
    await queueDue();
  });
}
