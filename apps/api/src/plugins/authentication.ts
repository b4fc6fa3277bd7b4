import jwt from '@fastify/jwt';
import { type Access, type Endpoint, type KeyScope, roleMayCall } from '@portal/contract';
import { DomainError, isStorableId, Role, type RoleId } from '@portal/domain';
import { findSessionUser } from '@portal/projections';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { SessionUsers } from './session-users';

/** The session token's claims (docs/security.md, "Sessions"), plus the user's session version. */
interface TokenClaims {
  primarysid: string;
  nameid: string;
  role: RoleId;
  /** The user's session version when the token was issued: a password or role change moves it on. */
  sv: number;
}

interface CurrentUser {
  id: number;
  roleId: RoleId;
  name: string;
}

/**
 * Per-route access (declared with each endpoint): public routes skip the token; 'admin' routes need
 * role 1, 'user' routes role 1 or 2, 'audit' routes role 1 or 3, 'reader' routes any signed-in user
 * (`rolesOfAccess`); 'scale-bridge' routes take no user at all, only a scale's bridge key
 * (`Authorization: Bridge <key>`). An API key (`Authorization: Bearer pk_…`) is taken only by a route whose
 * `keyScope` it holds, and refused (403) by every other route that takes a user.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The contract's declaration the route was registered from (`route()`). */
    endpoint?: Endpoint;
  }
  interface FastifyRequest {
    currentUser: CurrentUser;
    /** On 'scale-bridge' routes: the scale the presented bridge key speaks for. */
    bridgeScaleId: number;
    /** The API key the request came with, if it came with one (its issuer is `currentUser`). */
    apiKey: { id: string; name: string } | null;
  }
  interface FastifyInstance {
    /** Every route's declared access, by `METHOD url` as registered (tests and docs read it). */
    routeAccess(): Map<string, Access>;
    /** The API key scope each route takes, by `METHOD url`, for the routes that take one. */
    routeKeyScopes(): Map<string, KeyScope>;
    /** Signed-in users, cached briefly; a command that changes a user forgets them here at once. */
    sessionUsers: SessionUsers;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
  }
}

const authMessages = {
  /** What a call without a session is told (the project form's precondition, word for word). */
  missingToken: 'User must be logged in.',
  invalidToken: 'Your session has expired or is not valid. Please log in again.',
  forbidden: 'You do not have permission to do this.',
  invalidBridgeKey: 'The scale bridge key is missing, unknown or revoked.',
  invalidApiKey: 'The API key is unknown, expired or revoked.',
  apiKeyOutOfScope: 'This API key may not call this route.',
} as const;

const bridgeScheme = 'Bridge ';

/**
 * A key that may act now: who issued it (its actions are recorded as theirs, with its id) and its scopes. The
 * feature that keeps the keys finds them (apiKeyOf); the engine only asks.
 */
export interface PresentedApiKey {
  id: string;
  name: string;
  scopes: KeyScope[];
  issuedByUserId: number;
}

const apiKeyBearer = 'Bearer pk_';

/** The spec's client sends the token as `X-auth-token` and as `Authorization: Bearer`. */
function extractToken(request: FastifyRequest): string | undefined {
  const header = request.headers['x-auth-token'];
  if (typeof header === 'string' && header !== '') return header;
  const authorization = request.headers.authorization;
  return authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
}

const userIdPattern = /^[1-9][0-9]{0,9}$/;

/** The user id a verified token names, or null when its subject or session version is malformed. */
function tokenUserId(claims: TokenClaims): number | null {
  if (typeof claims.primarysid !== 'string' || !userIdPattern.test(claims.primarysid)) return null;
  if (!Number.isInteger(claims.sv)) return null;
  const id = Number(claims.primarysid);
  return isStorableId(id) ? id : null;
}

/** A public route needs no token, and its OpenAPI operation says it needs no credentials. */
function markPublic(route: RouteOptions): void {
  route.config = { ...route.config, access: 'public' };
  if (route.schema) route.schema = { ...route.schema, security: [] };
}

/**
 * Access is decided by the matched route, never by the URL's text (docs/security.md,
 * "Access control"): every route gets `access: 'user'` unless it declares otherwise, and a request that
 * matches no route goes to the not-found handler, which answers 404 with no data.
 */
