import type pg from 'pg';
import { eventChainHash, eventContentHash, streamChainGenesis } from '../event-chain';
import { type ChainRow, eventsInStreamOrder } from './events-in-stream-order';

/**
 * Why a stream's chain breaks at an event:
 * - `missing-event`: the stream skips this version (an event was deleted);
 * - `missing-hash`: the event has no hash (written around append_events);
 * - `content-changed`: its id, type, data or metadata are not what was hashed (edited);
 * - `chain-broken`: its content is as hashed, but it does not link to the event before it at this version
 *   (reordered, inserted, renumbered, or a hash edited).
 */
export type ChainBreakReason = 'missing-event' | 'missing-hash' | 'content-changed' | 'chain-broken';

export interface ChainBreak {
  streamId: string;
  /** The stream version where the chain breaks (for a missing event, the version that is missing). */
  position: number;
  reason: ChainBreakReason;
  /** When the event found at (or, for a missing one, just after) that position was recorded, ISO-8601. */
  recordedAt: string;
}

export interface ChainVerification {
  ok: boolean;
  /** Events whose links held, up to the first break. */
  checkedEvents: number;
  firstBreak: ChainBreak | null;
}

interface VerifyEventChainsOptions {
  pageSize?: number;
  /** Called after each page with the events checked so far; the walk waits for what it returns. */
  onProgress?(checkedEvents: number): void | Promise<void>;
}

const defaultPageSize = 5_000;

/** A break before its time is looked up. */
type FoundBreak = Omit<ChainBreak, 'recordedAt'> & { recordedVersion: number };

/** Where `row` breaks its stream's chain, given the hash and version of the event before it; null when it holds. */
function breakAt(row: ChainRow, previousHash: Buffer, previousVersion: number): FoundBreak | null {
  const at = (position: number, reason: ChainBreakReason): FoundBreak => ({
    streamId: row.stream_id,
    position,
    reason,
    recordedVersion: row.stream_version,
  });
  if (row.stream_version !== previousVersion + 1) return at(previousVersion + 1, 'missing-event');
  if (!row.content_hash || !row.chain_hash) return at(row.stream_version, 'missing-hash');
  const contentHash = eventContentHash({
    eventId: row.event_id,
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
  });
  if (!contentHash.equals(row.content_hash)) return at(row.stream_version, 'content-changed');
  const chainHash = eventChainHash(previousHash, contentHash, row.stream_version, row.stream_id);
  if (!chainHash.equals(row.chain_hash)) return at(row.stream_version, 'chain-broken');
  return null;
}

async function withRecordedAt(pool: pg.Pool, { recordedVersion, ...found }: FoundBreak): Promise<ChainBreak> {
  const { rows } = await pool.query<{ recorded_at: Date }>(
    'SELECT recorded_at FROM events WHERE stream_id = $1 AND stream_version = $2',
    [found.streamId, recordedVersion],
  );
  const recorded = rows[0];
  if (!recorded)
    throw new Error(`Event ${recordedVersion} of ${found.streamId} went away while it was verified`);
  return { ...found, recordedAt: recorded.recorded_at.toISOString() };
}

/**
 * Walks every stream's hash chain in the PostgreSQL event store (streams in id order, each from its first
 * event) and stops at the first event that breaks one. It cannot see a stream's tail cut off or a whole
 * stream dropped: that takes seals (docs/event-store.md, "Hash chain").
 */
export async function verifyEventChains(
  pool: pg.Pool,
  { pageSize = defaultPageSize, onProgress }: VerifyEventChainsOptions = {},
): Promise<ChainVerification> {
  const query = async (text: string, values: unknown[]) => (await pool.query<ChainRow>(text, values)).rows;
  let checkedEvents = 0;
  let streamId: string | undefined;
  let previousHash = streamChainGenesis;
  let previousVersion = 0;
  for await (const page of eventsInStreamOrder(query, pageSize)) {
    for (const row of page) {
      if (row.stream_id !== streamId) {
        streamId = row.stream_id;
        previousHash = streamChainGenesis;
        previousVersion = 0;
      }
      const found = breakAt(row, previousHash, previousVersion);
      if (found) return { ok: false, checkedEvents, firstBreak: await withRecordedAt(pool, found) };
      previousHash = row.chain_hash as Buffer;
      previousVersion = row.stream_version;
      checkedEvents++;
    }
    await onProgress?.(checkedEvents);
  }
  return { ok: true, checkedEvents, firstBreak: null };
}
