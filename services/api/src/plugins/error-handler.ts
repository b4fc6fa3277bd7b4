import {
  DomainError,
  type DomainErrorKind,
  hasUnstorableCharacters,
  unstorableTextMessage,
} from '@portal/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const statusOf: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  throttled: 429,
};

export const unexpectedErrorMessage = 'An unexpected error occurred.';

/**
 * The first value in `input` (a body, query or params) that cannot be stored, with its message: a
 * text holding a NUL or an unpaired surrogate, or a number that is not finite (JSON's 1e400, or a
 * string like '1e400' the schema coerced to an integer: ajv then skips minimum and maximum). Fields
 * are named by their key, as the forms name them (an array's items by the array's key); null if none.
 */
export function unstorableInput(input: unknown): { field: string; message: string } | null {
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

/** One place maps failures to statuses: the spec's message for 4xx, a fixed text for every 5xx. */
export default fp(
  async (app: FastifyInstance) => {
    // react-admin's fetchJson sends `Content-Type: application/json` on bodiless DELETEs; an empty JSON
    // body is "no body", not an error. Malformed JSON still answers 400.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400 }), undefined);
      }
    });
    // One rule for all input (the text rule is in services/domain/src/catalogue/fields.ts): a value
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
      if (error.validation) {
        return reply.status(400).send({ message: `Invalid request: ${error.message}` });
      }
      const status = error.statusCode ?? 500;
      if (status < 500) return reply.status(status).send({ message: error.message });
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: unexpectedErrorMessage });
    });
    // Unknown API routes get JSON; any other GET gets the UI's index.html (when served) for deep links.
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' && !request.url.startsWith('/api/') && app.hasReplyDecorator('sendFile')) {
        return reply.sendFile('index.html');
      }
      return reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}` });
    });
  },
  { name: 'error-handler' },
);
