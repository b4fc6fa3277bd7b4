import { type Kysely, sql } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// Not a projection (no events behind it, rebuilds leave it alone): mails kept in embedded mode.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox_mail')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('recipients', 'jsonb', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('attachments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('outbox_mail_created_at')
    .on('outbox_mail')
    .columns(['created_at', 'id'])
    .execute();
}
