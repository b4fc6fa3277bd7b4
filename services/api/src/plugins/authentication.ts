import jwt from '@fastify/jwt';
import { DomainError, Role, type RoleId } from '@portal/domain';
import { findUserById } from '@portal/projections';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Claims of the spec's session token (section 3, User). */
export interface TokenClaims {
  primarysid: string;
  nameid: string;
  role: RoleId;
}

export interface CurrentUser {
  id: number;
  roleId: RoleId;
  name: string;
}

/** Per-route access: public routes skip the token; 'admin' routes need role 1; 'user' is any signed-in user. */
export type Access = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    currentUser: CurrentUser;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
  }
}

/** Paths under /api that need no token besides routes declaring `access: 'public'`. */
const publicPrefixes = ['/api/docs'];

export const authMessages = {
  missingToken: 'You are not logged in.',
  invalidToken: 'Your session has expired or is not valid. Please log in again.',
  forbidden: 'You do not have permission to do this.',
} as const;

/** The spec's client sends the token as `X-auth-token` and as `Authorization: Bearer`. */
function extractToken(request: FastifyRequest): string | undefined {
  const header = request.headers['x-auth-token'];
  if (typeof header === 'string' && header !== '') return header;
  const authorization = request.headers.authorization;
  return authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
}

export default fp<{ secret: string; expiresInSeconds: number }>(
  async (app, options) => {
    await app.register(jwt, {
      secret: options.secret,
      sign: { expiresIn: options.expiresInSeconds, algorithm: 'HS256' },
      verify: { extractToken, algorithms: ['HS256'] },
    });
    app.decorateRequest('currentUser', null as unknown as CurrentUser);

    // Every /api route needs a valid token unless it declares `access: 'public'`; the role comes
    // from the read model, not the token, so a demoted or deleted user loses access at once.
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access ?? 'user';
      if (access === 'public' || !request.url.startsWith('/api/')) return;
      if (publicPrefixes.some((prefix) => request.url.startsWith(prefix))) return;
      if (!extractToken(request)) throw new DomainError('unauthorized', authMessages.missingToken);
      let claims: TokenClaims;
      try {
        claims = await request.jwtVerify<TokenClaims>();
      } catch {
        throw new DomainError('unauthorized', authMessages.invalidToken);
      }
      const user = await findUserById(app.infra.db, Number(claims.primarysid));
      if (!user) throw new DomainError('unauthorized', authMessages.invalidToken);
      request.currentUser = { id: user.id, roleId: user.roleId, name: `${user.firstName} ${user.lastName}` };
      if (access === 'admin' && user.roleId !== Role.Administrator) {
        throw new DomainError('forbidden', authMessages.forbidden);
      }
    });
  },
  { name: 'authentication', dependencies: ['infrastructure'] },
);
