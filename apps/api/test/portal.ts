import { randomBytes } from 'node:crypto';
import { clientOf, type Endpoint, endpoints, type InputOf, type RunView, requestOf } from '@portal/contract';
import { createTestDatabase, type TestDatabase } from '@portal/event-store/test/test-servers';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { configFromEnv, type PortalConfig } from '../src/config';
import { runDefinitions } from '../src/job-registry';
import { portalLoggerOptions } from '../src/logging';
import { type RunningPortal, startPortal } from '../src/portal';

// Passphrases that pass the password policy (apps/api/src/auth/password-policy.ts).
export const testAdmin = { username: 'admin@portal.test', password: 'Ledger-harbor-quartz-91' } as const;

export interface TestPortal extends RunningPortal {
  database: TestDatabase;
  config: PortalConfig;
  /** Logs in through the API and returns the token. */
  login(username?: string, password?: string): Promise<string>;
  /** Stops the portal and drops its database. */
  stop(): Promise<void>;
}

/** A whole portal (API, projections, first administrator) on a fresh database and a free port. */
export interface TestPortalOptions {
  uiDist?: string | null;
  /** Extra environment; a function is read when the portal starts (e.g. a peer's address known only then). */
  env?: Record<string, string> | (() => Record<string, string>);
}

export async function startTestPortal(options: TestPortalOptions = {}): Promise<TestPortal> {
  const database = await createTestDatabase();
  const config = configFromEnv(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_EMAIL: testAdmin.username,
      ADMIN_PASSWORD: testAdmin.password,
      LOG_LEVEL: 'warn',
      // Test portals may share the machine's Redis: their queues must not meet.
      QUEUE_PREFIX: database.name,
      // Many portals run at once: no internal listener unless a test asks for one (on a port of its own).
      METRICS_PORT: '0',
      // A seal appended at start would be one more event in every test's counts: tests seal when they mean to.
      SEALS: 'off',
      ...(typeof options.env === 'function' ? options.env() : options.env),
    },
    {
      databaseUrl: database.url,
      jwtSecret: randomBytes(32).toString('hex'),
      linkSecret: randomBytes(32).toString('hex'),
      uiDist: options.uiDist ?? null,
    },
  );
  // A request that fails with a 500 says why on the test's stderr: a flaky 500 under load leaves its cause.
  const logger = portalLoggerOptions('error', { write: (line) => process.stderr.write(line) });
  const portal = await startPortal(config, { print: () => undefined, logger }).catch(async (error) => {
    await database.drop();
    throw error;
  });
  const test: TestPortal = {
    ...portal,
    database,
    config,
    async login(username: string = testAdmin.username, password: string = testAdmin.password) {
      return clientOfPortal(() => test)(endpoints.postAuthAuthenticate, { body: { username, password } });
    },
    async stop() {
      await portal.close();
      await database.drop();
    },
  };
  return test;
}

export type Headers = Record<string, string>;

export const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

/** The standard (role 2) user the API tests create next to the administrator. */
export const testStandardUser = {
  username: 'standard@portal.test',
  password: 'Gravel-orchid-tandem-58',
  firstName: 'Sam',
  lastName: 'Standard',
} as const;

/** The auditor (role 3) the API tests create when asked: read-only, tickets and the audit routes. */
export const testAuditorUser = {
  username: 'auditor@portal.test',
  password: 'Ledger-quarry-hinge-73',
  firstName: 'Ada',
  lastName: 'Auditor',
  roleId: 3,
} as const;

/** Creates the standard test user (or `user`) through the API (as `admin`) and logs in as them. */
export async function createStandardUser(
  portal: TestPortal,
  admin: Headers,
  user: typeof testStandardUser | typeof testAuditorUser = testStandardUser,
): Promise<{ id: number; headers: Headers }> {
  const created = await clientOfPortal(() => portal)(endpoints.postUserNew, { body: user }, admin);
  return { id: created.id, headers: bearer(await portal.login(user.username, user.password)) };
}

/** Deletes the standard test user (as `admin`) when there is one, so a test can create them afresh. */
export async function deleteStandardUser(portal: TestPortal, admin: Headers): Promise<void> {
  const call = clientOfPortal(() => portal);
  const users = await call(endpoints.getUserAll, {}, admin);
  const user = users.find((candidate) => candidate.username === testStandardUser.username);
  if (user) await call(endpoints.deleteUserById, { params: { id: user.id } }, admin);
}

/** A test file's portal and its users' authorization headers, filled in once beforeAll has run. */
export interface PortalTest {
  portal: TestPortal;
  admin: Headers;
  /** Set when asked for with `standardUser: true`. */
  standard: Headers;
  standardUserId: number;
  /** Set when asked for with `auditorUser: true`. */
  auditor: Headers;
  auditorUserId: number;
}

