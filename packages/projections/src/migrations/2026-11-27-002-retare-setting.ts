import type { Kysely } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// The site's "re-tare every N days" rule (null: stored tares never expire).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('settings').addColumn('retare_every_days', 'integer').execute();
}
