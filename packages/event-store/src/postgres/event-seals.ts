import type pg from 'pg';
import { type SealedFacts, type StreamHead, sealStreamId } from '../event-seal';

/** A seal as its event stores it: the facts signed, the key that signed them and the signature. */
export interface EventsSealedData extends SealedFacts {
  keyId: string;
  /** The raw Ed25519 public key, base64url. */
  publicKey: string;
  /** Base64url. */
  signature: string;
}

// One process takes a seal at a time (the hourly timer runs in every worker): 'seal' in ASCII.
const sealLockKey = 0x7365616c;

interface HeadRow {
  stream_id: string;
  stream_version: number;
  chain_hash: Buffer;
}

const toHead = (row: HeadRow): StreamHead => ({
  streamId: row.stream_id,
  version: row.stream_version,
  chainHash: row.chain_hash,
});

/** What is asked of a seal: whether it is due, given the latest one, and how to sign and append it. */
interface SealTaking<Reason, Sealed> {
  /** Null when no seal is due after `previous` (the latest seal, null before the first). */
  reasonFor(previous: EventsSealedData | null): Reason | null;
  /** Signs the heads and appends the seal, expecting the seal stream's version given. */
  append(heads: StreamHead[], expectedVersion: number | 'no_stream', reason: Reason): Promise<Sealed>;
}

/**
 * Seals the heads of every stream but the seal stream, when one is due: under an advisory lock (one session
 * seals at a time, and decides whether one is due only inside it), records the heads as the next seal's
 * leaves, has them signed and appended, then forgets the previous seal's leaves. Null when another session
 * is sealing or none is due. A head without a hash (written around append_events, which verify reports
 * anyway) is sealed with 32 zero bytes.
 */
export async function sealStreamHeads<Reason, Sealed>(
  pool: pg.Pool,
  { reasonFor, append }: SealTaking<Reason, Sealed>,
): Promise<Sealed | null> {
  const client = await pool.connect();
  try {
    const { rows: locked } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1) AS locked',
      [sealLockKey],
    );
    if (!locked[0]?.locked) return null;
    try {
      const { rows: latest } = await client.query<{ stream_version: number; data: EventsSealedData }>(
        'SELECT stream_version, data FROM events WHERE stream_id = $1 ORDER BY stream_version DESC LIMIT 1',
        [sealStreamId],
      );
      const reason = reasonFor(latest[0]?.data ?? null);
      if (reason === null) return null;
      const sealed = latest[0]?.stream_version ?? 0;
      const next = sealed + 1;
      // Leaves left by a seal whose append failed are replaced; one statement reads and records the heads.
      await client.query('DELETE FROM event_seal_heads WHERE seal_version = $1', [next]);
      const { rows } = await client.query<HeadRow>(
        `INSERT INTO event_seal_heads (seal_version, stream_id, stream_version, chain_hash)
         SELECT DISTINCT ON (stream_id) $1, stream_id, stream_version,
                coalesce(chain_hash, '\\x0000000000000000000000000000000000000000000000000000000000000000'::bytea)
         FROM events WHERE stream_id <> $2 ORDER BY stream_id, stream_version DESC
         RETURNING stream_id, stream_version, chain_hash`,
        [next, sealStreamId],
      );
      const answer = await append(rows.map(toHead), sealed === 0 ? 'no_stream' : sealed, reason);
      await client.query('DELETE FROM event_seal_heads WHERE seal_version < $1', [next]);
      return answer;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [sealLockKey]);
    }
  } finally {
    client.release();
  }
}

/** The heads the latest seal (the seal stream's version `sealVersion`) recorded, by stream id. */
export async function sealedHeads(pool: pg.Pool | pg.PoolClient, sealVersion: number): Promise<StreamHead[]> {
  const { rows } = await pool.query<HeadRow>(
    `SELECT stream_id, stream_version, chain_hash FROM event_seal_heads
     WHERE seal_version = $1 ORDER BY stream_id COLLATE "C"`,
    [sealVersion],
  );
  return rows.map(toHead);
}
