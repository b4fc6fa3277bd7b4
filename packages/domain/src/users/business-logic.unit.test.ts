import { describe, expect, it } from 'vitest';
import { thrown } from '../../test/refusal';
import type { DomainError } from '../errors';
import { decideUser, type UserCommand, type UserSetFacts, userMessages } from './business-logic';
import { evolveUser, initialUserState, type UserEvent, type UserState } from './user';
import { userValidationMessages, validateUserInput } from './validation';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 7,
    username: 'ann@example.com',
    firstName: 'Ann',
    lastName: 'Lee',
    phoneNumber: null,
    roleId: 1,
    passwordHash: 'h1',
  },
};
const given = (...events: UserEvent[]): UserState => events.reduce(evolveUser, initialUserState);
const facts: UserSetFacts = { usernameOwnerId: null, administratorCount: 2 };

describe('users decider', () => {
  it('registers a new user', () => {
    const command: UserCommand = { type: 'RegisterUser', data: { ...registered.data }, facts };
    expect(decideUser(command, given())).toEqual([registered]);
  });

  it('refuses a username another user holds, case-insensitively looked up by the caller', () => {
    const command: UserCommand = {
      type: 'RegisterUser',
      data: { ...registered.data },
      facts: { ...facts, usernameOwnerId: 3 },
    };
    const error = thrown(() => decideUser(command, given()));
    expect(error.kind).toBe('conflict');
    expect(error.message).toBe(userMessages.usernameTaken('ann@example.com'));
  });

  it('refuses to register over an existing stream', () => {
    const command: UserCommand = { type: 'RegisterUser', data: { ...registered.data }, facts };
    expect(thrown(() => decideUser(command, given(registered))).kind).toBe('conflict');
  });

  const edit = (
    changes: Partial<Extract<UserCommand, { type: 'EditUser' }>['data']>,
    f = facts,
  ): UserCommand => ({
    type: 'EditUser',
    data: {
      username: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      phoneNumber: null,
      roleId: 1,
      newPasswordHash: null,
      ...changes,
    },
    facts: f,
  });

  it('an edit with no change records nothing', () => {
    expect(decideUser(edit({}), given(registered))).toEqual([]);
  });

  it('an edit records only what changed: profile, role and password separately', () => {
    expect(
      decideUser(edit({ firstName: 'Anne', roleId: 2, newPasswordHash: 'h2' }), given(registered)),
    ).toEqual([
      {
        type: 'UserProfileChanged',
        data: {
          userId: 7,
          username: 'ann@example.com',
          firstName: 'Anne',
          lastName: 'Lee',
          phoneNumber: null,
        },
      },
      { type: 'UserRoleChanged', data: { userId: 7, roleId: 2 } },
      { type: 'UserPasswordChanged', data: { userId: 7, passwordHash: 'h2' } },
    ]);
  });

  it('keeps its own username on edit', () => {
    expect(
      decideUser(edit({ lastName: 'Li' }, { ...facts, usernameOwnerId: 7 }), given(registered)),
    ).toHaveLength(1);
  });

  it('refuses to demote the last administrator', () => {
    const error = thrown(() =>
      decideUser(edit({ roleId: 2 }, { ...facts, administratorCount: 1 }), given(registered)),
    );
    expect(error.message).toBe(userMessages.lastAdministratorDemoted);
  });

  it('refuses to edit a deleted or unknown user', () => {
    expect(thrown(() => decideUser(edit({}), given())).kind).toBe('not_found');
    const deleted: UserEvent = { type: 'UserDeleted', data: { userId: 7 } };
    expect(thrown(() => decideUser(edit({}), given(registered, deleted))).kind).toBe('not_found');
  });

  it('deletes a user', () => {
    expect(decideUser({ type: 'DeleteUser', actorId: 1, facts }, given(registered))).toEqual([
      { type: 'UserDeleted', data: { userId: 7 } },
    ]);
  });

  it('an administrator cannot delete themself', () => {
    const error = thrown(() => decideUser({ type: 'DeleteUser', actorId: 7, facts }, given(registered)));
    expect(error.message).toBe(userMessages.cannotDeleteSelf);
  });

  it('refuses to delete the last administrator', () => {
    const error = thrown(() =>
      decideUser(
        { type: 'DeleteUser', actorId: 1, facts: { ...facts, administratorCount: 1 } },
        given(registered),
      ),
    );
    expect(error.message).toBe(userMessages.lastAdministratorDeleted);
  });

  it('evolves password and role changes into the state', () => {
    const state = given(
      registered,
      { type: 'UserRoleChanged', data: { userId: 7, roleId: 2 } },
      {
        type: 'UserPasswordChanged',
        data: { userId: 7, passwordHash: 'h9' },
      },
    );
    expect(state).toMatchObject({ status: 'active', roleId: 2, passwordHash: 'h9' });
  });
});

describe('user validation (User)', () => {
  const valid = {
    username: 'a@b.co',
    password: 'pw',
    firstName: 'A',
    lastName: 'B',
    phoneNumber: '(416)555-1234',
  };
  const messageFor = (input: object, passwordRequired = true) => {
    try {
      validateUserInput(input, { passwordRequired });
      return null;
    } catch (error) {
      return (error as DomainError).fieldErrors;
    }
  };

  it('accepts a complete user', () => {
    expect(messageFor(valid)).toBeNull();
  });

  it.each([
    [{ username: '' }, 'username', userValidationMessages.usernameRequired],
    [{ username: 'not-an-email' }, 'username', 'Username must be a valid email'],
    [{ firstName: ' ' }, 'firstName', 'First name is required'],
    [{ lastName: null }, 'lastName', 'Last name is required'],
    [{ password: '' }, 'password', 'Password is required'],
    [{ phoneNumber: '4165551234' }, 'phoneNumber', 'Phone number is not valid'],
    [{ roleId: 4 }, 'roleId', userValidationMessages.roleInvalid],
  ])('%o is refused on %s with the spec message', (change, field, message) => {
    expect(messageFor({ ...valid, ...change })).toEqual({ [field]: message });
  });

  it.each([1, 2, 3])('accepts role %i (Administrator, Standard, Auditor)', (roleId) => {
    expect(messageFor({ ...valid, roleId })).toBeNull();
  });

  it('a blank password is fine on edit', () => {
    expect(messageFor({ ...valid, password: '' }, false)).toBeNull();
  });

  it('reports every failing field, the first one as the message', () => {
    expect(() => validateUserInput({}, { passwordRequired: true })).toThrowError('Username is required');
    expect(messageFor({})).toEqual({
      username: 'Username is required',
      password: 'Password is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });
});
