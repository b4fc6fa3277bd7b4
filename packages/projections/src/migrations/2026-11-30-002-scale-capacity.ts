import type { Kysely } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// A scale's capacity (issue 34, item 3): no heavier weight is weighed or set by hand on it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scales').addColumn('capacity_kg', 'integer').execute();
}
