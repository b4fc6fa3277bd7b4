import { createHash } from 'node:crypto';
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
  return createHash('sha256').update(canonical, 'utf8').digest();
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
  const version = Buffer.alloc(8);
  version.writeBigInt64BE(BigInt(streamVersion));
  return createHash('sha256')
    .update(previousHash)
    .update(contentHash)
    .update(version)
    .update(streamId, 'utf8')
    .digest();
}
