import { createHash, randomBytes } from 'node:crypto';

/**
 * Keys machines present (scale bridge keys, API keys): 256 random bits behind a prefix that says what the
 * key is for, stored only as their SHA-256. A slow password hash (argon2) is for guessable secrets; no one
 * guesses 256 random bits, so a fast hash is as safe, costs each request microseconds rather than tens of
 * milliseconds, and a copy of the database still opens nothing.
 */
export const keyHashOf = (key: string): Buffer => createHash('sha256').update(key).digest();

/** A new key with `prefix`, and the hash to store in its place. */
export function newRandomKey(prefix: string): { key: string; keyHash: Buffer } {
  const key = `${prefix}${randomBytes(32).toString('base64url')}`;
  return { key, keyHash: keyHashOf(key) };
}
