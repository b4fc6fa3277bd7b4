import { bearer, testStandardUser } from '@portal/api/test/portal';
import { useTicketPortal } from '@portal/api/test/ticket-kit';
import { describe, expect, it } from 'vitest';
import { apiCacheControl } from './browser-security';

// Issue 32, item 5 (L6): no API answer is kept by a browser or a proxy, whoever asks and however it
// ends: the login's token, people, tickets, the public link's ticket, downloads, refusals.
const kit = useTicketPortal({ standardUser: true, companies: true });
const get = (url: string, headers: Record<string, string> = {}) =>
  kit.portal.app.inject({ method: 'GET', url, headers });

describe('Cache-Control on API answers', () => {
  it('the login answer, which carries the token', async () => {
    const login = await kit.portal.app.inject({
      method: 'POST',
      url: '/api/auth/Authenticate',
      payload: testStandardUser,
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe(apiCacheControl);
  });

  it('answers with people, tickets and settings, and a download', async () => {
    const [ticket] = await kit.fresh();
    for (const url of [
      '/api/user/all',
      `/api/ticket/${ticket?.id}`,
      '/api/setting',
      '/api/transportcompany/export',
    ]) {
      const response = await get(url, kit.admin);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(apiCacheControl);
    }
  });

  it("the public link's ticket, which needs no sign-in", async () => {
    const [ticket] = await kit.fresh();
    const { hash } = (await kit.call('GET', `/api/ticket/${ticket?.id}/hash`)).json<{ hash: string }>();
    const open = await get(`/api/ticket/${ticket?.id}/${hash}`);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe(apiCacheControl);
  });

  it('refusals and unknown paths, however spelled', async () => {
    const standard = bearer(await kit.portal.login(testStandardUser.username, testStandardUser.password));
    for (const [url, headers, status] of [
      ['/api/user/all', {}, 401],
      ['/api/user/all', standard, 403],
      ['/api/no-such-route', kit.admin, 404],
      ['//api/setting', kit.admin, 200],
    ] as const) {
      const response = await get(url, headers);
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['cache-control'], url).toBe(apiCacheControl);
    }
  });
});
