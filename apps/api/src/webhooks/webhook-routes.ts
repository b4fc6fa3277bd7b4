import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, type WebhookSubscriptionInput, webhookDeliveriesPageSize } from '@portal/contract';
import { DomainError, webhookMessages } from '@portal/domain';
import type { Database, WebhookDeliveriesTable, WebhookSubscriptionsTable } from '@portal/projections';
import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import { route } from '../route';
import type { WebhookConfig } from './webhook-config';
import { newWebhookSecret } from './webhook-signature';
import { parseWebhookUrl, resolveWebhookTarget } from './webhook-target';

type SubscriptionRow = Selectable<WebhookSubscriptionsTable>;

/** A subscription as the API answers it: never its secrets. */
const subscriptionView = ({
  secret: _s,
  previousSecret: _p,
  previousSecretValidUntil,
  ...row
}: SubscriptionRow) => ({
  ...row,
  previousSecretValidUntil:
    previousSecretValidUntil && previousSecretValidUntil > new Date() ? previousSecretValidUntil : null,
});

/** A delivery as the API answers it; no next attempt is shown while its subscription is not active. */
const deliveryView = (row: Selectable<WebhookDeliveriesTable>, subscriptionActive = true) => ({
  id: Number(row.id),
  eventId: row.eventId,
  type: row.eventType,
  ticketId: row.ticketId,
  sequence: row.sequence,
  state: row.state,
  attempts: row.attempts,
  lastStatus: row.lastStatus,
  lastError: row.lastError,
  lastAttemptAt: row.lastAttemptAt,
  nextAttemptAt: row.state === 'pending' && subscriptionActive ? row.nextAttemptAt : null,
  deliveredAt: row.deliveredAt,
  replayedAt: row.replayedAt,
  createdAt: row.createdAt,
});

/** The form's fields as stored, after the URL passed its checks: its text, then its resolved addresses. */
async function checkedFields(config: WebhookConfig, input: WebhookSubscriptionInput) {
  await resolveWebhookTarget(parseWebhookUrl(input.url, config.allowedHosts));
  return {
    url: input.url,
    eventTypes: JSON.stringify(input.eventTypes),
    description: input.description?.trim() || null,
    filter: JSON.stringify({
      contractorCompanyId: input.filter?.contractorCompanyId ?? null,
      projectId: input.filter?.projectId ?? null,
      transportCompanyId: input.filter?.transportCompanyId ?? null,
    }),
  };
}

