import type pg from 'pg';
import { streamChainGenesis } from '../event-chain';
import { sealStreamId } from '../event-seal';
import { type SealAbsenceProof, type SealedHeadProof, sealMerkleProofs } from '../seal-merkle-proof';
import { type EventsSealedData, sealedHeads } from './event-seals';
import type { ChainRow } from './events-in-stream-order';

/** An event as an audit export carries it: as stored, with its content hash and both ends of its link. */
export interface ChainedEvent {
  streamVersion: number;
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
  recordedAt: string;
  /** Lower-case hex; null for an event written around append_events (verify reports it). */
  contentHash: string | null;
  /** The chain hash of the event before it in its stream (32 zero bytes for the first), lower-case hex. */
  previousHash: string;
  chainHash: string | null;
}

/** The latest seal, and the proofs of whether it covers each stream asked for, and at which head. */
export interface LatestSeal {
  seal: EventsSealedData & { sealVersion: number };
  /** By stream id, for the streams the seal covers… */
  proofs: Map<string, SealedHeadProof>;
  /** …and for the others (created after it), the proof that it does not cover them. */
  absences: Map<string, SealAbsenceProof>;
}

/**
 * The latest seal and the Merkle proofs of the heads it sealed for `streamIds`; null before the first seal.
 * Read in one repeatable-read snapshot: a seal taken meanwhile drops the leaves of this one.
 */
export async function latestSealProofs(
  pool: pg.Pool,
  streamIds: Iterable<string>,
): Promise<LatestSeal | null> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ stream_version: number; data: EventsSealedData }>(
      `SELECT stream_version, data FROM events WHERE stream_id = $1 AND event_type = 'EventsSealed'
       ORDER BY stream_version DESC LIMIT 1`,
      [sealStreamId],
    );
    const latest = rows[0];
    const heads = latest ? await sealedHeads(client, latest.stream_version) : [];
    await client.query('COMMIT');
    if (!latest) return null;
    const { proofs, absences } = sealMerkleProofs(heads, streamIds);
    return { seal: { sealVersion: latest.stream_version, ...latest.data }, proofs, absences };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** A stored event with its hashes (as verify reads it) and the time it was recorded. */
type EventRow = Omit<ChainRow, 'global_position'> & { recorded_at: Date };

/** Streams read per statement: enough rows to keep PostgreSQL busy, few enough to keep memory flat. */
const streamsPerQuery = 200;

/**
 * Every event of each of `streamIds`, from its first, in version order, one stream at a time (streams in the
 * order given; a stream with no events is left out). Pages of streams are read one ahead of the caller.
 */
export async function* chainedStreams(
  pool: pg.Pool,
  streamIds: readonly string[],
): AsyncGenerator<{ streamId: string; events: ChainedEvent[] }> {
  const read = (batch: readonly string[]) =>
    pool.query<EventRow>(
      `SELECT stream_id, stream_version, event_id, event_type, data, metadata, recorded_at, content_hash, chain_hash
       FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, stream_version`,
      [batch],
    );
  let next = read(streamIds.slice(0, streamsPerQuery));
  for (let start = 0; start < streamIds.length; start += streamsPerQuery) {
    const { rows } = await next;
    const batch = streamIds.slice(start, start + streamsPerQuery);
    next = read(streamIds.slice(start + streamsPerQuery, start + 2 * streamsPerQuery));
    // A caller that stops early leaves the prefetched page unread: its failure is no one's to report.
    next.catch(() => {});
    const byStream = new Map<string, ChainedEvent[]>();
    for (const row of rows) {
      const events = byStream.get(row.stream_id) ?? [];
      if (events.length === 0) byStream.set(row.stream_id, events);
      events.push({
        streamVersion: row.stream_version,
        eventId: row.event_id,
        type: row.event_type,
        data: row.data,
        metadata: row.metadata,
        recordedAt: row.recorded_at.toISOString(),
        contentHash: row.content_hash?.toString('hex') ?? null,
        previousHash: (events.at(-1)?.chainHash ?? streamChainGenesis.toString('hex')) as string,
        chainHash: row.chain_hash?.toString('hex') ?? null,
      });
    }
    for (const streamId of batch) {
      const events = byStream.get(streamId);
      if (events) yield { streamId, events };
    }
  }
}
