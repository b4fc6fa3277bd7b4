import type pg from 'pg';
import { eventChainHash, eventContentHash, streamChainGenesis } from '../event-chain';
import { type RedactionVoucher, redactionEventType, vouchersOf } from '../event-redaction';
import { sealMerkleRoot, sealSignatureHolds, sealStreamId } from '../event-seal';
import { type EventsSealedData, sealedHeads } from './event-seals';
import { type ChainRow, eventsInStreamOrder } from './events-in-stream-order';

/**
 * Why a stream's chain breaks at an event:
 * - `missing-event`: the stream skips this version (an event was deleted);
 * - `missing-hash`: the event has no hash (written around append_events);
 * - `content-changed`: its id, type, data or metadata are not what was hashed (edited), and no later event of
 *   its stream vouches for it as redacted to exactly what it holds;
 * - `chain-broken`: its content is as hashed, but it does not link to the event before it at this version
 *   (reordered, inserted, renumbered, or a hash edited).
 * Against the seals (after every chain held):
 * - `seal-signature-invalid`: a seal (at this version of the seal stream) is not signed by a kept key;
 * - `seal-heads-changed`: the heads the latest seal recorded do not hash to the root it signed;
 * - `stream-missing`: a stream the latest seal covers has no event left;
 * - `truncated`: a stream's head is behind the one sealed (position: the first version gone);
 * - `sealed-head-changed`: the event at a sealed head is not the one sealed (the stream's tail rewritten).
 */
export type ChainBreakReason =
  | 'missing-event'
  | 'missing-hash'
  | 'content-changed'
  | 'chain-broken'
  | 'seal-signature-invalid'
  | 'seal-heads-changed'
  | 'stream-missing'
  | 'truncated'
  | 'sealed-head-changed';

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
  /**
   * The seal public keys kept (raw, base64url): a seal signed by any other key is a break. Without it only the
   * chains are walked (the event corpus, the bench); the portal's route, run and `npm run verify` always pass it.
   */
  sealKeys?: readonly string[];
  /** Called after each page with the events checked so far; the walk waits for what it returns. */
  onProgress?(checkedEvents: number): void | Promise<void>;
}

const defaultPageSize = 5_000;

/** A break before its time is looked up. */
type FoundBreak = Omit<ChainBreak, 'recordedAt'> & { recordedVersion: number };

/** The redactions vouched for, by stream id and version (`${streamId}\n${version}`). */
type Vouchers = ReadonlyMap<string, RedactionVoucher>;
const voucherKey = (streamId: string, version: number) => `${streamId}\n${version}`;

/** Whether a voucher says the event chained with `chained` now holds content hashing to `now`. */
const vouchedFor = (voucher: RedactionVoucher | undefined, chained: Buffer, now: Buffer) =>
  voucher !== undefined &&
  voucher.originalContentHash === chained.toString('hex') &&
  voucher.redactedContentHash === now.toString('hex');

/**
 * Where `row` breaks its stream's chain, given the hash and version of the event before it; null when it holds.
 * A redacted event links by the content hash it was chained with, which a voucher of its stream names.
 */
