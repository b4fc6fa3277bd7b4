import type { Kysely } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// The unit the site shows weights in (null on settings saved before it existed: KG).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('settings').addColumn('display_unit', 'text').execute();
}
