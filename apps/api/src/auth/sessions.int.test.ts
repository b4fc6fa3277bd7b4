import { createHmac } from 'node:crypto';
import {
  bearer,
  createStandardUser,
  deleteStandardUser,
  testStandardUser,
  useTestPortal,
} from '@portal/api/test/portal';
import { describe, expect, it } from 'vitest';

const ctx = useTestPortal();

const invalidSession = { message: 'Your session has expired or is not valid. Please log in again.' };
const newPassword = 'Quiet-harbour-lantern-1987';

/** A signed-in user's read: what every existing token is tried on. */
const readSettings = (headers: Record<string, string>) =>
  ctx.portal.app.inject({ method: 'GET', url: '/api/setting', headers });

const standardUser = async () => {
  const { headers } = await createStandardUser(ctx.portal, ctx.admin);
  const users = (
    await ctx.portal.app.inject({ method: 'GET', url: '/api/user/all', headers: ctx.admin })
  ).json<{ id: number; username: string; version: number }[]>();
  const user = users.find((candidate) => candidate.username === testStandardUser.username);
  if (!user) throw new Error('the standard user was not created');
  return { headers, user };
};

const editUser = (user: { id: number; version: number }, changes: Record<string, unknown>) =>
  ctx.portal.app.inject({
    method: 'PUT',
    url: '/api/user/edit',
    headers: ctx.admin,
    payload: {
      username: testStandardUser.username,
      firstName: testStandardUser.firstName,
      lastName: testStandardUser.lastName,
      id: user.id,
      version: user.version,
      roleId: 2,
      ...changes,
    },
  });

/** An HS256 token signed with the portal's own secret, with exactly these claims. */
const signed = (claims: Record<string, unknown>) => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  const signature = createHmac('sha256', ctx.portal.config.jwtSecret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
};

describe('a user’s existing sessions end', () => {
  it('when an administrator changes their password; the new password signs in', async () => {
    await deleteStandardUser(ctx.portal, ctx.admin);
    const { headers, user } = await standardUser();
    expect((await readSettings(headers)).statusCode).toBe(200);

    const edited = await editUser(user, { password: newPassword });
    expect(edited.statusCode, edited.body).toBe(200);

    const refused = await readSettings(headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(invalidSession);
    const renewed = bearer(await ctx.portal.login(testStandardUser.username, newPassword));
    expect((await readSettings(renewed)).statusCode).toBe(200);
  });

  it('when their role changes', async () => {
    await deleteStandardUser(ctx.portal, ctx.admin);
    const { headers, user } = await standardUser();
    expect((await editUser(user, { roleId: 1 })).statusCode).toBe(200);

    expect((await readSettings(headers)).statusCode).toBe(401);
    // The new session has the new role: it reads what only administrators read.
    const promoted = bearer(await ctx.portal.login(testStandardUser.username, testStandardUser.password));
    expect(
      (await ctx.portal.app.inject({ method: 'GET', url: '/api/user/all', headers: promoted })).statusCode,
    ).toBe(200);
  });

  it('when they are deleted', async () => {
    await deleteStandardUser(ctx.portal, ctx.admin);
    const { headers } = await standardUser();
    await deleteStandardUser(ctx.portal, ctx.admin);
    expect((await readSettings(headers)).statusCode).toBe(401);
  });

  it('but not when only their name changes', async () => {
    await deleteStandardUser(ctx.portal, ctx.admin);
    const { headers, user } = await standardUser();
    expect((await editUser(user, { firstName: 'Samantha' })).statusCode).toBe(200);
    expect((await readSettings(headers)).statusCode).toBe(200);
  });
});

describe('tokens this portal did not issue as sessions', () => {
  it('answer 401, never 500: no expiry, no session version, a malformed or impossible subject', async () => {
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    const valid = { primarysid: '1', nameid: 'Portal Administrator', role: 1, sv: 1, exp: inAnHour };
    expect((await readSettings(bearer(signed(valid)))).statusCode).toBe(200);

    const { exp: _exp, ...withoutExpiry } = valid;
    const { sv: _sv, ...withoutSessionVersion } = valid;
    const malformed = [
      withoutExpiry,
      withoutSessionVersion,
      { ...valid, sv: 'one' },
      ...['abc', '1e0', ' 1', '-1', '0', '1.0', '99999999999', ''].map((primarysid) => ({
        ...valid,
        primarysid,
      })),
      { ...valid, primarysid: 1 },
      { ...valid, primarysid: null },
    ];
    for (const claims of malformed) {
      const response = await readSettings(bearer(signed(claims)));
      expect(response.statusCode, JSON.stringify(claims)).toBe(401);
      expect(response.json()).toEqual(invalidSession);
    }
  });
});
