import { startTestPortal, type TestPortal, useTestPortal } from '@portal/api/test/portal';
import { afterAll, describe, expect, it } from 'vitest';
import { createStandInUi } from '../support/stand-in-ui';

/** Security headers on every answer: the UI's files and deep links, API answers, refusals, 404s, docs. */

const ui = createStandInUi();
afterAll(() => ui.remove());
const ctx = useTestPortal({ uiDist: ui.dist });

const get = (target: TestPortal, url: string, headers: Record<string, string> = {}) =>
  target.app.inject({ method: 'GET', url, headers });

const directives = (policy: unknown) =>
  new Map(
    String(policy)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name as string, values]),
  );

describe('every answer', () => {
  const answers: [string, string, Record<string, string>?][] = [
    ['the UI page', '/'],
    ['a UI deep link', '/ticket/5?hash=abc'],
    ['a UI asset', '/assets/app.js'],
    ['an API read', '/api/setting', {}],
    ['a refusal', '/api/user/all'],
    ['an unmatched path', '/api/nothing'],
    ['the API reference', '/api/docs/json'],
  ];

  it.each(answers)(
    '%s carries nosniff, no framing, same-origin referrers and a script-tight CSP',
    async (_, url) => {
      const response = await get(ctx.portal, url, url === '/api/setting' ? ctx.admin : {});
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      const policy = directives(response.headers['content-security-policy']);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      // A plain-HTTP site: no HSTS, and no upgrading of its own requests to HTTPS.
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(policy.has('upgrade-insecure-requests')).toBe(false);
    },
  );

  it("the API reference's own policy keeps its script hashes but refuses framing too", async () => {
    const page = await get(ctx.portal, '/api/docs');
    expect(page.statusCode).toBe(200);
    const policy = directives(page.headers['content-security-policy']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('script-src')?.[0]).toBe("'self'");
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('a site served over HTTPS (PUBLIC_URL https://…)', () => {
  it('adds HSTS and upgrades insecure requests', async () => {
    const secure = await startTestPortal({
      uiDist: ui.dist,
      env: { PUBLIC_URL: 'https://portal.example.com' },
    });
    try {
      for (const url of ['/', '/api/nothing', '/api/docs']) {
        const response = await get(secure, url);
        expect(response.headers['strict-transport-security'], url).toBe(
          'max-age=31536000; includeSubDomains',
        );
        expect(
          directives(response.headers['content-security-policy']).has('upgrade-insecure-requests'),
          url,
        ).toBe(true);
      }
    } finally {
      await secure.stop();
    }
  });
});
