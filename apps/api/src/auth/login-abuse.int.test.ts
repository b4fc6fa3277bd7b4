import { bearer, startTestPortal, type TestPortal } from '@portal/api/test/portal';
import { loginLimits } from '@portal/contract';
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
    // Refused by its share of the hashing queue, or (past 30 failures) by the address's cap across accounts.
    const refusals = new Set(
      floodResponses
        .filter((response) => response.statusCode === 429)
        .map((response) => response.json().message),
    );
    expect([...refusals].every((message) => [passwordHashingBusyMessage, lockedOut].includes(message))).toBe(
      true,
    );
    expect(counts[400] ?? 0).toBeLessThanOrEqual(loginLimits.perAddressAcrossAccounts.limit);
    expect(portal.infra.passwords.checksPerformed - checksBefore).toBe((counts[400] ?? 0) + 1);
  });
});

/** The device cookie a login's answer sets, as a Cookie header to send back. */
const deviceCookieOf = (response: { cookies: { name: string; value: string }[] }) => {
  const cookie = response.cookies.find(({ name }) => name === 'portal_device');
  if (!cookie) throw new Error('no device cookie');
  return { cookie: `portal_device=${encodeURIComponent(cookie.value)}` };
};

describe('device cookies (issue 32, item 1)', () => {
  let portal: TestPortal;
  let known: { cookie: string };
  beforeAll(async () => {
    portal = await startPortalWithOwner({});
  });
  afterAll(() => portal?.stop());

  it('a successful login sets a signed, HttpOnly, SameSite=Strict device cookie scoped to the login', async () => {
    const response = await loginFrom(portal, '203.0.113.30', owner.password);
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find(({ name }) => name === 'portal_device');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
      maxAge: 15_552_000,
    });
    // Signed, and names the account, never the password or the session.
    expect(cookie?.value).toMatch(/^owner@portal\.test [\w-]{22}\.\S+$/);
    known = deviceCookieOf(response);
  });

  it('strangers at 21 addresses exhaust the account for unknown devices; the owner on a known device still signs in', async () => {
    const strangers = Array.from({ length: 21 }, (_, i) => `198.51.100.${120 + i}`);
    const answers: { statusCode: number }[] = [];
    for (const address of strangers)
      for (let i = 0; i < 5; i++) answers.push(await loginFrom(portal, address, wrong));
    expect(statusCounts(answers)).toEqual({ 400: 100, 429: 5 });
    // A device the account does not know is refused now, right password or not (the documented limit) ...
    expect((await loginFrom(portal, '203.0.113.32', owner.password)).statusCode).toBe(429);
    // ... the owner's known device is not, from any address, a stranger's included.
    expect((await loginFrom(portal, '203.0.113.33', owner.password, known)).statusCode).toBe(200);
    expect((await loginFrom(portal, strangers[0] ?? '', owner.password, known)).statusCode).toBe(200);
  });

  it("a forged cookie, or another account's, makes no device known", async () => {
    const forged = { cookie: known.cookie.replace(/\.[^.]+$/, '.AAAA') };
    expect((await loginFrom(portal, '203.0.113.35', owner.password, forged)).statusCode).toBe(429);
    const otherAccount = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/Authenticate',
      remoteAddress: '203.0.113.36',
      headers: known,
      payload: { username: 'someone-else@portal.test', password: wrong },
    });
    // Checked as an unknown device of that account (a 400), not refused as the owner's exhausted account is.
    expect(otherAccount.statusCode).toBe(400);
  });

  it('strangers filling the shared password checks refuse unknown devices; a known device is checked on its own budget', async () => {
    // 64 strangers' checks from 64 addresses, waiting at once: the shared queue holds no more. Queued straight
    // into the portal's hashing (as 64 logins in flight would be), so how fast logins arrive cannot matter.
    const flood = Array.from({ length: 64 }, (_, i) =>
      portal.infra.passwords.verify(null, wrong, { address: `192.0.2.${i + 1}` }),
    );
    // A stranger's login now is refused at once ...
    const stranger = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/Authenticate',
      remoteAddress: '198.51.100.250',
      payload: { username: 'someone@portal.test', password: wrong },
    });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual({ message: passwordHashingBusyMessage });
    // ... the known device is not, and is checked before the 64 have drained.
    const checked = portal.infra.passwords.checksPerformed;
    const owners = await loginFrom(portal, '203.0.113.38', owner.password, known);
    expect(owners.statusCode).toBe(200);
    expect(portal.infra.passwords.checksPerformed - checked).toBeLessThan(64);
    expect(await Promise.all(flood)).toEqual(Array(64).fill(false));
  });

  it('a known device has its own limit: 10 failures in 15 minutes, then it waits too', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 11; i++)
      answers.push((await loginFrom(portal, '203.0.113.37', wrong, known)).statusCode);
    expect(answers).toEqual([...Array(10).fill(400), 429]);
  });

  it('one address spraying 31 accounts is refused at the 31st (30 failures across accounts in 15 minutes)', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await portal.app.inject({
        method: 'POST',
        url: '/api/auth/Authenticate',
        remoteAddress: '198.51.100.200',
        payload: { username: `sprayed-${i}@portal.test`, password: wrong },
      });
      answers.push(response.statusCode);
    }
    expect(answers).toEqual([...Array(30).fill(400), 429]);
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