/**
 * Starts a portal for the calling test file (beforeAll), logs the administrator in and, when asked,
 * the standard test user, and stops the portal afterwards (afterAll).
 */
export function useTestPortal({
  standardUser = false,
  auditorUser = false,
  ...portalOptions
}: TestPortalOptions & { standardUser?: boolean; auditorUser?: boolean } = {}): PortalTest {
  const test = {} as PortalTest;
  beforeAll(async () => {
    test.portal = await startTestPortal(portalOptions);
    test.admin = bearer(await test.portal.login());
    if (standardUser) {
      const { id, headers } = await createStandardUser(test.portal, test.admin);
      test.standardUserId = id;
      test.standard = headers;
    }
    if (auditorUser) {
      const { id, headers } = await createStandardUser(test.portal, test.admin, testAuditorUser);
      test.auditorUserId = id;
      test.auditor = headers;
    }
  });
  afterAll(() => test.portal?.stop());
  return test;
}

/**
 * A second app over the test portal's infrastructure that logs at `level` into `lines`, for tests that
 * read the request log back (built beforeAll, closed afterAll).
 */
export function useLoggingApp(portal: () => TestPortal, level: string) {
  const logged = { lines: [] as string[] } as { lines: string[]; app: FastifyInstance };
  beforeAll(async () => {
    logged.app = await buildApp(portal().infra, {
      logger: portalLoggerOptions(level, { write: (line) => logged.lines.push(line) }),
    });
  });
  afterAll(() => logged.app?.close());
  return logged;
}

/** The typed client over `app.inject`: a call that does not answer 2xx throws with its status and body. */
export const clientOfPortal = (portal: () => TestPortal) =>
  clientOf<Headers>(async ({ method, url, body }, headers) => {
    const response = await portal().app.inject({
      method,
      url,
      ...(headers ? { headers } : {}),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.statusCode === 204 ? null : response.json();
  });

/** A declared call as `app.inject` (and `runToEnd`) take it. */
export function injectionOf<const E extends Endpoint>(declaration: E, input: InputOf<E>) {
  const { method, url, body } = requestOf(declaration, input);
  return { method, url, ...(body === undefined ? {} : { payload: body as object }) };
}

/** `app.inject` shortened to (method, url, headers, JSON body). */
export const injector =
  (portal: () => TestPortal) =>
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    portal().app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** Asks a route that starts a run to answer 202 with the run at once rather than wait for its end. */
export const respondAsync = { prefer: 'respond-async' } as const;

/**
 * Starts a bulk run (with `Prefer: respond-async` the route answers 202 with the run) and polls
 * GET /api/job/{id} until it has finished; returns the finished run. Throws on any other status or
 * when it does not finish in time.
 */
export async function runToEnd(
  portal: TestPortal,
  headers: Headers,
  request: { method: Endpoint['method']; url: string; payload?: object },
  timeoutMs = 60_000,
): Promise<RunView> {
  const started = await portal.app.inject({ ...request, headers: { ...headers, ...respondAsync } });
  if (started.statusCode !== 202)
    throw new Error(`${request.method} ${request.url}: ${started.statusCode} ${started.body}`);
  const run: RunView = started.json();
  return awaitRun(portal, headers, run.id, timeoutMs);
}

/** Polls a run until it has finished (completed, failed or cancelled). */
export async function awaitRun(
  portal: TestPortal,
  headers: Headers,
  runId: string,
  timeoutMs = 60_000,
): Promise<RunView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await clientOfPortal(() => portal)(endpoints.getJobById, { params: { id: runId } }, headers);
    if (run.finishedAt) return run;
    if (Date.now() > deadline)
      throw new Error(
        `run ${runId} did not finish in ${timeoutMs} ms: ${JSON.stringify(run)}\nits queue jobs: ${await chunkJobs(portal, run)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the queue says of a run's chunk jobs (a run that never finishes is explained there). */
async function chunkJobs(portal: TestPortal, run: RunView): Promise<string> {
  const queue = runDefinitions.find((definition) => definition.kind === run.kind)?.queue;
  if (!queue) return `no queue for ${run.kind}`;
  const jobs = await Promise.all(
    run.chunks.map(async (chunk) => {
      const job = await portal.infra.jobs.queue(queue).getJob(`${run.id}.${chunk.index}`);
      if (!job) return { index: chunk.index, job: null };
      const { attemptsMade, attemptsStarted, stalledCounter, failedReason, finishedOn } = job;
      return {
        index: chunk.index,
        state: await job.getState(),
        attemptsMade,
        attemptsStarted,
        stalledCounter,
        failedReason,
        finishedOn,
      };
    }),
  );
  return JSON.stringify(jobs);
}
