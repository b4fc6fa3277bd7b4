// `npm run build:server`: the server's entry points compiled to JavaScript in dist/server, so a
// production image runs `node dist/server/api.js` with no TypeScript loader. Our workspaces
// (@portal/*) are bundled in; every other package stays an import from node_modules (native addons,
// BullMQ's Lua scripts and swagger-ui's files are read from their own package directories).
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

const entryPoints = {
  start: 'apps/api/src/start.ts',
  api: 'apps/api/src/api.ts',
  projector: 'apps/api/src/projector.ts',
  worker: 'apps/api/src/worker.ts',
  // Loaded by the export threads (apps/api/src/reports/workbook-threads.ts), not run on its own.
  'workbook-thread': 'apps/api/src/reports/workbook-thread.ts',
  'rebuild-projections': 'apps/api/src/cli/rebuild-projections.ts',
  replay: 'apps/api/src/cli/replay-ticket.ts',
  verify: 'apps/api/src/cli/verify-event-chains.ts',
  'scale-bridge': 'apps/scale-bridge/src/main.ts',
  'scale-simulate': 'apps/scale-bridge/src/simulate.ts',
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
