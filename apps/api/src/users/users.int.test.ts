import { bearer, injector, testStandardUser, useTestPortal } from '@portal/api/test/portal';
import type { User } from '@portal/contract';
import { userStreamId } from '@portal/domain';
import { describe, expect, it } from 'vitest';

const ctx = useTestPortal();
const call = injector(() => ctx.portal);
const newUser = (overrides: object = {}) => ({
  username: `user-${Math.random().toString(36).slice(2)}@portal.test`,
  password: testStandardUser.password,
  firstName: 'Sam',
  lastName: 'Standard',
  phoneNumber: '(416)555-0101',
  ...overrides,
});
const create = async (overrides: object = {}, headers = ctx.admin): Promise<User> => {
  const response = await call('POST', '/api/user/new', headers, newUser(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<User>();
};
const all = async (): Promise<User[]> => (await call('GET', '/api/user/all', ctx.admin)).json<User[]>();
const loginAs = async (username: string, password: string = testStandardUser.password) =>
  bearer(await ctx.portal.login(username, password));

describe('creating users', () => {
  it('answers the saved user with its id, role 2 by default, and no password', async () => {
    const response = await call('POST', '/api/user/new', ctx.admin, newUser({ username: 'Sam@Portal.test' }));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      username: 'Sam@Portal.test',
      roleId: 2,
      role: 'Standard',
      firstName: 'Sam',
      lastName: 'Standard',
      phoneNumber: '(416)555-0101',
      version: 1,
    });
    expect(response.body).not.toMatch(/password|argon2/i);
    const listed = await call('GET', '/api/user/all', ctx.admin);
    expect(listed.body).not.toMatch(/password|argon2/i);
    expect(listed.json<User[]>().map((u) => u.id)).toContain(body.id);
    expect((await call('GET', `/api/user/${body.id}`, ctx.admin)).json()).toEqual(body);
  });

  it.each([
    [{ username: '' }, 'username', 'Username is required'],
    [{ username: 'not-an-email' }, 'username', 'Username must be a valid email'],
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: '  ' }, 'lastName', 'Last name is required'],
    [{ password: '' }, 'password', 'Password is required'],
    [{ password: 'Short-pw-11' }, 'password', 'Password must be at least 12 characters'],
    [{ password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
    [
      { username: 'same.as.password@portal.test', password: 'Same.As.Password@portal.test' },
      'password',
      'Password must not be the username',
    ],
    [
      { password: 'Password1234!' },
      'password',
      'Password is too easy to guess. This is similar to a commonly used password. Use a longer phrase of uncommon words.',
    ],
    [{ phoneNumber: '416-555-0101' }, 'phoneNumber', 'Phone number is not valid'],
  ])('refuses %o with 400 and the spec message, creating nothing', async (change, field, message) => {
    const before = (await all()).length;
    const response = await call('POST', '/api/user/new', ctx.admin, newUser(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
    expect((await all()).length).toBe(before);
  });

  it('refuses a duplicate username, whatever its case, with 409', async () => {
    const first = await create();
    const response = await call(
      'POST',
      '/api/user/new',
      ctx.admin,
      newUser({ username: first.username.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `A user with the username ${first.username.toUpperCase()} already exists.`,
    );
  });

  it('lets exactly one of 10 concurrent creations of one username through, with no 5xx', async () => {
    const payload = newUser({ username: 'race@portal.test' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', '/api/user/new', ctx.admin, payload)),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect((await all()).filter((u) => u.username === 'race@portal.test')).toHaveLength(1);
  });
});

describe('editing users', () => {
  it('saves changes, keeps the password when left blank, and changes it when given', async () => {
    const user = await create({ username: 'edit-me@portal.test' });
    const edited = await call('PUT', '/api/user/edit', ctx.admin, {
      ...user,
      firstName: 'Samantha',
      password: '',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: user.id, firstName: 'Samantha', version: 2 });
    await loginAs('edit-me@portal.test');

    const changed = await call('PUT', '/api/user/edit', ctx.admin, {
      ...edited.json(),
      password: 'Renewed-willow-cipher-36',
    });
    expect(changed.statusCode).toBe(200);
    await expect(loginAs('edit-me@portal.test')).rejects.toThrow(/400/);
    await loginAs('edit-me@portal.test', 'Renewed-willow-cipher-36');
  });

  it('lets an account with a password from before the policy log in, and holds only a new password to it', async () => {
    const user = await create({ username: 'legacy@portal.test' });
    // A password set before the policy existed, as the event store holds it.
    const { lastPosition } = await ctx.portal.infra.eventStore.append(userStreamId(user.id), [
      {
        type: 'UserPasswordChanged',
        data: { userId: user.id, passwordHash: await ctx.portal.infra.passwords.hash('legacy') },
        metadata: { userId: null, occurredAt: new Date().toISOString() },
      },
    ]);
    await ctx.portal.app.commands.waitForProjections(lastPosition);
    await loginAs('legacy@portal.test', 'legacy');

    const current = (await call('GET', `/api/user/${user.id}`, ctx.admin)).json<User>();
    const renamed = await call('PUT', '/api/user/edit', ctx.admin, {
      ...current,
      firstName: 'Lee',
      password: '',
    });
    expect(renamed.statusCode).toBe(200);
    const again = await call('PUT', '/api/user/edit', ctx.admin, { ...renamed.json(), password: 'legacy' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ password: 'Password must be at least 12 characters' });
    await loginAs('legacy@portal.test', 'legacy');
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const user = await create();
    expect((await call('PUT', '/api/user/edit', ctx.admin, { ...user, firstName: 'First' })).statusCode).toBe(
      200,
    );
    const stale = await call('PUT', '/api/user/edit', ctx.admin, { ...user, firstName: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This record was changed by someone else. Reload it and try again.');
    expect((await call('GET', `/api/user/${user.id}`, ctx.admin)).json().firstName).toBe('First');
  });

  it('validates edits with the spec messages', async () => {
    const user = await create();
    const response = await call('PUT', '/api/user/edit', ctx.admin, { ...user, username: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Username must be a valid email');
  });

  it('answers 404 for an unknown user', async () => {
    expect((await call('GET', '/api/user/999999', ctx.admin)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/user/999999', ctx.admin)).statusCode).toBe(404);
    const edit = await call('PUT', '/api/user/edit', ctx.admin, { ...newUser(), id: 999999 });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().message).toBe('User not found.');
  });
});

describe('standard users', () => {
  it('get 403 on every user route, enforced by the server', async () => {
    const standard = await create({ username: 'standard@portal.test' });
    const headers = await loginAs('standard@portal.test');
    const attempts = [
      call('GET', '/api/user/all', headers),
      call('GET', `/api/user/${standard.id}`, headers),
      call('POST', '/api/user/new', headers, newUser()),
      call('PUT', '/api/user/edit', headers, { ...standard, roleId: 1 }),
      call('DELETE', `/api/user/${standard.id}`, headers),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('You do not have permission to do this.');
    }
    expect((await call('GET', `/api/user/${standard.id}`, ctx.admin)).json().roleId).toBe(2);
  });

  it('lose access as soon as they are deleted', async () => {
    const user = await create({ username: 'leaving@portal.test' });
    const headers = await loginAs('leaving@portal.test');
    expect((await call('DELETE', `/api/user/${user.id}`, ctx.admin)).statusCode).toBe(204);
    expect((await call('GET', '/api/user/all', headers)).statusCode).toBe(401);
    expect((await call('GET', `/api/user/${user.id}`, ctx.admin)).statusCode).toBe(404);
  });
});

describe('read-your-writes', () => {
  it('sees every created user in the very next list, 50 rounds without retry', async () => {
    for (let round = 0; round < 50; round++) {
      const user = await create({ username: `ryw-${round}@portal.test` });
      const listed = await all();
      expect(listed.some((u) => u.id === user.id && u.version === 1)).toBe(true);
    }
  });
});
