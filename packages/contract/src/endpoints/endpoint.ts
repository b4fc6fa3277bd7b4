import { Role, type RoleId } from '@portal/domain';
import type { TSchema } from '@sinclair/typebox';

/**
 * Who may call an endpoint (docs/security.md, "Access control"): no one signed in ('public'), the
 * office's staff, administrators and standard users ('user'), administrators ('admin'),
 * administrators and auditors ('audit'), any signed-in user, auditors included ('reader'), or a
 * scale's bridge key ('scale-bridge').
 */
export type Access = 'public' | 'user' | 'admin' | 'audit' | 'reader' | 'scale-bridge';

/**
 * What an API key may be issued for (docs/integrations.md, "API keys"): each scope names the routes that
 * take a key holding it (`keyScope` on their declaration). A key is refused on every other route.
 */
export const keyScopes = ['read-tickets', 'read-reports', 'weigh', 'receive', 'read-events'] as const;
export type KeyScope = (typeof keyScopes)[number];

/** The roles a signed-in caller may hold on a route of each access that takes a user. */
export const rolesOfAccess: Readonly<Record<Exclude<Access, 'public' | 'scale-bridge'>, readonly RoleId[]>> =
  {
    user: [Role.Administrator, Role.Standard],
    admin: [Role.Administrator],
    audit: [Role.Administrator, Role.Auditor],
    reader: [Role.Administrator, Role.Standard, Role.Auditor],
  };

/** Whether a route of `access` takes a signed-in user of `roleId` (public and bridge routes take no user). */
export const roleMayCall = (access: Access, roleId: RoleId): boolean =>
  access !== 'public' && access !== 'scale-bridge' && rolesOfAccess[access].includes(roleId);

/**
 * One endpoint, declared once: the server registers its handler against it, the typed client calls
 * it, and the OpenAPI document describes it (fastify's route schemas are built from it).
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify's form: `:name` for a path parameter. */
  path: string;
  access: Access;
  /**
   * The API key scope that may call this route besides the users `access` takes (`Authorization: Bearer
   * pk_…`); without it no key is let in. Only on routes that take a user.
   */
  keyScope?: KeyScope;
  summary: string;
  description?: string;
  tags: readonly string[];
  params?: TSchema;
  querystring?: TSchema;
  headers?: TSchema;
  body?: TSchema;
  /** The answers by status code (the success first, then `errorResponses`). */
  response: Readonly<Record<number, TSchema>>;
  /** A file download's content types. */
  produces?: readonly string[];
}

/** Declares an endpoint, keeping its literal types for the handler and the client. */
export const endpoint = <const E extends Endpoint>(declaration: E): E => declaration;
