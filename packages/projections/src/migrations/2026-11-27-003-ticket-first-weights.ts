import type { Kysely } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// Two-pass weighing (issue 29): the first weight a ticket holds until its second weighing.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tickets').addColumn('first_weight', 'numeric(12, 2)').execute();
}
