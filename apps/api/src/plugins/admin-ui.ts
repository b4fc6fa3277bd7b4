import path from 'node:path';
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
 * Vite names every file under assets/ by its content's hash, so a browser may keep it for a year without
 * asking again; anything else (index.html above all, which names the current assets) is revalidated on
 * every load, so a deploy shows at once.
 */
const assetCacheControl = 'public, max-age=31536000, immutable';
const pageCacheControl = 'no-cache';

/**
 * Serves the built react-admin app, public (files hold no data): one route per built file, and
 * index.html for any other GET outside /api so the UI's own routes load on a deep link. The build
 * writes a .br and a .gz beside each file (apps/admin-ui/vite.config.ts); the one the browser accepts is
 * sent, with `Vary: Accept-Encoding`.
 */
export async function serveAdminUi(app: FastifyInstance, root: string): Promise<void> {
  const assets = path.join(path.resolve(root), 'assets') + path.sep;
  await registerPublic(app, async (scope) => {
    await scope.register(fastifyStatic, {
      root,
      wildcard: false,
      preCompressed: true,
      setHeaders: (reply, file) => {
        reply.header('cache-control', file.startsWith(assets) ? assetCacheControl : pageCacheControl);
      },
    });
    scope.get('/*', { schema: { hide: true } }, (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      return isApiPath(path) ? reply.callNotFound() : reply.sendFile('index.html');
    });
  });
}
