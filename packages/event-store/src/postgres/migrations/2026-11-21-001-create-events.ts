import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration once committed; add a new, later-dated one instead. `Kysely<any>`, so it
// does not depend on today's table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('global_position', 'bigserial', (col) => col.primaryKey())
    // The appending transaction: global readers order by it and stop below the snapshot's xmin.
    .addColumn('transaction_id', sql`xid8`, (col) => col.notNull().defaultTo(sql`pg_current_xact_id()`))
    .addColumn('stream_id', 'text', (col) => col.notNull())
    .addColumn('stream_version', 'integer', (col) => col.notNull())
    .addColumn('event_id', 'uuid', (col) => col.notNull().unique())
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('data', 'jsonb', (col) => col.notNull())
    .addColumn('metadata', 'jsonb', (col) => col.notNull())
    .addColumn('recorded_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('events_stream_version_unique', ['stream_id', 'stream_version'])
    .execute();
  await db.schema
    .createIndex('events_transaction_position_idx')
    .on('events')
    .columns(['transaction_id', 'global_position'])
    .execute();
  // History is the audit trail: refuse rewriting it, even by hand.
  await sql`
        CREATE FUNCTION events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION 'events are append-only (% refused)', TG_OP;
        END $$`.execute(db);
  await sql`
        CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON events
        FOR EACH STATEMENT EXECUTE FUNCTION events_refuse_change()`.execute(db);
}
