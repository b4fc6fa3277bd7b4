import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerPublic } from './authentication';

/** A deep-link path of the UI, as opposed to the API (whose unknown paths answer JSON 404s). */
const isApiPath = (path: string) => /^api(\/|$)/i.test(path);

/**
 * Serves the built react-admin app, public (files hold no data): one route per built file, and
 * index.html for any other GET outside /api so the UI's own routes load on a deep link.
 */
export async function serveAdminUi(app: FastifyInstance, root: string): Promise<void> {
  await registerPublic(app, async (scope) => {
    await scope.register(fastifyStatic, { root, wildcard: false });
    scope.get('/*', { schema: { hide: true } }, (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      return isApiPath(path) ? reply.callNotFound() : reply.sendFile('index.html');
    });
  });
}
