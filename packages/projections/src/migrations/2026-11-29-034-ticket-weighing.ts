import type { Kysely } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// Where a ticket's weight came from (issue 34): the scale's reading or a weight typed by hand, with its reason.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tickets').addColumn('weighing', 'jsonb').execute();
}