export default fp<{
  secret: string;
  expiresInSeconds: number;
  /** The scale a bridge key belongs to (null: none, or the sender is refused); without it no bridge is let in. */
  bridgeScaleOf?: (key: string, ip: string) => Promise<number | null>;
  /** The API key a presented one names (null: unknown, expired or revoked); without it no key is let in. */
  apiKeyOf?: (key: string) => Promise<PresentedApiKey | null>;
}>(
  async (app, options) => {
    await app.register(jwt, {
      secret: options.secret,
      sign: { expiresIn: options.expiresInSeconds, algorithm: 'HS256' },
      // A token without an expiry or a subject is not a session this portal issued.
      verify: { algorithms: ['HS256'], requiredClaims: ['exp', 'primarysid', 'sv'] },
    });
    const sessionUsers = new SessionUsers({
      load: (id) => findSessionUser(app.infra.db, id),
      pool: app.infra.pool,
      onLookup: (source) => app.infra.metrics.sessionUserLookups.inc({ source }),
    });
    await sessionUsers.open();
    app.addHook('onClose', () => sessionUsers.close());
    app.decorate('sessionUsers', sessionUsers);
    app.decorateRequest('currentUser', null as unknown as CurrentUser);
    app.decorateRequest('bridgeScaleId', 0);
    app.decorateRequest('apiKey', null);
    // Kept by reference: a public scope's own hook runs after this one and changes `config` in place.
    const routes: RouteOptions[] = [];
    app.decorate('routeAccess', () => {
      const access = new Map<string, Access>();
      for (const route of routes)
        for (const method of [route.method].flat())
          access.set(`${method} ${route.url}`, route.config?.access ?? 'user');
      return access;
    });
    app.decorate('routeKeyScopes', () => {
      const scopes = new Map<string, KeyScope>();
      for (const route of routes) {
        const scope = route.config?.endpoint?.keyScope;
        if (scope) for (const method of [route.method].flat()) scopes.set(`${method} ${route.url}`, scope);
      }
      return scopes;
    });

    /**
     * A key acts on its issuer's authority with no more than a standard user's rights, and only while its
     * issuer is still an administrator: a demoted or deleted issuer's keys stop at once.
     */
    async function admitApiKey(request: FastifyRequest, presented: string): Promise<void> {
      const key = (await options.apiKeyOf?.(presented)) ?? null;
      const issuer = key && (await sessionUsers.find(key.issuedByUserId));
      if (!key || issuer?.roleId !== Role.Administrator)
        throw new DomainError('unauthorized', authMessages.invalidApiKey);
      const scope = request.routeOptions.config.endpoint?.keyScope;
      if (!scope || !key.scopes.includes(scope))
        throw new DomainError('forbidden', authMessages.apiKeyOutOfScope);
      request.currentUser = { id: issuer.id, roleId: Role.Standard, name: `API key ${key.name}` };
      request.apiKey = { id: key.id, name: key.name };
    }

    app.addHook('onRoute', (route) => {
      // A key is taken only where a user's token would be checked: declaring it elsewhere is a mistake.
      const access = route.config?.access;
      if (route.config?.endpoint?.keyScope && (access === 'public' || access === 'scale-bridge'))
        throw new Error(`${route.url}: an API key scope on a ${access} route`);
      if (route.config?.access === 'public') markPublic(route);
      else if (route.config?.access === 'scale-bridge' && route.schema)
        route.schema = { ...route.schema, security: [{ scaleBridgeKey: [] }] };
      else route.config = { ...route.config, access: route.config?.access ?? 'user' };
      routes.push(route);
    });

    // The role comes from the read model (through a brief cache it invalidates), not the token, so a
    // demoted or deleted user loses access at once; the session version ends tokens issued before a
    // password or role change.
    app.addHook('onRequest', async (request) => {
      if (request.is404) return;
      const access = request.routeOptions.config.access ?? 'user';
      if (access === 'public') return;
      if (access === 'scale-bridge') {
        const authorization = request.headers.authorization ?? '';
        const key = authorization.startsWith(bridgeScheme) ? authorization.slice(bridgeScheme.length) : '';
        const scaleId = (await options.bridgeScaleOf?.(key, request.ip)) ?? null;
        if (scaleId === null) throw new DomainError('unauthorized', authMessages.invalidBridgeKey);
        request.bridgeScaleId = scaleId;
        return;
      }
      const authorization = request.headers.authorization;
      if (authorization?.startsWith(apiKeyBearer)) return admitApiKey(request, authorization.slice(7));
      const token = extractToken(request);
      if (!token) throw new DomainError('unauthorized', authMessages.missingToken);
      let claims: TokenClaims;
      try {
        // The verifier built at registration: request.jwtVerify() decodes the token twice on its way to it.
        claims = app.jwt.verify<TokenClaims>(token);
      } catch {
        throw new DomainError('unauthorized', authMessages.invalidToken);
      }
      const userId = tokenUserId(claims);
      const user = userId === null ? undefined : await sessionUsers.find(userId);
      if (!user || user.sessionVersion !== claims.sv) {
        throw new DomainError('unauthorized', authMessages.invalidToken);
      }
      request.currentUser = { id: user.id, roleId: user.roleId, name: `${user.firstName} ${user.lastName}` };
      if (!roleMayCall(access, user.roleId)) {
        throw new DomainError('forbidden', authMessages.forbidden);
      }
    });
  },
  { name: 'authentication', dependencies: ['infrastructure'] },
);

/**
 * Registers `plugin` in a scope of its own whose every route is public: the admin UI's files and
 * the API reference, which hold no data. Anything else public declares it on its route.
 */
export async function registerPublic(app: FastifyInstance, plugin: FastifyPluginAsync): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', markPublic);
    await scope.register(plugin);
  });
}
