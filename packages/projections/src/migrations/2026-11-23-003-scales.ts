import type { Kysely } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// Scales are reference data (name only); their live readings are not events and live elsewhere.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scales')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('scale_name', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .execute();
}
