import type { Kysely } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// The receiving site's name and address and the soil-quality statement every printed record carries.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('settings')
    .addColumn('receiving_site_name', 'text')
    .addColumn('receiving_site_address', 'text')
    .addColumn('soil_quality_statement', 'text')
    .execute();
}