export function breakAt(
  row: ChainRow,
  previousHash: Buffer,
  previousVersion: number,
  vouchers: Vouchers = new Map(),
): FoundBreak | null {
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
  if (
    !contentHash.equals(row.content_hash) &&
    !vouchedFor(vouchers.get(voucherKey(row.stream_id, row.stream_version)), row.content_hash, contentHash)
  )
    return at(row.stream_version, 'content-changed');
  const chainHash = eventChainHash(previousHash, row.content_hash, row.stream_version, row.stream_id);
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

interface SealRow {
  stream_version: number;
  data: EventsSealedData;
  recorded_at: Date;
}

/**
 * The first break the seals show: a seal not signed by a kept key, then, against the latest seal, a stream
 * whose head is no longer the one it sealed. Null when they hold.
 */
async function sealBreak(pool: pg.Pool, sealKeys: readonly string[]): Promise<ChainBreak | null> {
  const { rows: seals } = await pool.query<SealRow>(
    `SELECT stream_version, data, recorded_at FROM events WHERE stream_id = $1 AND event_type = 'EventsSealed'
     ORDER BY stream_version`,
    [sealStreamId],
  );
  const at = (
    streamId: string,
    position: number,
    reason: ChainBreakReason,
    recordedAt: Date,
  ): ChainBreak => ({
    streamId,
    position,
    reason,
    recordedAt: recordedAt.toISOString(),
  });
  for (const seal of seals) {
    const { keyId: _, publicKey, signature, ...facts } = seal.data;
    if (!sealKeys.includes(publicKey) || !sealSignatureHolds(facts, signature, publicKey))
      return at(sealStreamId, seal.stream_version, 'seal-signature-invalid', seal.recorded_at);
  }
  const latest = seals.at(-1);
  if (!latest) return null;
  const heads = await sealedHeads(pool, latest.stream_version);
  if (
    sealMerkleRoot(heads).toString('hex') !== latest.data.merkleRoot ||
    heads.length !== latest.data.streams
  )
    return at(sealStreamId, latest.stream_version, 'seal-heads-changed', latest.recorded_at);
  const { rows: now } = await pool.query<{
    stream_id: string;
    head: number | null;
    sealed_hash: Buffer | null;
    head_recorded_at: Date | null;
  }>(
    `SELECT h.stream_id, last.stream_version AS head, sealed.chain_hash AS sealed_hash,
            last.recorded_at AS head_recorded_at
     FROM unnest($1::text[], $2::int[]) AS h(stream_id, stream_version)
     LEFT JOIN events sealed ON sealed.stream_id = h.stream_id AND sealed.stream_version = h.stream_version
     LEFT JOIN LATERAL (SELECT stream_version, recorded_at FROM events e WHERE e.stream_id = h.stream_id
                        ORDER BY stream_version DESC LIMIT 1) last ON true`,
    [heads.map((head) => head.streamId), heads.map((head) => head.version)],
  );
  const found = new Map(now.map((row) => [row.stream_id, row]));
  for (const head of heads) {
    const row = found.get(head.streamId);
    if (!row?.head || !row.head_recorded_at)
      return at(head.streamId, head.version, 'stream-missing', latest.recorded_at);
    if (row.head < head.version) return at(head.streamId, row.head + 1, 'truncated', latest.recorded_at);
    if (!row.sealed_hash?.equals(head.chainHash))
      return at(head.streamId, head.version, 'sealed-head-changed', row.head_recorded_at);
  }
  return null;
}

/**
 * The vouchers of a stream's redaction events, read only when one of its events no longer hashes as chained
 * (a redaction is rare: reading them for every verify would scan every event). The vouching events are
 * checked by the walk like any other, so an edited voucher breaks its own stream's chain.
 */
async function streamVouchers(pool: pg.Pool, streamId: string): Promise<Vouchers> {
  const { rows } = await pool.query<ChainRow>(
    'SELECT stream_id, event_type, data FROM events WHERE stream_id = $1 AND event_type = $2',
    [streamId, redactionEventType],
  );
  return vouchersIn(rows);
}

/** The vouchers the redaction events among `rows` carry. */
export function vouchersIn(rows: readonly Pick<ChainRow, 'stream_id' | 'event_type' | 'data'>[]): Vouchers {
  return new Map(
    rows.flatMap((row) =>
      vouchersOf({ type: row.event_type, data: row.data }).map(
        (voucher) => [voucherKey(row.stream_id, voucher.version), voucher] as const,
      ),
    ),
  );
}

/**
 * Walks every stream's hash chain in the PostgreSQL event store (streams in id order, each from its first
 * event) and stops at the first event that breaks one; then checks every seal's signature against the kept
 * keys and the latest seal's heads against the streams (a tail cut off, a stream dropped, a tail rewritten),
 * which the chains alone cannot show (docs/event-store.md, "Seals").
 */
export async function verifyEventChains(
  pool: pg.Pool,
  { pageSize = defaultPageSize, onProgress, sealKeys }: VerifyEventChainsOptions = {},
): Promise<ChainVerification> {
  const query = async (text: string, values: unknown[]) => (await pool.query<ChainRow>(text, values)).rows;
  let vouchers: Vouchers | undefined;
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
        vouchers = undefined;
      }
      let found = breakAt(row, previousHash, previousVersion, vouchers);
      if (found?.reason === 'content-changed' && !vouchers) {
        vouchers = await streamVouchers(pool, row.stream_id);
        found = breakAt(row, previousHash, previousVersion, vouchers);
      }
      if (found) return { ok: false, checkedEvents, firstBreak: await withRecordedAt(pool, found) };
      previousHash = row.chain_hash as Buffer;
      previousVersion = row.stream_version;
      checkedEvents++;
    }
    await onProgress?.(checkedEvents);
  }
  const firstBreak = sealKeys ? await sealBreak(pool, sealKeys) : null;
  return { ok: firstBreak === null, checkedEvents, firstBreak };
}
