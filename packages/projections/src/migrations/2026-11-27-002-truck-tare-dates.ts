import type { Kysely } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// When each truck's stored tare was weighed (or typed): a site that re-tares every N days expires it (issue 29).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('trucks').addColumn('tare_weighed_at', 'timestamptz').execute();
}
