import { type Kysely, sql } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// A ticket log entry keeps the fields its event changed, not the whole record before and after: every ticket
// event has its entry, so folding them in order gives both back (packages/projections/src/tickets/ticket-log.ts). A
// whole record is a valid set of changes, so the entries written before keep their meaning as they are.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE ticket_log DROP COLUMN current_data_object`.execute(db);
  await sql`ALTER TABLE ticket_log RENAME COLUMN updated_data_object TO changed_fields`.execute(db);
}
