import { hash } from 'node:crypto';
import canonicalize from 'canonicalize';

/**
 * The per-stream hash chain (docs/event-store.md, "Hash chain"), version 1. Frozen: a stored hash must
 * verify for ever, so a new encoding gets new functions and a new version, never edits to these.
 */

/** What an event's content hash covers: its id, type, data and metadata, as stored. */
interface ChainedContent {
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

const hashBytes = 32;

/** The previous hash of every stream's first event. */
export const streamChainGenesis: Buffer = Buffer.alloc(hashBytes);

/** SHA-256 of the UTF-8 bytes of the RFC 8785 (JCS) canonical JSON of {data, eventId, metadata, type}. */
export function eventContentHash({ eventId, type, data, metadata }: ChainedContent): Buffer {
  const canonical = canonicalize({ data, eventId, metadata, type });
  if (canonical === undefined) throw new Error(`Event ${eventId} has no JSON form`);
  // One-shot: a third faster than createHash for an event's few hundred bytes, and verify hashes every event.
  return hash('sha256', canonical, 'buffer');
}

/**
 * SHA-256 of previous hash (32 bytes) || content hash (32 bytes) || stream version (8 bytes, signed big-endian)
 * || stream id (UTF-8, the rest). Only the last field has no fixed width, so no two inputs share bytes.
 * append_events computes the same in SQL: sha256(previous || content || int8send(version) || convert_to(id, 'UTF8')).
 */
export function eventChainHash(
  previousHash: Buffer,
  contentHash: Buffer,
  streamVersion: number,
  streamId: string,
): Buffer {
  const input = Buffer.allocUnsafe(2 * hashBytes + 8 + Buffer.byteLength(streamId, 'utf8'));
  previousHash.copy(input, 0);
  contentHash.copy(input, hashBytes);
  input.writeBigInt64BE(BigInt(streamVersion), 2 * hashBytes);
  input.write(streamId, 2 * hashBytes + 8, 'utf8');
  return hash('sha256', input, 'buffer');
}
