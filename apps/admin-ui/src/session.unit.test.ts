import { describe, expect, it } from 'vitest';
import { sessionFromToken } from './session';

const tokenWith = (claims: object): string =>
  `header.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

describe('sessionFromToken', () => {
  it.each([1, 2, 3, '3'])(
    'takes a token whose role claim is %o (Administrator, Standard, Auditor)',
    (role) => {
      const session = sessionFromToken(
        tokenWith({ primarysid: '7', nameid: 'Ada Auditor', role, exp: 2_000_000_000 }),
      );

      expect(session).toMatchObject({ userId: '7', role: Number(role), expiresAt: 2_000_000_000_000 });
    },
  );

  it.each([0, 4, 'Auditor', null])('refuses a token whose role claim is %o', (role) => {
    expect(sessionFromToken(tokenWith({ primarysid: '7', role, exp: 2_000_000_000 }))).toBeNull();
  });
});
