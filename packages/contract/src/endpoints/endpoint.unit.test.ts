import { Role } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { roleMayCall } from './endpoint';

describe('roleMayCall (docs/security.md, "Access control")', () => {
  it.each([
    ['admin', [true, false, false]],
    ['user', [true, true, false]],
    ['audit', [true, false, true]],
    ['reader', [true, true, true]],
    ['public', [false, false, false]],
    ['scale-bridge', [false, false, false]],
  ] as const)(
    "on a route of access '%s', takes the administrator, the standard user, the auditor: %o",
    (access, expected) => {
      expect(
        [Role.Administrator, Role.Standard, Role.Auditor].map((roleId) => roleMayCall(access, roleId)),
      ).toEqual(expected);
    },
  );
});
