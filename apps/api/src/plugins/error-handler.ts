import {
  DomainError,
  type DomainErrorKind,
  hasUnstorableCharacters,
  idNotWholeNumberMessage,
  unstorableTextMessage,
} from '@portal/domain';
import { isConnectionLoss } from '@portal/event-store';
import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { parseJsonBody } from './json-body';
import { UpstreamError } from './upstream-error';

const statusOf: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  throttled: 429,
};

const unexpectedErrorMessage = 'An unexpected error occurred.';
const notFoundMessage = 'Not found.';

/**
 * The first value in `input` (a body, query or params) that cannot be stored, with its message: a
 * text holding a NUL or an unpaired surrogate, or a number that is not finite (JSON's 1e400, or a
 * string like '1e400' the schema coerced to an integer: ajv then skips minimum and maximum). Fields
 * are named by their key, as the forms name them (an array's items by the array's key); null if none.
 */
function unstorableInput(input: unknown): { field: string; message: string } | null {
  const pending: [unknown, string][] = [[input, 'body']];
  for (let i = 0; i < pending.length; i++) {
    const [value, field] = pending[i] as [unknown, string];
    if (typeof value === 'string' && hasUnstorableCharacters(value))
      return { field, message: unstorableTextMessage(field) };
    if (typeof value === 'number' && !Number.isFinite(value))
      return { field, message: `${field} must be a finite number` };
    if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (hasUnstorableCharacters(key)) return { field, message: unstorableTextMessage(field) };
        pending.push([child, Array.isArray(value) ? field : key]);
      }
    }
  }
  return null;
}

/**
 * A value of the wrong JSON type ("2" or true for a number), in the words the slices use for the same
 * rule (packages/domain/src/catalogue/fields.ts), naming the field by its key; null for other errors.
 */
function wrongTypeMessage(
  failure: FastifySchemaValidationError | undefined,
): { field: string; message: string } | null {
  if (failure?.keyword !== 'type') return null;
  const field = failure.instancePath
    .split('/')
    .filter((part) => !/^\d+$/.test(part))
    .at(-1);
  if (!field) return null;
  if (failure.params.type === 'integer') return { field, message: idNotWholeNumberMessage(field) };
  if (failure.params.type === 'number') return { field, message: `${field} must be a number` };
  return null;
}

/** One place maps failures to statuses: the spec's message for 4xx, a fixed text for every 5xx. */
export default fp(
  async (app: FastifyInstance) => {
    // One JSON parser for every route (parseJsonBody): empty is no body, too deep, poisoned or malformed a 400.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, parseJsonBody(String(body)));
      } catch (error) {
        done(Object.assign(error as Error, { statusCode: 400 }), undefined);
      }
    });
    // One rule for all input (the text rule is in packages/domain/src/catalogue/fields.ts): a value
    // that cannot be stored anywhere in the params, query or body is a 400 naming the field, after the
    // schema has read it and before the route does. Accepted, PostgreSQL would refuse it in a lookup
    // (a 500) or in the event store.
    app.addHook('preHandler', async (request) => {
      for (const part of [request.params, request.query, request.body]) {
        const refused = unstorableInput(part);
        if (refused)
          throw new DomainError('validation', refused.message, { [refused.field]: refused.message });
      }
    });
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof DomainError) {
        return reply
          .status(statusOf[error.kind])
          .send(
            error.fieldErrors
              ? { message: error.message, errors: error.fieldErrors }
              : { message: error.message },
          );
      }
      // A called service's failures are its own (502) or its configuration's (503), in words the office can act on.
      if (error instanceof UpstreamError) {
        // The detail (which status, which field) is for the operator; it never holds a key.
        request.log.warn(
          { upstream: error.service, code: error.code, cause: error.cause },
          `${error.service} call failed`,
        );
        return reply.status(error.status).send({ message: error.message, code: error.code });
      }
      if (error.validation) {
        const typeError = wrongTypeMessage(error.validation[0]);
        if (typeError) {
          return reply
            .status(400)
            .send({ message: typeError.message, errors: { [typeError.field]: typeError.message } });
        }
        return reply.status(400).send({ message: `Invalid request: ${error.message}` });
      }
      const status = error.statusCode ?? 500;
      if (status < 500) return reply.status(status).send({ message: error.message });
      // The database ended this request's connection (a failover); the next request finds a new one.
      // The spec's message, as for any 5xx; the status and Retry-After say it is passing.
      if (isConnectionLoss(error)) {
        request.log.warn({ err: error }, 'database connection lost mid-request');
        return reply.status(503).header('retry-after', '1').send({ message: unexpectedErrorMessage });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: unexpectedErrorMessage });
    });
    // A request that matches no route learns nothing but that (the UI's deep links have a route).
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: notFoundMessage }));
  },
  { name: 'error-handler' },
);
