import { Type } from '@sinclair/typebox';
import { ErrorSchema } from '../http';
import { loginLimits } from '../users';
import { endpoint } from './endpoint';

const minutes = (ms: number) => ms / 60_000;
const LoginBody = Type.Object({
  username: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  password: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

export const authEndpoints = {
  postAuthAuthenticate: endpoint({
    method: 'POST',
    path: '/api/auth/Authenticate',
    access: 'public',
    tags: ['auth'],
    summary: 'Log in; answers the session token (a JWT) as a JSON string',
    description:
      'An unknown username and a wrong password get the same 400. A successful login also sets the ' +
      '`portal_device` cookie (signed, HttpOnly, SameSite=Strict, Path=/api/auth): a later login to that ' +
      `username with it is from a known device, limited only to ${loginLimits.perKnownDevice.limit} failures per ` +
      `${minutes(loginLimits.perKnownDevice.periodMs)} minutes of its own and checked on a password budget of its own. ` +
      'Other logins are counted per username (known or not) and client address: the ' +
      `${loginLimits.perAddress.limit}th within ${minutes(loginLimits.perAddress.periodMs)} minutes locks that address ` +
      `out of that username for ${minutes(loginLimits.perAddress.periodMs)} minutes; a username takes at most ` +
      `${loginLimits.perAccount.limit} failures per ${minutes(loginLimits.perAccount.periodMs)} minutes from all ` +
      `unknown devices together, and an address at most ${loginLimits.perAddressAcrossAccounts.limit} per ` +
      `${minutes(loginLimits.perAddressAcrossAccounts.periodMs)} minutes over all usernames. A locked-out login ` +
      'answers 429 (with Retry-After) without its password being checked; a successful login starts its device ' +
      'or address over. Password checks take turns between client addresses, a few waiting per address: past that, 429 too.',
    body: LoginBody,
    response: {
      200: Type.String(),
      400: ErrorSchema,
      429: {
        ...ErrorSchema,
        description: 'Too many failed logins (try again after the minutes named), or too many in progress',
      },
    },
  }),
};
