import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError, emailPattern, isBlank } from '@portal/domain';
import { findUserCredentials } from '@portal/projections';
import { type Static, Type } from '@sinclair/typebox';
import { ErrorSchema } from '../http-schemas';
import { LoginThrottle } from './login-throttle';
import { verifyPassword } from './passwords';

export const loginMessages = {
  usernameRequired: 'Username is required',
  usernameNotEmail: 'Username is not valid email',
  passwordRequired: 'Password is required',
  // ARCHITECTURE.md: one answer for an unknown user and a wrong password (replaces 'User does not exist.').
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
  if (isBlank(body.password)) errors.password = loginMessages.passwordRequired;
  const first = Object.values(errors)[0];
  if (first) throw new DomainError('validation', first, errors);
  return { username, password: body.password ?? '' };
}

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const throttle = new LoginThrottle();

  app.post(
    '/api/auth/Authenticate',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Log in; answers the session token (a JWT) as a JSON string',
        body: LoginBody,
        response: { 200: Type.String(), 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { username, password } = validateLogin(request.body);
      const key = username.toLowerCase();
      const locked = throttle.lockedMinutes(key);
      if (locked > 0) throw new DomainError('throttled', loginMessages.throttled(locked));
      const user = await findUserCredentials(app.infra.db, username);
      const valid = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !valid) {
        throttle.recordFailure(key);
        throw new DomainError('validation', loginMessages.invalidCredentials);
      }
      throttle.recordSuccess(key);
      const token = await reply.jwtSign({
        primarysid: String(user.id),
        nameid: `${user.firstName} ${user.lastName}`,
        role: user.roleId,
        sv: user.sessionVersion,
      });
      // The spec's client expects the token as a JSON string, not as plain text.
      return reply.type('application/json').send(JSON.stringify(token));
    },
  );
};
