import { describe, expect, it } from 'vitest';
import { homePathOf, sessionFromToken } from './session';

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

describe('homePathOf', () => {
  it("lands an auditor on the Audit page, whose role may not read the dashboard's lists", () => {
    expect(homePathOf(3)).toBe('/audit');
  });

  it.each([1, 2, undefined] as const)('lands role %o on the dashboard', (role) => {
    expect(homePathOf(role)).toBe('/dashboard');
  });
});
