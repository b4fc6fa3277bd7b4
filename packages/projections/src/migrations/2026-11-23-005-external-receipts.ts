import { type Kysely, sql } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// Receipts to report back to SoilFLO: filled from the events (an outbox no crash can lose), then
// worked by the queue; their send state is operational, so a rebuild keeps it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('external_receipts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().unique())
    .addColumn('ticket_id', 'integer', (c) => c.notNull())
    .addColumn('stream_version', 'integer', (c) => c.notNull())
    .addColumn('load_id', 'integer', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('send_round', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('queued_round', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('external_receipts_ticket')
    .on('external_receipts')
    .columns(['ticket_id', 'id'])
    .execute();
  // What the relay looks for every second: receipts whose current round is not queued yet.
  await db.schema
    .createIndex('external_receipts_to_queue')
    .on('external_receipts')
    .column('id')
    .where(sql.ref('queued_round'), '<', sql.ref('send_round'))
    .execute();
}
