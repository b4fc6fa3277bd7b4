import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type TestDatabase, testRedisUrl } from '@portal/event-store/test/test-servers';
import { repoRoot } from '../src/config';
import { testAdmin } from './portal';

/** Resolves with the match once `child` prints `ready` on stdout; rejects if it exits first or takes too long. */
function waitForLine(
  child: ChildProcess,
  ready: RegExp,
  what: string,
  timeoutMs = 60_000,
): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`${what} not ready in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(ready);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

export interface PortalProcess {
  /** What the process printed when it was ready (the `ready` pattern's match). */
  ready: RegExpMatchArray;
  /** Its process id (a bench reads its peak memory from /proc). */
  pid: number;
  /** SIGKILL: the process dies mid-work, as in a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM: work in hand finishes, then it exits. */
  stop(): Promise<void>;
  /** The last of what it printed (for a failed test to show). */
  recentOutput(): string;
  /** Whether it is still running (it has neither exited nor been killed). */
  running(): boolean;
}

/** How much of a process's output is kept for `recentOutput`. */
const keptOutputChars = 16_384;

/** Settings every portal process of a test takes: its database, and its queues' Redis and prefix. */
export interface ProcessEnv {
  DATABASE_URL: string;
  REDIS_URL?: string;
  QUEUE_PREFIX?: string;
  [name: string]: string | undefined;
}

/**
 * One of the portal's processes as a child process, with a data directory of its own: `script` under
 * apps/api/src run through tsx, as `npm run` does, or a compiled file (`dist/server/api.js`).
 * Resolves once it prints `ready`. Its output shows with PROCESS_LOGS=1.
 */
async function startPortalProcess(script: string, env: ProcessEnv, ready: RegExp): Promise<PortalProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-process-'));
  const args = script.startsWith('dist/') ? [script] : ['--import', 'tsx', `apps/api/src/${script}`];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    // SEALS off as in the test portals: each process's own data dir would seal with a key of its own at start.
    env: {
      ...process.env,
      REDIS_URL: '',
      METRICS_PORT: '0',
      SEALS: 'off',
      ...env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let kept = '';
  const echo = (chunk: Buffer) => {
    kept = (kept + chunk.toString()).slice(-keptOutputChars);
    if (process.env.PROCESS_LOGS) process.stderr.write(`[${script} ${child.pid}] ${chunk.toString()}`);
  };
  child.stdout?.on('data', echo);
  child.stderr?.on('data', echo);
  const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
  let match: RegExpMatchArray;
  try {
    match = await waitForLine(child, ready, script);
  } catch (error) {
    child.kill('SIGKILL');
    cleanUp();
    throw error;
  }
  const end = async (signal: NodeJS.Signals) => {
    child.kill(signal);
    await exited(child);
    cleanUp();
  };
  return {
    ready: match,
    pid: child.pid ?? 0,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
    recentOutput: () => kept,
    running: () => child.exitCode === null && child.signalCode === null,
  };
}

/**
 * The settings every process of one production-like topology on `database` shares: its database, the
 * machine's Redis under a prefix of its own, the secrets, and the test administrator.
 */
const topologyEnv = (database: TestDatabase): ProcessEnv => ({
  DATABASE_URL: database.url,
  REDIS_URL: testRedisUrl,
  QUEUE_PREFIX: database.name,
  JWT_SECRET: randomBytes(32).toString('hex'),
  LINK_SECRET: randomBytes(32).toString('hex'),
  ADMIN_EMAIL: testAdmin.username,
  ADMIN_PASSWORD: testAdmin.password,
});

/**
 * The production topology on `database` (see topologyEnv): a projector (projecting), `apiCount` API
 * processes and a worker, each its own process; the APIs and the worker never project.
 */
export async function startTopology(database: TestDatabase, apiCount: number) {
  const env = topologyEnv(database);
  const projector = await startProjectorProcess(env);
  if (projector.ready[1] !== 'projecting') throw new Error('the first projector stands by');
  const [worker, ...apis] = await Promise.all([
    startWorkerProcess({ ...env, PROJECTIONS: 'off' }),
    ...Array.from({ length: apiCount }, () => startApiProcess(env)),
  ]);
  return {
    env,
    projector,
    worker: worker as PortalProcess,
    apis: apis as (PortalProcess & { url: string })[],
  };
}

/** `npm run worker` against the given database (and Redis, when given). */
export const startWorkerProcess = (env: ProcessEnv & { JOB_LOCK_MS?: string; METRICS_PORT?: string }) =>
  startPortalProcess('worker.ts', env, /Worker running/);

/** `npm run projector`: `ready[1]` says whether it projects or stands by. */
export const startProjectorProcess = (env: ProcessEnv) =>
  startPortalProcess('projector.ts', env, /Projector running \((projecting|standing by)/);

/**
 * An API process (`npm run api`, or with `compiled` the built `dist/server/api.js` a production image
 * runs) on a free port of its own: `url` is where it answers.
 */
export async function startApiProcess(
  env: ProcessEnv,
  { compiled = false } = {},
): Promise<PortalProcess & { url: string }> {
  const started = await startPortalProcess(
    compiled ? 'dist/server/api.js' : 'api.ts',
    { PORT: String(await freePort()), HOST: '127.0.0.1', ...env },
    /portal is running at (http:\/\/\S+)/,
  );
  return { ...started, url: started.ready[1] ?? '' };
}

/**
 * The API as a production image runs it: the server built (scripts/build-server.mjs), then its compiled
 * `dist/server/api.js` started on `databaseUrl` with the test administrator, projecting, and `env` beside.
 */
export async function startCompiledApi(databaseUrl: string, env: Omit<ProcessEnv, 'DATABASE_URL'> = {}) {
  await promisify(execFile)(process.execPath, ['scripts/build-server.mjs'], { cwd: repoRoot });
  return startApiProcess(
    {
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: testAdmin.username,
      ADMIN_PASSWORD: testAdmin.password,
      PROJECTIONS: 'on',
      ...env,
    },
    { compiled: true },
  );
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

export interface RedisServer {
  url: string;
  /** Kills the server (SIGKILL) and starts it again on the same port and files; waits for it. */
  restart(downForMs: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A Redis server of this test's own (the machine's `redis-server`), with an fsync-always append-only
 * file, so a kill loses nothing, as a production Redis with AOF would not.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes'];
  args.push('--appendfsync', 'always', '--save', '');
  const start = async () => {
    const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    await waitForLine(child, /Ready to accept connections/, 'redis-server', 15_000);
    return child;
  };
  let server = await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    async restart(downForMs) {
      server.kill('SIGKILL');
      await exited(server);
      await new Promise((resolve) => setTimeout(resolve, downForMs));
      server = await start();
    },
    async stop() {
      server.kill('SIGKILL');
      await exited(server);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
