import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { useTestPortal } from '@portal/api/test/portal';
import { afterAll, describe, expect, it } from 'vitest';
import { createStandInUi, standInUiFiles } from '../support/stand-in-ui';

/**
 * Issue 16, item 6: the UI's files go compressed when the browser accepts it, content-hashed assets are
 * cached for a year and the page never, over a real socket (inject would not show what goes on the wire).
 */

const ui = createStandInUi({ precompressed: true });
afterAll(() => ui.remove());
const ctx = useTestPortal({ uiDist: ui.dist });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent, before any decoding. */
  raw: Buffer;
}

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decode the body). */
const get = (url: string, headers: Record<string, string> = {}) =>
  new Promise<Answer>((resolve, reject) => {
    http
      .get(`${ctx.portal.url}${url}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            raw: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });

const decoded = ({ headers, raw }: Answer): string => {
  const encoding = headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return gunzipSync(raw).toString();
  return raw.toString();
};

const varies = (answer: Answer) =>
  String(answer.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/);

describe('a content-hashed asset', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=1.0, br;q=0', 'gzip'],
  ])('asked for with Accept-Encoding "%s" goes %s-encoded', async (accept, encoding) => {
    const answer = await get('/assets/app.js', { 'accept-encoding': accept });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(decoded(answer)).toBe(standInUiFiles['assets/app.js']);
    expect(varies(answer)).toContain('accept-encoding');
  });

  it('goes as it is to a client that accepts no encoding, still marked as varying by it', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const answer = await get('/assets/app.js', headers);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.raw.toString()).toBe(standInUiFiles['assets/app.js']);
      expect(varies(answer)).toContain('accept-encoding');
    }
  });

  it('is cached for a year, never revalidated', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const answer = await get('/assets/app.js', { 'accept-encoding': accept });
      expect(answer.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
    }
  });
});

describe('the page (index.html), at its own path and as the fallback of a deep link', () => {
  it.each(['/', '/index.html', '/dashboard', '/user/12', '/ticket/5?hash=abc'])(
    '%s goes compressed and is revalidated on every load',
    async (url) => {
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const answer = await get(url, { 'accept-encoding': accept });
        expect(answer.status, accept).toBe(200);
        expect(answer.headers['content-type'], accept).toMatch(/^text\/html/);
        expect(answer.headers['content-encoding'], accept).toBe(encoding);
        expect(decoded(answer), accept).toBe(standInUiFiles['index.html']);
        expect(answer.headers['cache-control'], accept).toBe('no-cache');
        expect(varies(answer), accept).toContain('accept-encoding');
      }
    },
  );
});

describe('an API path, however spelled', () => {
  it.each(['/api/nothing', '/API/nothing', '/%61pi/nothing', '/%2Fapi/nothing', '/api'])(
    '%s answers a JSON 404, never the page',
    async (url) => {
      const answer = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(answer.status).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(decoded(answer)).not.toContain('<div id="root">');
    },
  );
});
