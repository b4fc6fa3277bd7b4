import { Kysely, type Migration, Migrator, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';

/** Frozen: never edit a migration once committed; add a new, later-dated one instead. */
const migrations: Record<string, Migration> = {
  '2026-11-21-001-create-events': {
    // biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's table types.
    async up(db: Kysely<any>) {
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
    },
  },
  '2026-11-23-001-append-events-function': {
    // biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's table types.
    async up(db: Kysely<any>) {
      // One call, one round trip, one transaction for a batch of appends, each checked on its own and in
      // order (a later one sees the earlier ones' rows): ids already appended give the earlier result
      // ('repeated', no write), reused ids 'ids_reused', a wrong expected version 'wrong_version' with the
      // actual version, else 'appended' with the positions. Each append is {streamId, expected ('any',
      // 'stream_exists' or the exact version), events, checkIds (false when the caller generated every
      // id, so none can have been appended before)}. Rows keep the xid8 default.
      await sql`
        CREATE OR REPLACE FUNCTION append_events(p_appends jsonb)
        RETURNS TABLE (n bigint, outcome text, next_version integer, last_transaction_id xid8,
          last_global_position bigint)
        LANGUAGE plpgsql AS $$
        DECLARE
          v_append jsonb;
          v_stream_id text;
          v_expected text;
          v_events jsonb;
          v_found integer;
          v_same_append boolean;
          v_last_version integer;
          v_actual integer;
          v_satisfied boolean;
        BEGIN
          FOR v_append, n IN SELECT a.value, a.ordinality FROM jsonb_array_elements(p_appends) WITH ORDINALITY a
            ORDER BY a.ordinality
          LOOP
            v_stream_id := v_append->>'streamId';
            v_expected := v_append->>'expected';
            v_events := v_append->'events';
            outcome := NULL;
            next_version := NULL;
            last_transaction_id := NULL;
            last_global_position := NULL;

            IF (v_append->>'checkIds')::boolean THEN
              SELECT count(*)::integer,
                bool_and(e.stream_id = v_stream_id) AND max(e.stream_version - a.n) = min(e.stream_version - a.n),
                max(e.stream_version)
              INTO v_found, v_same_append, v_last_version
              FROM jsonb_array_elements(v_events) WITH ORDINALITY AS a(event, n)
              JOIN events e ON e.event_id = (a.event->>'eventId')::uuid;
              IF v_found > 0 AND (v_found < jsonb_array_length(v_events) OR NOT v_same_append) THEN
                outcome := 'ids_reused';
              ELSIF v_found > 0 THEN
                SELECT 'repeated', e.stream_version, e.transaction_id, e.global_position
                INTO outcome, next_version, last_transaction_id, last_global_position
                FROM events e WHERE e.stream_id = v_stream_id AND e.stream_version = v_last_version;
              END IF;
            END IF;

            IF outcome IS NULL THEN
              SELECT coalesce(max(e.stream_version), 0) INTO v_actual FROM events e WHERE e.stream_id = v_stream_id;
              v_satisfied := CASE v_expected
                WHEN 'any' THEN true
                WHEN 'stream_exists' THEN v_actual > 0
                ELSE v_actual = v_expected::bigint
              END;
              IF v_satisfied THEN
                WITH inserted AS (
                  INSERT INTO events (stream_id, stream_version, event_id, event_type, data, metadata)
                  SELECT v_stream_id, v_actual + a.n, (a.event->>'eventId')::uuid, a.event->>'type', a.event->'data',
                    a.event->'metadata'
                  FROM jsonb_array_elements(v_events) WITH ORDINALITY AS a(event, n)
                  ORDER BY a.n
                  RETURNING global_position
                )
                SELECT 'appended', v_actual + count(*)::integer, pg_current_xact_id(), max(i.global_position)
                INTO outcome, next_version, last_transaction_id, last_global_position
                FROM inserted i;
              ELSE
                outcome := 'wrong_version';
                next_version := v_actual;
              END IF;
            END IF;
            RETURN NEXT;
          END LOOP;
        END $$`.execute(db);
    },
  },
};

/** Creates or upgrades the event store schema; safe to call concurrently and repeatedly. */
export async function migrateEventStore(pool: pg.Pool): Promise<void> {
  // Not destroyed afterwards: that would end the caller's pool.
  // biome-ignore lint/suspicious/noExplicitAny: the migrator needs no table types.
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Own tables, so the read side's Migrator never sees migrations it does not know.
    migrationTableName: 'event_store_migration',
    migrationLockTableName: 'event_store_migration_lock',
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
