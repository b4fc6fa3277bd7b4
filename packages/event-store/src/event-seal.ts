import { createPublicKey, hash, type KeyObject, sign, verify } from 'node:crypto';
import canonicalize from 'canonicalize';

/**
 * Seals (docs/event-store.md, "Seals"), version 1: the heads of every stream as an RFC 6962 Merkle tree
 * whose root is signed with Ed25519. Frozen like the chain's encoding: a stored seal must verify for ever.
 */

/** The stream every seal is appended to; it is chained like any stream, and left out of its own tree. */
export const sealStreamId = 'audit-seals';

/** A stream's head as a seal covers it. */
export interface StreamHead {
  streamId: string;
  version: number;
  chainHash: Buffer;
}

/** What a seal's signature covers. */
export interface SealedFacts {
  sealedAt: string;
  streams: number;
  events: number;
  /** Lower-case hex of the Merkle root. */
  merkleRoot: string;
  reason: 'hourly' | 'end-of-day' | 'on-demand';
}

const sha256 = (...parts: Buffer[]) => hash('sha256', Buffer.concat(parts), 'buffer');

/** SHA-256(0x00 || stream version (8 bytes, signed big-endian) || head chain hash (32 bytes) || stream id (UTF-8)). */
export function sealLeafHash({ streamId, version, chainHash }: StreamHead): Buffer {
  const versionBytes = Buffer.alloc(8);
  versionBytes.writeBigInt64BE(BigInt(version));
  return sha256(Buffer.of(0), versionBytes, chainHash, Buffer.from(streamId, 'utf8'));
}

/** RFC 6962's Merkle tree hash over leaf hashes in order; SHA-256 of nothing when there are none. */
function treeHash(leaves: readonly Buffer[]): Buffer {
  if (leaves.length === 0) return sha256();
  if (leaves.length === 1) return leaves[0] as Buffer;
  // The largest power of two below the count: the left subtree is full.
  let split = 1;
  while (split * 2 < leaves.length) split *= 2;
  return sha256(Buffer.of(1), treeHash(leaves.slice(0, split)), treeHash(leaves.slice(split)));
}

/** The Merkle root of the heads, sorted by their stream ids' UTF-8 bytes (PostgreSQL's COLLATE "C"). */
export function sealMerkleRoot(heads: readonly StreamHead[]): Buffer {
  const sorted = [...heads].sort((a, b) =>
    Buffer.compare(Buffer.from(a.streamId, 'utf8'), Buffer.from(b.streamId, 'utf8')),
  );
  return treeHash(sorted.map(sealLeafHash));
}

const sealMessagePrefix = 'portal-seal-v1\n';

/** The bytes signed: 'portal-seal-v1\n' then the RFC 8785 canonical JSON of the sealed facts, UTF-8. */
function sealMessage({ sealedAt, streams, events, merkleRoot, reason }: SealedFacts): Buffer {
  return Buffer.from(
    sealMessagePrefix + canonicalize({ sealedAt, streams, events, merkleRoot, reason }),
    'utf8',
  );
}

/** A public key's raw 32 bytes, base64url (its JWK `x`): how seals and the configuration name it. */
export const rawPublicKey = (key: KeyObject): string => {
  const { x } = key.export({ format: 'jwk' });
  if (!x) throw new Error('Not an Ed25519 key');
  return x;
};

/** The first 16 hex digits of SHA-256 of the raw public key. */
export const sealKeyId = (publicKey: string): string =>
  hash('sha256', Buffer.from(publicKey, 'base64url'), 'hex').slice(0, 16);

/** The Ed25519 signature of the seal's message, base64url. */
export const signSeal = (facts: SealedFacts, privateKey: KeyObject): string =>
  sign(null, sealMessage(facts), privateKey).toString('base64url');

/** Whether `signature` is `publicKey`'s (raw, base64url) over the facts; false for a malformed key or signature. */
export function sealSignatureHolds(facts: SealedFacts, signature: string, publicKey: string): boolean {
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' });
    return verify(null, sealMessage(facts), key, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}
