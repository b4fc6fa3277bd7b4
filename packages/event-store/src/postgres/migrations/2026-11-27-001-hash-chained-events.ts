import { CompiledQuery, type Kysely, sql } from 'kysely';
import { eventChainHash, eventContentHash, streamChainGenesis } from '../../event-chain';
import { type ChainRow, eventsInStreamOrder } from '../events-in-stream-order';
import { appendEventsFunction } from './append-events-function';

const backFillPageSize = 5_000;

// Frozen: never edit a migration once committed; add a new, later-dated one instead. `Kysely<any>`, so it
// does not depend on today's table types.
export async function up(db: Kysely<any>): Promise<void> {
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
  await sql
    .raw(
      appendEventsFunction({
        declarations: `          v_chain_hash bytea;
          v_chain_hashes bytea[];
          v_content_hash bytea;
          v_event jsonb;
          v_n bigint;
`,
        readHead: `              -- No row: both stay NULL.
              SELECT e.stream_version, e.chain_hash INTO v_actual, v_chain_hash
              FROM events e WHERE e.stream_id = v_stream_id ORDER BY e.stream_version DESC LIMIT 1;
              v_actual := coalesce(v_actual, 0);
`,
        insertEvents: `                -- A head without a hash was written around this function; verification reports it.
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
`,
      }),
    )
    .execute(db);
}

/**
 * Hashes the events already stored, stream by stream, as if each had been appended with the chain, and
 * records each stream's back-filled head in event_chain_starts. Only the hash columns are written: the
 * append-only trigger is off for this transaction's UPDATEs alone (ALTER TABLE is transactional, and its
 * lock keeps every other session from writing or reading events until the migration commits).
 */
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
