import { DomainError } from '../errors';
import { Role, type RoleId, type UserEvent, type UserProfileData, type UserState } from './user';

/**
 * Facts about other users that a user command needs; looked up by the command handler under a lock
 * (so the set-wide rules hold under concurrency) and passed in, which keeps `decide` pure.
 */
export interface UserSetFacts {
  /** Id of the active user holding this username (case-insensitive), if any. */
  usernameOwnerId: number | null;
  administratorCount: number;
}

export type UserCommand =
  | {
      type: 'RegisterUser';
      data: UserProfileData & { userId: number; roleId: RoleId; passwordHash: string };
      facts: UserSetFacts;
    }
  | {
      type: 'EditUser';
      data: UserProfileData & { roleId: RoleId; newPasswordHash: string | null };
      facts: UserSetFacts;
    }
  | { type: 'DeleteUser'; actorId: number | null; facts: UserSetFacts };

export const userMessages = {
  notFound: 'User not found.',
  usernameTaken: (username: string) => `A user with the username ${username} already exists.`,
  cannotDeleteSelf: 'You cannot delete your own account.',
  lastAdministratorDemoted: 'The last administrator cannot be made a standard user.',
  lastAdministratorDeleted: 'The last administrator cannot be deleted.',
} as const;

function assertUsernameFree(username: string, facts: UserSetFacts, userId: number): void {
  if (facts.usernameOwnerId !== null && facts.usernameOwnerId !== userId) {
    throw new DomainError('conflict', userMessages.usernameTaken(username));
  }
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'absent') throw new DomainError('conflict', 'This user already exists.');
      assertUsernameFree(command.data.username, command.facts, command.data.userId);
      return [{ type: 'UserRegistered', data: command.data }];
    }
    case 'EditUser': {
      if (state.status !== 'active') throw new DomainError('not_found', userMessages.notFound);
      const { userId } = state;
      const { newPasswordHash, roleId, ...profile } = command.data;
      assertUsernameFree(profile.username, command.facts, userId);
      const events: UserEvent[] = [];
      const profileChanged = (Object.keys(profile) as (keyof UserProfileData)[]).some(
        (key) => profile[key] !== state[key],
      );
      if (profileChanged) events.push({ type: 'UserProfileChanged', data: { userId, ...profile } });
      if (roleId !== state.roleId) {
        if (state.roleId === Role.Administrator && command.facts.administratorCount <= 1) {
          throw new DomainError('conflict', userMessages.lastAdministratorDemoted);
        }
        events.push({ type: 'UserRoleChanged', data: { userId, roleId } });
      }
      if (newPasswordHash !== null)
        events.push({ type: 'UserPasswordChanged', data: { userId, passwordHash: newPasswordHash } });
      return events;
    }
    case 'DeleteUser': {
      if (state.status !== 'active') throw new DomainError('not_found', userMessages.notFound);
      if (command.actorId === state.userId) throw new DomainError('conflict', userMessages.cannotDeleteSelf);
      if (state.roleId === Role.Administrator && command.facts.administratorCount <= 1) {
        throw new DomainError('conflict', userMessages.lastAdministratorDeleted);
      }
      return [{ type: 'UserDeleted', data: { userId: state.userId } }];
    }
    default: {
      const unknownCommand: never = command;
      return unknownCommand;
    }
  }
}
