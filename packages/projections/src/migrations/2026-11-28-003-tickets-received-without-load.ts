import type { Kysely } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// A receipt of a ticket never loaded is not a load (issue 34, D23): the Daily Trucks' Loaded leaves it out.
// Rows projected before keep false (counted as before); a rebuild of the read models derives the flag
// from each ticket's history.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tickets')
    .addColumn('received_without_load', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();
}
