// `npm run build:server`: the server's entry points compiled to JavaScript in dist/server, so a
// production image runs `node dist/server/api.js` with no TypeScript loader. Our workspaces
// (@portal/*) are bundled in; every other package stays an import from node_modules (native addons,
// BullMQ's Lua scripts and swagger-ui's files are read from their own package directories).
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

const entryPoints = {
  start: 'services/api/src/start.ts',
  api: 'services/api/src/api.ts',
  projector: 'services/api/src/projector.ts',
  worker: 'services/api/src/worker.ts',
  'rebuild-projections': 'services/api/src/cli/rebuild-projections.ts',
  replay: 'services/api/src/cli/replay-ticket.ts',
  verify: 'services/api/src/cli/verify-event-chains.ts',
  'scale-bridge': 'scale-bridge/src/main.ts',
  'scale-simulate': 'scale-bridge/src/simulate.ts',
};

/** Bundles @portal/* and relative imports; leaves every other package to node_modules. */
const thirdPartyExternal = {
  name: 'third-party-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm('dist/server', { recursive: true, force: true });
await build({
  entryPoints,
  outdir: 'dist/server',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  plugins: [thirdPartyExternal],
  logLevel: 'info',
});
