// `npm start`: build the admin UI once if it is missing, then run the portal (TypeScript via tsx).
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
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => portal.kill(signal));
portal.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
