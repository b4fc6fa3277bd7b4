import { Type } from '@sinclair/typebox';
import type { OlderEventVersions } from '../events/event-versions';
import type { PersonalDataRedacted } from '../retention/personal-data-redacted';
import { type EventOf, eventTypesOf } from '../schemas';

/** Role values: 1 Administrator, 2 Standard, 3 Auditor (docs/rules.md, "Roles"). */
export const Role = { Administrator: 1, Standard: 2, Auditor: 3 } as const;
export type RoleId = (typeof Role)[keyof typeof Role];
const roleNames = { 1: 'Administrator', 2: 'Standard', 3: 'Auditor' } as const;
export const roleName = <R extends RoleId>(roleId: R): (typeof roleNames)[R] => roleNames[roleId];
export const isRoleId = (value: unknown): value is RoleId =>
  value === Role.Administrator || value === Role.Standard || value === Role.Auditor;

export const userStreamId = (userId: number): string => `user-${userId}`;

const UserProfile = {
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  phoneNumber: Type.Union([Type.String(), Type.Null()]),
};

/** A role as a user's events name it: version 1 knew two (Administrator, Standard); version 2 adds Auditor. */
const RoleIdV1 = Type.Union([Type.Literal(1), Type.Literal(2)]);
const RoleIdV2 = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

/**
 * Event schemas, current versions: UserRegistered and UserRoleChanged are at version 2 (the Auditor's role
 * id 3), the others at 1. A changed payload gets a new version in `olderUserEventVersions` with an upcaster,
 * never an edit here.
 */
export const UserEventSchemas = {
  UserRegistered: Type.Object({
    userId: Type.Integer(),
    ...UserProfile,
    roleId: RoleIdV2,
    passwordHash: Type.String(),
  }),
  UserProfileChanged: Type.Object({ userId: Type.Integer(), ...UserProfile }),
  UserRoleChanged: Type.Object({ userId: Type.Integer(), roleId: RoleIdV2 }),
  UserPasswordChanged: Type.Object({ userId: Type.Integer(), passwordHash: Type.String() }),
  UserDeleted: Type.Object({ userId: Type.Integer() }),
};

/** Version 1 of the events version 2 widened: every version 1 event is a version 2 event as it is. */
export const olderUserEventVersions = {
  UserRegistered: [
    {
      schema: Type.Object({
        userId: Type.Integer(),
        ...UserProfile,
        roleId: RoleIdV1,
        passwordHash: Type.String(),
      }),
      toNext: (data: object) => data,
    },
  ],
  UserRoleChanged: [
    { schema: Type.Object({ userId: Type.Integer(), roleId: RoleIdV1 }), toNext: (data: object) => data },
  ],
} satisfies OlderEventVersions;

export type UserEvent = EventOf<typeof UserEventSchemas>;
/** What a user's stream holds: its own events, and retention's removal of a deleted user's personal data. */
export type UserStreamEvent = UserEvent | PersonalDataRedacted;
export const userEventTypes = eventTypesOf(UserEventSchemas);

export interface UserProfileData {
  username: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
}

export type UserState =
  | { status: 'absent' }
  | ({ status: 'active'; userId: number; roleId: RoleId; passwordHash: string } & UserProfileData)
  | { status: 'deleted'; userId: number };

export const initialUserState: UserState = { status: 'absent' };

export function evolveUser(state: UserState, event: UserStreamEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, username, firstName, lastName, phoneNumber, roleId, passwordHash } = event.data;
      return { status: 'active', userId, username, firstName, lastName, phoneNumber, roleId, passwordHash };
    }
    case 'UserProfileChanged':
      return state.status === 'active' ? { ...state, ...event.data } : state;
    case 'UserRoleChanged':
      return state.status === 'active' ? { ...state, roleId: event.data.roleId } : state;
    case 'UserPasswordChanged':
      return state.status === 'active' ? { ...state, passwordHash: event.data.passwordHash } : state;
    case 'UserDeleted':
      return { status: 'deleted', userId: event.data.userId };
    case 'PersonalDataRedacted':
      return state;
    default: {
      const unknownEvent: never = event;
      return unknownEvent;
    }
  }
}
