import { Type } from '@sinclair/typebox';
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

/** Event schemas, version 1. A changed payload gets a new schema and an upcaster, never an edit here. */
export const UserEventSchemas = {
  UserRegistered: Type.Object({
    userId: Type.Integer(),
    ...UserProfile,
    roleId: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
    passwordHash: Type.String(),
  }),
  UserProfileChanged: Type.Object({ userId: Type.Integer(), ...UserProfile }),
  UserRoleChanged: Type.Object({
    userId: Type.Integer(),
    roleId: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  }),
  UserPasswordChanged: Type.Object({ userId: Type.Integer(), passwordHash: Type.String() }),
  UserDeleted: Type.Object({ userId: Type.Integer() }),
};

export type UserEvent = EventOf<typeof UserEventSchemas>;
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

export function evolveUser(state: UserState, event: UserEvent): UserState {
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
    default: {
      const unknownEvent: never = event;
      return unknownEvent;
    }
  }
}
