import type { Endpoint } from '@portal/contract';
import fp from 'fastify-plugin';

/** `/api/` routes the contract does not declare: the API reference (its page and files), which holds no data. */
const undeclaredApiPrefixes = ['/api/docs'];

const isApiRoute = (url: string) =>
  url.startsWith('/api/') &&
  !undeclaredApiPrefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

const named = (declaration: Endpoint) => `${declaration.method} ${declaration.path}`;

/**
 * The contract is the route table: an `/api/` route registered other than from one of `declared`
 * (through `route()`) is refused as it is registered, and the app does not start while a declaration
 * has no handler (fastify itself refuses a second handler of one method and path).
 */
export default fp<{ declared: readonly Endpoint[] }>(
  async (app, options) => {
    const declared = new Set(options.declared);
    const handled = new Set<Endpoint>();
    app.addHook('onRoute', (route) => {
      // Fastify adds a HEAD route beside each GET; it has the GET's declaration.
      if (route.method === 'HEAD' || !isApiRoute(route.url)) return;
      const declaration = route.config?.endpoint;
      if (!declaration || !declared.has(declaration))
        throw new Error(
          `${[route.method].flat().join(',')} ${route.url} is not declared in @portal/contract`,
        );
      handled.add(declaration);
    });
    app.addHook('onReady', async () => {
      const unhandled = options.declared.filter((declaration) => !handled.has(declaration)).map(named);
      if (unhandled.length > 0)
        throw new Error(`Declared endpoints without a handler: ${unhandled.join(', ')}`);
    });
  },
  { name: 'route-table' },
);
