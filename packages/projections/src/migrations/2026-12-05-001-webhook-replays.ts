import type { Kysely } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// Issue 33, item 4: a delivery sent again by a replay from a date says so (the webhook-replay header).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').addColumn('replayed_at', 'timestamptz').execute();
}
