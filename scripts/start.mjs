// `npm start`: build the admin UI once if it is missing, then run the portal (TypeScript via tsx).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('admin-ui/dist/index.html')) {
  console.log('Building the admin UI (first start only)...');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const portal = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/start.ts'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => portal.kill(signal));
portal.on('exit', (code) => process.exit(code ?? 0));
