import type { TSchema } from '@sinclair/typebox';

/** Who may call an endpoint: no one signed in, any signed-in user, administrators, or a scale's bridge key. */
export type Access = 'public' | 'user' | 'admin' | 'scale-bridge';

/**
 * One endpoint, declared once: the server registers its handler against it, the typed client calls
 * it, and the OpenAPI document describes it (fastify's route schemas are built from it).
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify's form: `:name` for a path parameter. */
  path: string;
  access: Access;
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
