import type { Kysely } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// A user's session version: tokens carry it, and a password or role change moves it on, ending them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
