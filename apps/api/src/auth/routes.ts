import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import {
  DomainError,
  emailPattern,
  isBlank,
  maxIndexedTextLength,
  userValidationMessages,
} from '@portal/domain';
import { findUserCredentials } from '@portal/projections';
import { type Static, Type } from '@sinclair/typebox';
import { route } from '../route';
import { clientAddressKey } from './client-address';
import { knownDeviceOf, registerDeviceCookies, rememberDevice } from './device-cookies';

export const loginMessages = {
  usernameRequired: 'Username is required',
  usernameNotEmail: 'Username is not valid email',
  passwordRequired: 'Password is required',
  // docs/security.md, "Login abuse": one answer for an unknown user and a wrong password (replaces 'User does not exist.').
  invalidCredentials: 'Invalid username or password.',
  throttled: (minutes: number) =>
    `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

const LoginBody = Type.Object({
  username: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  password: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

function validateLogin(body: Static<typeof LoginBody>): { username: string; password: string } {
  const errors: Record<string, string> = {};
  const username = body.username?.trim() ?? '';
  if (isBlank(username)) errors.username = loginMessages.usernameRequired;
  else if (!emailPattern.test(username)) errors.username = loginMessages.usernameNotEmail;
  // No account has a longer name, and a name of any length would make counter keys of any length.
  else if (username.length > maxIndexedTextLength) errors.username = userValidationMessages.usernameTooLong;
  if (isBlank(body.password)) errors.password = loginMessages.passwordRequired;
  const first = Object.values(errors)[0];
  if (first) throw new DomainError('validation', first, errors);
  return { username, password: body.password ?? '' };
}

const minutes = (ms: number) => ms / 60_000;

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limiter = app.infra.loginLimiter;
  await registerDeviceCookies(app, app.infra.config.jwtSecret);

  route(app, endpoints.postAuthAuthenticate, async (request, reply) => {
    const { username, password } = validateLogin(request.body);
    const account = username.toLowerCase();
    const attempt = {
      account,
      address: clientAddressKey(request.ip),
      device: knownDeviceOf(request, account),
    };
    // Counted before the password is checked: concurrent guesses cannot all pass a count read earlier.
    const locked = await limiter.reserve(attempt);
    if (locked) {
      reply.header('retry-after', Math.ceil(locked.lockedForMs / 1000));
      throw new DomainError('throttled', loginMessages.throttled(Math.ceil(minutes(locked.lockedForMs))));
    }
    let user: Awaited<ReturnType<typeof findUserCredentials>>;
    let valid: boolean;
    try {
      user = await findUserCredentials(app.infra.db, username);
      valid = await app.infra.passwords.verify(user?.passwordHash ?? null, password, attempt);
    } catch (error) {
      await limiter.cancel(attempt);
      throw error;
    }
    if (!user || !valid) throw new DomainError('validation', loginMessages.invalidCredentials);
    await limiter.succeeded(attempt);
    rememberDevice(reply, account, attempt.device);
    const token = await reply.jwtSign({
      primarysid: String(user.id),
      nameid: `${user.firstName} ${user.lastName}`,
      role: user.roleId,
      sv: user.sessionVersion,
    });
    // The spec's client expects the token as a JSON string, not as plain text.
    return reply.type('application/json').send(JSON.stringify(token));
  });
};
