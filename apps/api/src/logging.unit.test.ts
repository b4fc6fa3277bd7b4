import { describe, expect, it } from 'vitest';
import { withoutLinkHash } from './logging';

const hash = 'Zm9vYmFyYmF6cXV4cXV1eA';

describe('withoutLinkHash', () => {
  it("takes the route's hash parameter out of the path, however it was percent-encoded", () => {
    expect(withoutLinkHash(`/api/ticket/5/${hash}`, { matched: true, hash })).toBe(
      '/api/ticket/5/[redacted]',
    );
    expect(withoutLinkHash('/api/ticket/5/%5Am9vYmFyYmF6cXV4cXV1eA', { matched: true, hash })).toBe(
      '/api/ticket/5/[redacted]',
    );
  });

  it('takes every hash query value out, whatever its spelling, and leaves the rest', () => {
    expect(withoutLinkHash(`/ticket/5?hash=${hash}`, { matched: true })).toBe('/ticket/5?hash=[redacted]');
    expect(withoutLinkHash(`/ticket/5?a=1&h%61sh=${hash}&HASH=x&b=2&hash`, { matched: true })).toBe(
      '/ticket/5?a=1&h%61sh=[redacted]&HASH=[redacted]&b=2&hash=[redacted]',
    );
    expect(withoutLinkHash(`/api/ticket/5/${hash}?hash=${hash}`, { matched: true, hash })).toBe(
      '/api/ticket/5/[redacted]?hash=[redacted]',
    );
  });

  it('takes every token-like segment out of a path that matched no route', () => {
    expect(withoutLinkHash(`/api/ticket/5/${hash}/extra`, { matched: false })).toBe(
      '/api/ticket/5/[redacted]/extra',
    );
    expect(withoutLinkHash('/api/ticket/5/short/extra', { matched: false })).toBe(
      '/api/ticket/5/short/extra',
    );
  });

  it('leaves URLs without a hash, and undecodable text, as they are', () => {
    expect(withoutLinkHash('/api/ticket/5?filter=active', { matched: true })).toBe(
      '/api/ticket/5?filter=active',
    );
    expect(withoutLinkHash('/api/ticket/5/%zz?x=%zz', { matched: true, hash: 'abc' })).toBe(
      '/api/ticket/5/%zz?x=%zz',
    );
  });
});
