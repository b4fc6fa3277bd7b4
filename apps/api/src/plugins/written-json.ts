import { JsonText } from '@portal/contract';
import type { FastifyInstance } from 'fastify';

const itsText = (payload: JsonText<unknown>) => payload.text;

/**
 * A route's answer PostgreSQL already wrote as JSON (a JsonText) goes out as that text: the route's
 * response schema still describes it in the OpenAPI document, and every other answer is serialized
 * by it as before.
 */
export function sendWrittenJson(app: FastifyInstance): void {
  app.addHook('preSerialization', (_request, reply, payload, done) => {
    if (payload instanceof JsonText) reply.serializer(itsText);
    done(null, payload);
  });
}
