import { Nullable } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';

const NullableString = Nullable(Type.String());

/** A user as the API returns it: never the password or its hash. */
export const UserSchema = Type.Object(
  {
    id: Type.Integer(),
    username: Type.String(),
    roleId: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
    role: Type.Union([Type.Literal('Administrator'), Type.Literal('Standard'), Type.Literal('Auditor')]),
    firstName: Type.String(),
    lastName: Type.String(),
    phoneNumber: NullableString,
    version: Type.Integer({ description: 'Send back on edit; a changed version is a 409' }),
  },
  { $id: 'User' },
);
export type User = Static<typeof UserSchema>;

/**
 * A user as new and edit receive it. Fields are optional here so the
 * handler can answer each missing one with the form's own message rather than a schema error.
 */
export const UserBodySchema = Type.Object({
  id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  version: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  username: Type.Optional(NullableString),
  password: Type.Optional(NullableString),
  role: Type.Optional(Type.Unknown({ description: 'Ignored; roleId decides' })),
  roleId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  firstName: Type.Optional(NullableString),
  lastName: Type.Optional(NullableString),
  phoneNumber: Type.Optional(NullableString),
});
export type UserBody = Static<typeof UserBodySchema>;

/**
 * The limits of docs/security.md, "Login abuse". A device that signed in to an account before (its device
 * cookie names the account) is counted apart from everyone else, so strangers' failures never refuse it.
 */
export const loginLimits = {
  /** Failed logins to one account from one client address, from devices it does not know. */
  perAddress: { limit: 5, periodMs: 15 * 60_000 },
  /** Failed logins to one account from all the devices it does not know together. */
  perAccount: { limit: 100, periodMs: 60 * 60_000 },
  /** Failed logins from one client address to any accounts, from devices they do not know (spraying). */
  perAddressAcrossAccounts: { limit: 30, periodMs: 15 * 60_000 },
  /** Failed logins from one known device (its device cookie) to its account. */
  perKnownDevice: { limit: 10, periodMs: 15 * 60_000 },
} as const;
