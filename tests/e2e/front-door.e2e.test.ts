import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '@portal/api';
import { bearer, testAdmin } from '@portal/api/test/portal';
import { freePort } from '@portal/api/test/processes';
import { endpoints } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOverHttp, requestOverHttp } from '../support/http-client';

/**
 * Issue 34, item 8 (D24): `npm start` (scripts/start.mjs, embedded defaults, a data folder of its own) on
 * a machine where a second portal holds the fixed internal ports, a busy PORT, and Ctrl-C. In the e2e
 * project: `npm start` serves the built UI, which `npm run test:e2e` builds first.
 */

/** The fixed ports of a portal's internal listeners: metrics of the API, worker, projector and bridge, and the embedded PostgreSQL. */
const internalPorts = [9461, 9462, 9463, 9464, 54329];

/** Holds `port` on loopback as another portal would; a port some other program holds already is held too. */
const hold = (port: number, host = '127.0.0.1') =>
  new Promise<net.Server | null>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(null) : reject(error),
    );
    server.listen({ port, host, exclusive: true }, () => resolve(server));
  });

interface StartedPortal {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; afterMs: number }>;
  /** Ctrl-C in a terminal: SIGINT to the whole foreground process group, not to one process. */
  pressCtrlC(): void;
}

/** `npm start`'s entry in a process group of its own (as a terminal runs it), in a fresh data folder. */
function npmStart(env: Record<string, string>): StartedPortal {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'front-door-'));
  // The embedded PostgreSQL runs as its own system user when the tests run as root: it must enter the folder.
  chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  let signalledAt = Date.now();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; afterMs: number }>(
    (resolve) =>
      child.once('exit', (code, signal) => {
        resolve({ code, signal, afterMs: Date.now() - signalledAt });
        rmSync(dataDir, { recursive: true, force: true });
      }),
  );
  return {
    child,
    output: () => output,
    exited,
    pressCtrlC() {
      signalledAt = Date.now();
      process.kill(-(child.pid ?? 0), 'SIGINT');
    },
  };
}

const untilPrinted = async (portal: StartedPortal, pattern: RegExp, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(portal.output())) {
    if (portal.child.exitCode !== null) throw new Error(`npm start exited:\n${portal.output()}`);
    if (Date.now() > deadline)
      throw new Error(`not printed in ${timeoutMs} ms: ${pattern}\n${portal.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('npm start while another portal holds the internal ports 9461–9464 and 54329', () => {
  const held: (net.Server | null)[] = [];
  let portal: StartedPortal;
  let url: string;

  beforeAll(async () => {
    held.push(...(await Promise.all(internalPorts.map((port) => hold(port)))));
    const port = await freePort();
    url = `http://localhost:${port}`;
    portal = npmStart({
      PORT: String(port),
      ADMIN_EMAIL: testAdmin.username,
      ADMIN_PASSWORD: testAdmin.password,
    });
    await untilPrinted(portal, /Log in with the administrator account/, 90_000);
  });

  afterAll(async () => {
    if (portal?.child.exitCode === null) process.kill(-(portal.child.pid ?? 0), 'SIGKILL');
    await Promise.all(held.map((server) => server && new Promise((resolve) => server.close(resolve))));
  });

  it('starts: each taken port gives way to a free one, said in one line', () => {
    expect(portal.output()).toMatch(
      /^Port 54329 \(EMBEDDED_POSTGRES_PORT\) is taken by another program: the embedded PostgreSQL takes port \d+ instead\.$/m,
    );
    expect(portal.output()).toMatch(
      /^Port 9461 \(METRICS_PORT\) is taken by another program: health and metrics listen on http:\/\/127\.0\.0\.1:\d+ instead \(METRICS_PORT=0 turns them off\)\.$/m,
    );
    expect(portal.output()).toMatch(/^'Simulated scale' is weighing trucks/m);
  });

  it('says it listens on every network interface and how to keep it to this machine', () => {
    expect(portal.output()).toMatch(
      /^Listening on every network interface \(HOST=0\.0\.0\.0\), port \d+: other machines reach it at this machine's address; HOST=127\.0\.0\.1 keeps it to this machine\.$/m,
    );
  });

  it('works: a login, a GET, the UI, and health on the port it took', async () => {
    // The typed client throws unless the login answers 2xx.
    const token = await clientOverHttp(
      () => url,
      () => ({}),
    )(endpoints.postAuthAuthenticate, { body: testAdmin });
    const settings = await requestOverHttp(url, endpoints.getSetting, {}, bearer(token));
    expect(settings.status).toBe(200);
    expect(await settings.json()).toBeTruthy();
    expect(await (await fetch(url)).text()).toContain('<div id="root">');
    const healthUrl = portal.output().match(/health and metrics listen on (http:\/\/\S+) instead/)?.[1];
    expect((await fetch(`${healthUrl}/healthz`)).status).toBe(200);
  });

  it('Ctrl-C stops it within 10 s, a line per step, the embedded PostgreSQL last', async () => {
    portal.pressCtrlC();
    const { code, afterMs } = await portal.exited;
    const steps = portal.output().slice(portal.output().indexOf('SIGINT: shutting down'));
    // A step past its time limit is left behind, in a line of its own, rather than holding the stop up.
    const stepLines = [
      ...steps.matchAll(/^ {2}(\d)\/7 (?:stopped (.+) \(\d+\.\d s\)|(.+) did not stop within .+)$/gm),
    ];
    expect(stepLines.map(([, n, stopped, late]) => `${n} ${stopped ?? late}`)).toEqual([
      '1 the simulated scale',
      '2 the web server',
      '3 the health and metrics listener',
      '4 the queue workers',
      '5 the projections',
      '6 the database connections',
      '7 the embedded PostgreSQL',
    ]);
    expect(steps).toMatch(/^Stopped in \d+\.\d s\.$/m);
    expect(afterMs).toBeLessThan(10_000);
    expect(code).toBe(0);
  });
});

describe('npm start on a PORT another program holds', () => {
  it('says so in one line naming the port, and exits non-zero within seconds, before starting the database', async () => {
    const port = await freePort();
    const taken = await hold(port);
    const portal = npmStart({ PORT: String(port) });
    const { code, afterMs } = await portal.exited;
    taken?.close();
    expect(code).toBe(1);
    expect(afterMs).toBeLessThan(6000);
    expect(portal.output().trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^PORT ${port} is already in use on 0\\.0\\.0\\.0 \\(another portal or program holds it\\): stop that program or start on another port, e\\.g\\. PORT=\\d+ npm start\\.$`,
        ),
      ),
    ]);
  });
});
