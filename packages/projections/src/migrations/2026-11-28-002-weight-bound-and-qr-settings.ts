import type { Kysely } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// The site's maximum weight and the digital ticket's hash-QR cut-off (null on settings saved before: the defaults).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('settings')
    .addColumn('maximum_weight_kg', 'integer')
    .addColumn('hash_qr_above_ticket_id', 'integer')
    .execute();
}
