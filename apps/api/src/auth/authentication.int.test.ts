import { bearer, startTestPortal, type TestPortal, testAdmin } from '@portal/api/test/portal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let portal: TestPortal;
let adminToken: string;
beforeAll(async () => {
  portal = await startTestPortal();
  adminToken = await portal.login();
});
afterAll(() => portal?.stop());

const login = (payload: object) =>
  portal.app.inject({ method: 'POST', url: '/api/auth/Authenticate', payload });
const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
const createUser = async (username: string, password: string) => {
  const response = await portal.app.inject({
    method: 'POST',
    url: '/api/user/new',
    headers: bearer(adminToken),
    payload: { username, password, firstName: 'Test', lastName: 'User' },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ id: number }>();
};
const listUsers = (headers: Record<string, string>) =>
  portal.app.inject({ method: 'GET', url: '/api/user/all', headers });

describe('POST /api/auth/Authenticate', () => {
  it('answers the token as a JSON string carrying primarysid, nameid, role and exp', async () => {
    const response = await login(testAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const claims = decode(response.json<string>());
    expect(claims).toMatchObject({
      primarysid: expect.stringMatching(/^\d+$/),
      nameid: 'Portal Administrator',
      role: 1,
    });
    expect(claims.exp - Date.now() / 1000).toBeGreaterThan(3600);
  });

  it.each([
    [{ password: 'x' }, 'Username is required'],
    [{ username: 'nobody', password: 'x' }, 'Username is not valid email'],
    [{ username: 'a@b.co' }, 'Password is required'],
  ])('validates %o with the spec message', async (payload, message) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers an unknown user and a wrong password alike, in about the same time', async () => {
    await createUser('timing@portal.test', 'Timing-copper-walrus-85');
    const timed = async (payload: object) => {
      const started = performance.now();
      const response = await login(payload);
      return { response, ms: performance.now() - started };
    };
    const unknown = await timed({ username: 'ghost@portal.test', password: 'whatever' });
    const wrongPassword = await timed({ username: 'timing@portal.test', password: 'whatever' });
    for (const { response } of [unknown, wrongPassword]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Invalid username or password.' });
    }
    // Both paths run one argon2 verification, so neither is an order of magnitude faster.
    expect(unknown.ms).toBeGreaterThan(wrongPassword.ms / 4);
    expect(wrongPassword.ms).toBeGreaterThan(unknown.ms / 4);
  });

  it('throttles a name after five failures, even with the right password; unknown names alike', async () => {
    await createUser('throttled@portal.test', 'Throttled-nutmeg-beacon-29');
    for (const [username, password] of [
      ['throttled@portal.test', 'Throttled-nutmeg-beacon-29'],
      ['ghost2@portal.test', 'any'],
    ] as const) {
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await login({ username, password: 'wrong' })).statusCode).toBe(400);
      }
      const locked = await login({ username: username.toUpperCase(), password });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe('Too many failed login attempts. Try again in 15 minutes.');
    }
  });
});

describe('token checks on /api', () => {
  it('accepts the token as Authorization: Bearer and as X-auth-token', async () => {
    expect((await listUsers(bearer(adminToken))).statusCode).toBe(200);
    expect((await listUsers({ 'x-auth-token': adminToken })).statusCode).toBe(200);
  });

  it('answers 401 with a message for a missing, forged or expired token', async () => {
    const missing = await listUsers({});
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe('User must be logged in.');

    const [header, payload] = adminToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    const { exp: _exp, iat: _iat, ...claims } = decode(adminToken);
    // Signed with our secret, but issued a day ago with the usual 8-hour lifetime.
    const expired = portal.app.jwt.sign(claims, { clockTimestamp: Date.now() - 24 * 3600_000 } as never);
    for (const token of [forged, 'garbage', expired]) {
      const response = await listUsers(bearer(token));
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Your session has expired or is not valid. Please log in again.');
    }
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    const response = await portal.app.inject({
      method: 'GET',
      url: '/api/nothing/here',
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });

  it('takes a bodiless DELETE sent with a JSON content type (as react-admin sends it)', async () => {
    const created = await createUser('deleted-by-ui@portal.test', 'Deleted-saddle-prism-33');
    const response = await portal.app.inject({
      method: 'DELETE',
      url: `/api/user/${created.id}`,
      headers: { ...bearer(adminToken), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
  });

  it('answers a malformed body with a JSON 400 message', async () => {
    const response = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/Authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
  });
});

describe('OpenAPI', () => {
  it('serves the document generated from the route schemas, and a browsable page', async () => {
    const document = await portal.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const paths = document.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/Authenticate',
        '/api/user/all',
        '/api/user/{id}',
        '/api/user/new',
        '/api/user/edit',
      ]),
    );
    expect(paths['/api/user/new'].post.requestBody).toBeDefined();
    const page = await portal.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});