async function foundSubscription(db: Kysely<Database>, id: number): Promise<SubscriptionRow> {
  const row = await db.selectFrom('webhookSubscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new DomainError('not_found', webhookMessages.notFound);
  return row;
}

/** Enabling a disabled or paused subscription sends what it kept at once, oldest first, with a fresh window. */
const resumeDeliveries = (db: Kysely<Database>, subscriptionId: number) =>
  db
    .updateTable('webhookDeliveries')
    .set({ nextAttemptAt: sql<Date>`now()`, firstFailedAt: null })
    .where('subscriptionId', '=', subscriptionId)
    .where('state', '=', 'pending')
    .execute();

/**
 * A delivery going again now, as a new round with a fresh retry window: redelivered by hand, or replayed
 * from a date (its requests then say so).
 */
const sentAgain =
  ({ replay }: { replay: boolean }) =>
  (eb: ExpressionBuilder<Database, 'webhookDeliveries'>) => ({
    state: 'pending' as const,
    sendRound: eb('sendRound', '+', 1),
    nextAttemptAt: sql<Date>`now()`,
    firstFailedAt: null,
    deliveredAt: null,
    replayedAt: replay ? sql<Date>`now()` : null,
  });

/** Settings → Integrations: webhook subscriptions and their deliveries (administrators only). */
export const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.infra;

  route(app, endpoints.postWebhookNew, async (request, reply) => {
    const row = await db
      .insertInto('webhookSubscriptions')
      .values({ ...(await checkedFields(config.webhooks, request.body)), secret: newWebhookSecret() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return reply.status(201).send({ ...subscriptionView(row), secret: row.secret });
  });

  route(app, endpoints.getWebhookAll, async () =>
    (await db.selectFrom('webhookSubscriptions').selectAll().orderBy('id').execute()).map(subscriptionView),
  );

  route(app, endpoints.getWebhookById, async (request) =>
    subscriptionView(await foundSubscription(db, request.params.id)),
  );

  route(app, endpoints.putWebhookById, async (request) => {
    const before = await foundSubscription(db, request.params.id);
    const { enabled, ...input } = request.body;
    const state = enabled ? 'active' : 'disabled';
    const row = await db.transaction().execute(async (trx) => {
      if (state === 'active' && before.state !== 'active') await resumeDeliveries(trx, before.id);
      return trx
        .updateTable('webhookSubscriptions')
        .set({
          ...(await checkedFields(config.webhooks, input)),
          state,
          pausedAt: state === 'active' ? null : before.pausedAt,
          updatedAt: new Date(),
        })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return subscriptionView(row);
  });

  route(app, endpoints.deleteWebhookById, async (request, reply) => {
    const deleted = await db
      .deleteFrom('webhookSubscriptions')
      .where('id', '=', request.params.id)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw new DomainError('not_found', webhookMessages.notFound);
    return reply.code(204).send(null);
  });

  route(app, endpoints.postWebhookByIdRotateSecret, async (request) => {
    await foundSubscription(db, request.params.id);
    const row = await db
      .updateTable('webhookSubscriptions')
      .set((eb) => ({
        previousSecret: eb.ref('secret'),
        previousSecretValidUntil: new Date(Date.now() + config.webhooks.secretGraceMs),
        secret: newWebhookSecret(),
        updatedAt: new Date(),
      }))
      .where('id', '=', request.params.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...subscriptionView(row), secret: row.secret };
  });

  route(app, endpoints.getWebhookByIdDeliveries, async (request) => {
    const subscription = await foundSubscription(db, request.params.id);
    const { state, before } = request.query;
    let listed = db
      .selectFrom('webhookDeliveries')
      .selectAll()
      .where('subscriptionId', '=', request.params.id);
    if (before !== undefined) listed = listed.where('id', '<', String(before));
    if (state === 'delivered') listed = listed.where('state', '=', 'delivered');
    if (state === 'pending' || state === 'failing') listed = listed.where('state', '=', 'pending');
    if (state === 'failing') listed = listed.where('attempts', '>', 0);
    const rows = await listed.orderBy('id', 'desc').limit(webhookDeliveriesPageSize).execute();
    return rows.map((row) => deliveryView(row, subscription.state === 'active'));
  });

  route(app, endpoints.postWebhookByIdDeliveriesByDeliveryIdRedeliver, async (request) => {
    const row = await db
      .updateTable('webhookDeliveries')
      .set(sentAgain({ replay: false }))
      .where('id', '=', String(request.params.deliveryId))
      .where('subscriptionId', '=', request.params.id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new DomainError('not_found', webhookMessages.deliveryNotFound);
    return deliveryView(row);
  });

  route(app, endpoints.postWebhookByIdReplay, async (request) => {
    await foundSubscription(db, request.params.id);
    const from = new Date(request.body.from);
    if (from.getTime() > Date.now())
      throw new DomainError('validation', webhookMessages.replayFromFuture, {
        from: webhookMessages.replayFromFuture,
      });
    // Made deliveries go again as a new round, marked; the relay sends each ticket's in order, as ever.
    const replayed = await db
      .updateTable('webhookDeliveries')
      .set(sentAgain({ replay: true }))
      .where('subscriptionId', '=', request.params.id)
      .where('state', '=', 'delivered')
      .where(sql<boolean>`(body::jsonb ->> 'occurredAt')::timestamptz >= ${from}`)
      .executeTakeFirst();
    return { replayed: Number(replayed.numUpdatedRows) };
  });
};
