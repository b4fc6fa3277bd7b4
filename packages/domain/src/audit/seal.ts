import { Type } from '@sinclair/typebox';
import { OneOf } from '../schemas';

/** Why a seal was taken: the hourly one, the site day's last, or an administrator's. */
export const sealReasons = ['hourly', 'end-of-day', 'on-demand'] as const;

/**
 * A seal of every stream's head (issue 31, item 2; docs/event-store.md, "Seals"): the signed Merkle root and
 * what it covers. The event store's `event-seal.ts` says which bytes are signed.
 */
export const SealEventSchemas = {
  EventsSealed: Type.Object({
    sealedAt: Type.String({ format: 'date-time' }),
    streams: Type.Integer({ description: 'Streams sealed (all but the seal stream)' }),
    events: Type.Integer({ description: 'Events in them: the sum of their head versions' }),
    merkleRoot: Type.String({ description: 'SHA-256 Merkle root of the heads, lower-case hex' }),
    reason: OneOf(sealReasons),
    keyId: Type.String({ description: 'First 16 hex digits of SHA-256 of the public key' }),
    publicKey: Type.String({ description: 'The raw Ed25519 public key, base64url' }),
    signature: Type.String({ description: 'Ed25519 signature, base64url' }),
  }),
};
