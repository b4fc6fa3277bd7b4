import { type Kysely, sql } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// Webhook subscriptions (written by administrators through the API, not events: operational settings of
// an integration, like the scales' bridge keys) and their deliveries, an outbox filled by a projection in
// the checkpoint's transaction and worked by the queue; a rebuild keeps both.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_subscriptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('event_types', 'jsonb', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('filter', 'jsonb', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_valid_until', 'timestamptz')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('paused_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('subscription_id', 'integer', (c) =>
      c.notNull().references('webhook_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    // The stream the event belongs to: deliveries of one stream go to one subscription in order.
    .addColumn('ordering_key', 'text', (c) => c.notNull())
    .addColumn('ticket_id', 'integer')
    .addColumn('sequence', 'integer', (c) => c.notNull())
    // The envelope as sent, fixed when the event was projected: every attempt sends the same bytes.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('send_round', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('queued_round', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('leased_until', 'timestamptz')
    .addColumn('first_failed_at', 'timestamptz')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('webhook_deliveries_once', ['subscription_id', 'event_id'])
    .execute();
  // The relay's question every tick: the first pending delivery of each (subscription, stream).
  await db.schema
    .createIndex('webhook_deliveries_pending')
    .on('webhook_deliveries')
    .columns(['subscription_id', 'ordering_key', 'id'])
    .where(sql.ref('state'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_by_subscription')
    .on('webhook_deliveries')
    .columns(['subscription_id', 'id'])
    .execute();
}
