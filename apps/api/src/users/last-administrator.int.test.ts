import { bearer, startTestPortal, type TestPortal } from '@portal/api/test/portal';
import type { User } from '@portal/contract';
import { afterEach, describe, expect, it } from 'vitest';

// Each race gets its own portal, so "the last administrator" is exactly the two admins below.
let portal: TestPortal | undefined;
afterEach(() => portal?.stop());

async function twoAdministrators() {
  portal = await startTestPortal();
  const p = portal;
  const first = bearer(await p.login());
  const created = await p.app.inject({
    method: 'POST',
    url: '/api/user/new',
    headers: first,
    payload: {
      username: 'second@portal.test',
      password: 'Second-admin-fjord-44',
      firstName: 'Sec',
      lastName: 'Ond',
      roleId: 1,
    },
  });
  expect(created.statusCode).toBe(200);
  const second = bearer(await p.login('second@portal.test', 'Second-admin-fjord-44'));
  const users = (await p.app.inject({ method: 'GET', url: '/api/user/all', headers: first })).json<User[]>();
  const firstUser = users.find((u) => u.username === 'admin@portal.test') as User;
  const secondUser = created.json<User>();
  const adminCount = async () => {
    const rows = await p.infra.db.selectFrom('users').select('roleId').execute();
    return rows.filter((r) => r.roleId === 1).length;
  };
  return { p, first, second, firstUser, secondUser, adminCount };
}

type Response = { statusCode: number; json(): { message: string } };

/**
 * One request wins. The loser is refused by the rule (409) when it got past the token check before
 * the winner committed, or by the token check itself (403 demoted, 401 deleted) when it came after.
 */
function expectOneWinner(a: Response, b: Response, success: number, ruleMessage: string) {
  const winners = [a, b].filter((r) => r.statusCode === success);
  expect(winners).toHaveLength(1);
  const loser = winners[0] === a ? b : a;
  expect([401, 403, 409]).toContain(loser.statusCode);
  if (loser.statusCode === 409) expect(loser.json().message).toBe(ruleMessage);
}

describe('the last administrator', () => {
  it('cannot be demoted: of two administrators demoting each other at once, one is refused', async () => {
    const { p, first, second, firstUser, secondUser, adminCount } = await twoAdministrators();
    const [a, b] = await Promise.all([
      p.app.inject({
        method: 'PUT',
        url: '/api/user/edit',
        headers: first,
        payload: { ...secondUser, roleId: 2 },
      }),
      p.app.inject({
        method: 'PUT',
        url: '/api/user/edit',
        headers: second,
        payload: { ...firstUser, roleId: 2 },
      }),
    ]);
    expectOneWinner(a, b, 200, 'The last administrator cannot be made a standard user.');
    expect(await adminCount()).toBe(1);
  });

  it('cannot be deleted: of two administrators deleting each other at once, one is refused', async () => {
    const { p, first, second, firstUser, secondUser, adminCount } = await twoAdministrators();
    const [a, b] = await Promise.all([
      p.app.inject({ method: 'DELETE', url: `/api/user/${secondUser.id}`, headers: first }),
      p.app.inject({ method: 'DELETE', url: `/api/user/${firstUser.id}`, headers: second }),
    ]);
    expectOneWinner(a, b, 204, 'The last administrator cannot be deleted.');
    expect(await adminCount()).toBe(1);
  });
});
