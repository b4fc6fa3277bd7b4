import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerPublic } from './authentication';

/**
 * Whether a path the UI's fallback caught is the API's, however spelled (`%2Fapi`, `API`): unknown
 * API paths answer JSON 404s, never the UI's page.
 */
function isApiPath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Malformed escapes: judge the text as sent.
  }
  return /^\/*api(\/|$)/i.test(decoded);
}

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
