import { CompiledQuery, Kysely, type Migration, Migrator, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { eventChainHash, eventContentHash, streamChainGenesis } from '../event-chain';
import { type ChainRow, eventsInStreamOrder } from './events-in-stream-order';

const backFillPageSize = 5_000;

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
  '2026-11-27-001-hash-chained-events': {
    // biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's table types.
    async up(db: Kysely<any>) {
      // Nullable: a row written around append_events has none, and verification reports it.
      await sql`ALTER TABLE events ADD COLUMN content_hash bytea, ADD COLUMN chain_hash bytea`.execute(db);
      // Where each chain starts: the events a stream held before this migration were hashed by it, not as
      // they were appended, so their hashes vouch for them only from back_filled_at on.
      await sql`
        CREATE TABLE event_chain_starts (
          stream_id text PRIMARY KEY,
          back_filled_through integer NOT NULL,
          back_filled_at timestamptz NOT NULL DEFAULT now()
        )`.execute(db);
      await backFillChains(db);
      // Each append reads its stream's head (version and hash) and chains its events on it, in SQL, from the
      // content hashes the store computed in Node (RFC 8785 needs no SQL twin that way). Otherwise as before.
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
          v_chain_hash bytea;
          v_chain_hashes bytea[];
          v_content_hash bytea;
          v_event jsonb;
          v_n bigint;
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
              -- No row: both stay NULL.
              SELECT e.stream_version, e.chain_hash INTO v_actual, v_chain_hash
              FROM events e WHERE e.stream_id = v_stream_id ORDER BY e.stream_version DESC LIMIT 1;
              v_actual := coalesce(v_actual, 0);
              v_satisfied := CASE v_expected
                WHEN 'any' THEN true
                WHEN 'stream_exists' THEN v_actual > 0
                ELSE v_actual = v_expected::bigint
              END;
              IF v_satisfied THEN
                -- A head without a hash was written around this function; verification reports it.
                v_chain_hash := coalesce(v_chain_hash, decode(repeat('00', 32), 'hex'));
                v_chain_hashes := ARRAY[]::bytea[];
                FOR v_event, v_n IN SELECT a.event, a.n FROM jsonb_array_elements(v_events) WITH ORDINALITY AS a(event, n)
                  ORDER BY a.n
                LOOP
                  v_content_hash := decode(v_event->>'contentHash', 'hex');
                  IF octet_length(v_content_hash) IS DISTINCT FROM 32 THEN
                    RAISE EXCEPTION 'append to % has an event without its 32-byte content hash', v_stream_id;
                  END IF;
                  v_chain_hash := sha256(v_chain_hash || v_content_hash || int8send(v_actual + v_n)
                    || convert_to(v_stream_id, 'UTF8'));
                  v_chain_hashes := v_chain_hashes || v_chain_hash;
                END LOOP;
                WITH inserted AS (
                  INSERT INTO events (stream_id, stream_version, event_id, event_type, data, metadata, content_hash,
                    chain_hash)
                  SELECT v_stream_id, v_actual + a.n, (a.event->>'eventId')::uuid, a.event->>'type', a.event->'data',
                    a.event->'metadata', decode(a.event->>'contentHash', 'hex'), v_chain_hashes[a.n]
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
  '2026-11-27-002-event-seal-heads': {
    // biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's table types.
    async up(db: Kysely<any>) {
      // The heads (the Merkle tree's leaves) of the latest seal, so verify can name the stream a seal no
      // longer matches; the signed root vouches for them, so an edit here is found too.
      await sql`
        CREATE TABLE event_seal_heads (
          seal_version integer NOT NULL,
          stream_id text NOT NULL,
          stream_version integer NOT NULL,
          chain_hash bytea NOT NULL,
          PRIMARY KEY (seal_version, stream_id)
        )`.execute(db);
    },
  },
};

/**
 * Hashes the events already stored, stream by stream, as if each had been appended with the chain, and
 * records each stream's back-filled head in event_chain_starts. Only the hash columns are written: the
 * append-only trigger is off for this transaction's UPDATEs alone (ALTER TABLE is transactional, and its
 * lock keeps every other session from writing or reading events until the migration commits).
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's table types.
async function backFillChains(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE events DISABLE TRIGGER events_append_only`.execute(db);
  const query = async (text: string, values: unknown[]) =>
    (await db.executeQuery<ChainRow>(CompiledQuery.raw(text, values))).rows;
  let streamId: string | undefined;
  let previousHash = streamChainGenesis;
  for await (const page of eventsInStreamOrder(query, backFillPageSize)) {
    const positions: string[] = [];
    const contentHashes: Buffer[] = [];
    const chainHashes: Buffer[] = [];
    for (const row of page) {
      if (row.stream_id !== streamId) previousHash = streamChainGenesis;
      streamId = row.stream_id;
      const contentHash = eventContentHash({
        eventId: row.event_id,
        type: row.event_type,
        data: row.data,
        metadata: row.metadata,
      });
      previousHash = eventChainHash(previousHash, contentHash, row.stream_version, row.stream_id);
      positions.push(row.global_position);
      contentHashes.push(contentHash);
      chainHashes.push(previousHash);
    }
    await sql`
      UPDATE events e SET content_hash = u.content_hash, chain_hash = u.chain_hash
      FROM unnest(${positions}::bigint[], ${contentHashes}::bytea[], ${chainHashes}::bytea[])
        AS u(global_position, content_hash, chain_hash)
      WHERE e.global_position = u.global_position`.execute(db);
  }
  await sql`
    INSERT INTO event_chain_starts (stream_id, back_filled_through)
    SELECT stream_id, max(stream_version) FROM events GROUP BY stream_id`.execute(db);
  await sql`ALTER TABLE events ENABLE TRIGGER events_append_only`.execute(db);
}

/**
 * Creates or upgrades the event store schema; safe to call concurrently and repeatedly. `upTo` stops after
 * that migration (tests of a later migration start from the schema before it).
 */
export async function migrateEventStore(pool: pg.Pool, { upTo }: { upTo?: string } = {}): Promise<void> {
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
  const { error } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  if (error) throw error;
}
