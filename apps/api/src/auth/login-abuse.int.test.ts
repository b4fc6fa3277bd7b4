import { bearer, startTestPortal, type TestPortal } from '@portal/api/test/portal';
import { testRedisUrl } from '@portal/event-store/test/test-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordHashingBusyMessage } from './passwords';
import { loginMessages } from './routes';

const owner = { username: 'owner@portal.test', password: 'Quartz-lantern-meadow-42' };
const wrong = 'not-the-password';
const lockedOut = loginMessages.throttled(15);

const startPortalWithOwner = async (env: Record<string, string>) => {
  const portal = await startTestPortal({ env });
  const created = await portal.app.inject({
    method: 'POST',
    url: '/api/user/new',
    headers: bearer(await portal.login()),
    payload: { ...owner, firstName: 'Olive', lastName: 'Owner' },
  });
  expect(created.statusCode).toBe(200);
  return portal;
};

const loginFrom = (
  portal: TestPortal,
  remoteAddress: string,
  password: string,
  headers: Record<string, string> = {},
) =>
  portal.app.inject({
    method: 'POST',
    url: '/api/auth/Authenticate',
    remoteAddress,
    headers,
    payload: { username: owner.username, password },
  });

const statusCounts = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe.each([
  ['PostgreSQL', {}],
  ['Redis', { REDIS_URL: testRedisUrl }],
])('login abuse, counters on %s', (_backend, env) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortalWithOwner(env);
  });
  afterAll(() => portal?.stop());

  it('answers a burst of 40 concurrent wrong passwords with 5 checked (400) and 35 refused (429)', async () => {
    const checksBefore = portal.infra.passwords.checksPerformed;
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => loginFrom(portal, '198.51.100.40', wrong)),
    );
    expect(statusCounts(responses)).toEqual({ 400: 5, 429: 35 });
    expect(portal.infra.passwords.checksPerformed - checksBefore).toBe(5);
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.json()).toEqual({ message: lockedOut });
    expect(refused?.headers['retry-after']).toBe(String(15 * 60));
  });

  it("does not lock the owner out when a stranger at another address fails on the owner's account", async () => {
    for (let i = 0; i < 5; i++)
      expect((await loginFrom(portal, '198.51.100.66', wrong)).statusCode).toBe(400);
    const stranger = await loginFrom(portal, '198.51.100.66', owner.password);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toBe(lockedOut);
    expect((await loginFrom(portal, '203.0.113.10', owner.password)).statusCode).toBe(200);
  });

  it('serves a valid login from another address while 100 bad logins from one address are in flight', async () => {
    const checksBefore = portal.infra.passwords.checksPerformed;
    const answered: ('flood checked' | 'flood refused' | 'valid')[] = [];
    // Unknown names, each its own account: the login limits let every one of them through to a check.
    const flood = Array.from({ length: 100 }, async (_, i) => {
      const response = await portal.app.inject({
        method: 'POST',
        url: '/api/auth/Authenticate',
        remoteAddress: '198.51.100.99',
        payload: { username: `flood-${i}@portal.test`, password: wrong },
      });
      answered.push(response.statusCode === 400 ? 'flood checked' : 'flood refused');
      return response;
    });
    // Once one is refused, the flooding address holds its whole share of the hashing queue.
    await expect.poll(() => answered.includes('flood refused'), { timeout: 30_000 }).toBe(true);
    const valid = await loginFrom(portal, '203.0.113.20', owner.password);
    answered.push('valid');
    const floodResponses = await Promise.all(flood);

    expect(valid.statusCode).toBe(200);
    // Served before the flood drained: checks the flood had queued earlier were still waiting.
    expect(
      answered.slice(answered.indexOf('valid')).filter((a) => a === 'flood checked').length,
    ).toBeGreaterThan(0);
    const counts = statusCounts(floodResponses);
    expect((counts[400] ?? 0) + (counts[429] ?? 0)).toBe(100);
    for (const refused of floodResponses.filter((response) => response.statusCode === 429)) {
      expect(refused.json()).toEqual({ message: passwordHashingBusyMessage });
    }
    expect(portal.infra.passwords.checksPerformed - checksBefore).toBe((counts[400] ?? 0) + 1);
  });
});

describe('TRUST_PROXY', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortalWithOwner({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => portal?.stop());
  const forwardedFor = (address: string) => ({ 'x-forwarded-for': address });

  it("counts a trusted proxy's clients by X-Forwarded-For, each apart", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom(portal, '127.0.0.1', wrong, forwardedFor('198.51.100.7'))).statusCode).toBe(
        400,
      );
    }
    expect((await loginFrom(portal, '127.0.0.1', wrong, forwardedFor('198.51.100.7'))).statusCode).toBe(429);
    const neighbour = await loginFrom(portal, '127.0.0.1', owner.password, forwardedFor('198.51.100.8'));
    expect(neighbour.statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await loginFrom(portal, '192.0.2.50', wrong, forwardedFor(`198.51.100.${100 + i}`));
      expect(response.statusCode).toBe(400);
    }
    const spoofed = await loginFrom(portal, '192.0.2.50', owner.password, forwardedFor('198.51.100.200'));
    expect(spoofed.statusCode).toBe(429);
  });
});
