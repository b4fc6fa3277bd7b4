import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A ticket's link nonce: made at generation and again at each revocation. */
export const newHashNonce = (): string => randomBytes(16).toString('hex');

/**
 * The public link's hash (docs/security.md, "Public ticket link"): 128 bits of an HMAC over the ticket id and its
 * per-ticket nonce, keyed by the link secret (LINK_SECRET). It cannot be guessed, is bound to one
 * ticket, and is revoked by changing the nonce.
 */
export function ticketHash(secret: string, ticketId: number, nonce: string): string {
  return createHmac('sha256', secret)
    .update(`ticket-link:${ticketId}:${nonce}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function isTicketHash(secret: string, ticketId: number, nonce: string, candidate: string): boolean {
  const expected = Buffer.from(ticketHash(secret, ticketId, nonce));
  const given = Buffer.from(candidate);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
