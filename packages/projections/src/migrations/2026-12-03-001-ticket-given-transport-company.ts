import type { Kysely } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// Issue 32: the Truck Dispatch page no longer lists the haulage companies; a driver types the name, and one
// no registered company has is kept here until the office registers or picks it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tickets').addColumn('given_transport_company_name', 'text').execute();
}
