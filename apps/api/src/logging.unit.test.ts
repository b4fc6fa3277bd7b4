import { endpoints } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { loggedQueryNames, urlForLog } from './logging';

const hash = 'Zm9vYmFyYmF6cXV4cXV1eA';

describe('urlForLog', () => {
  it("takes the route's hash parameter out of the path, however it was percent-encoded", () => {
    expect(urlForLog(`/api/ticket/5/${hash}`, { matched: true, hash })).toBe('/api/ticket/5/[redacted]');
    expect(urlForLog('/api/ticket/5/%5Am9vYmFyYmF6cXV4cXV1eA', { matched: true, hash })).toBe(
      '/api/ticket/5/[redacted]',
    );
  });

  it('takes every hash query value out, whatever its spelling, and leaves the listed ones', () => {
    expect(urlForLog(`/ticket/5?hash=${hash}`, { matched: true })).toBe('/ticket/5?hash=[redacted]');
    expect(urlForLog(`/ticket/5?page=1&h%61sh=${hash}&HASH=x&perPage=2&hash`, { matched: true })).toBe(
      '/ticket/5?page=1&h%61sh=[redacted]&HASH=[redacted]&perPage=2&hash=[redacted]',
    );
    expect(urlForLog(`/api/ticket/5/${hash}?hash=${hash}`, { matched: true, hash })).toBe(
      '/api/ticket/5/[redacted]?hash=[redacted]',
    );
  });

  it('takes every token-like segment out of a path that matched no route', () => {
    expect(urlForLog(`/api/ticket/5/${hash}/extra`, { matched: false })).toBe(
      '/api/ticket/5/[redacted]/extra',
    );
    expect(urlForLog('/api/ticket/5/short/extra', { matched: false })).toBe('/api/ticket/5/short/extra');
  });

  it('takes out every query value not listed: filters, addresses, names, anything unknown', () => {
    expect(
      urlForLog(
        '/api/ticket/report/dailysummary?selectedDate=2026-11-27&emails=dan%40example.com&ignoreLock=true',
        { matched: true },
      ),
    ).toBe('/api/ticket/report/dailysummary?selectedDate=2026-11-27&emails=[redacted]&ignoreLock=true');
    expect(urlForLog('/api/ticket/latest/active?filter=Dan+Driver&page=2', { matched: true })).toBe(
      '/api/ticket/latest/active?filter=[redacted]&page=2',
    );
    expect(urlForLog('/api/contractorcompany/all?name=Acme&x=%zz&p%61ge=3', { matched: true })).toBe(
      '/api/contractorcompany/all?name=[redacted]&x=[redacted]&p%61ge=3',
    );
  });

  it('lists only query parameters the contract declares, and none that names a person or opens a link', () => {
    const declared = new Set(
      Object.values(endpoints).flatMap((endpoint) =>
        'querystring' in endpoint && endpoint.querystring
          ? Object.keys((endpoint.querystring as { properties: object }).properties)
          : [],
      ),
    );
    for (const name of loggedQueryNames) expect(declared, name).toContain(name);
    for (const name of ['hash', 'filter', 'emails', 'name'])
      expect(loggedQueryNames.has(name), name).toBe(false);
  });

  it('leaves URLs without a query, and undecodable path text, as they are', () => {
    expect(urlForLog('/api/ticket/5', { matched: true })).toBe('/api/ticket/5');
    expect(urlForLog('/api/ticket/5/%zz', { matched: true, hash: 'abc' })).toBe('/api/ticket/5/%zz');
  });
});
