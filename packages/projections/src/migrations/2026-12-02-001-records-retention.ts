import type { Kysely } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// Records retention (issue 31, item 5): the period the site keeps tickets' personal data, and the legal
// holds that suspend it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('retention_policy')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('ticket_personal_data_years', 'integer')
    .addColumn('version', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('legal_holds')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('project_id', 'integer')
    .addColumn('contractor_company_id', 'integer')
    .addColumn('from_ticket_id', 'integer')
    .addColumn('to_ticket_id', 'integer')
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .execute();
}
