import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../src/config';

/** Resolves once `child` prints `ready` on stdout; rejects if it exits first or takes too long. */
function waitForLine(child: ChildProcess, ready: RegExp, what: string, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`${what} not ready in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
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

export interface WorkerProcess {
  /** SIGKILL: the worker dies mid-job, as in a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM: running jobs finish, then it exits. */
  stop(): Promise<void>;
}

/** `npm run worker` as a child process against the given database (and Redis, when given). */
export async function startWorkerProcess(env: {
  DATABASE_URL: string;
  REDIS_URL?: string;
  QUEUE_PREFIX?: string;
  JOB_LOCK_MS?: string;
}): Promise<WorkerProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-worker-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/worker.ts'], {
    cwd: repoRoot,
    env: { ...process.env, REDIS_URL: '', ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (process.env.WORKER_LOGS) process.stderr.write(`[worker ${child.pid}] ${text}`);
  });
  const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    await waitForLine(child, /Worker running/, 'worker');
  } catch (error) {
    child.kill('SIGKILL');
    cleanUp();
    throw error;
  }
  return {
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
      cleanUp();
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
      cleanUp();
    },
  };
}

const freePort = () =>
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
