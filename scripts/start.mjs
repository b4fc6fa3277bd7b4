// `npm start`: build the admin UI once if it is missing, then run the portal (TypeScript via tsx), and
// beside it the scale bridge's simulated weighbridge when the portal asks for one.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('apps/admin-ui/dist/index.html')) {
  console.log('Building the admin UI (first start only)...');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The portal runs in a process group of its own. Ctrl-C in a terminal signals the whole foreground
// group: its embedded PostgreSQL and simulated scale would stop at once, under the portal still
// closing (which then waited a minute on a database that was gone). Here only this launcher hears
// it, and passes it on; the portal stops its parts in order. The IPC channel tells the portal when
// this launcher is gone, so it never outlives it.
const portal = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/start.ts'], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  detached: true,
});
let weighbridge = null;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => portal.kill(signal));
portal.on('exit', (code, signal) => {
  weighbridge?.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});

// The simulated weighbridge (apps/scale-bridge) is a process of its own: the API never imports the
// bridge. The portal creates its scale and key and asks for it over IPC (apps/api/src/launcher-channel.ts
// holds the messages), and stops it first when it shuts down. It too has its own process group, and
// stops when this launcher's channel to it closes.
const tellPortal = (type) => portal.connected && portal.send({ type });
portal.on('message', (message) => {
  if (message?.type === 'start-simulated-scale') startWeighbridge(message);
  if (message?.type === 'stop-simulated-scale') {
    if (!weighbridge) tellPortal('simulated-scale-stopped');
    else {
      weighbridge.once('exit', () => tellPortal('simulated-scale-stopped'));
      weighbridge.kill('SIGTERM');
    }
  }
});

function startWeighbridge({ portalUrl, bridgeKey, scaleName }) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/scale-bridge/src/simulated-weighbridge-main.ts'],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      detached: true,
      env: { ...process.env, PORTAL_URL: portalUrl, SCALE_BRIDGE_KEY: bridgeKey, SCALE_NAME: scaleName },
    },
  );
  weighbridge = child;
  child.once('message', (message) => {
    if (message?.type === 'started') tellPortal('simulated-scale-started');
  });
  child.once('exit', () => {
    if (weighbridge === child) weighbridge = null;
    tellPortal('simulated-scale-failed');
  });
}
