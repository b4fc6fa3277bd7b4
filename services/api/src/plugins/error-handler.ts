import { DomainError, type DomainErrorKind } from '@portal/domain';
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
