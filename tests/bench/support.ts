import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { bearer, type TestPortal } from '@portal/api/test/portal';
import type { GlobalPosition, NewEvent, PostgresEventStore } from '@portal/event-store';
import { createTestDatabase } from '@portal/event-store/test/test-servers';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import authentication from '../../apps/api/src/plugins/authentication';
import errorHandler from '../../apps/api/src/plugins/error-handler';
import infrastructure from '../../apps/api/src/plugins/infrastructure';
import {
  atMost,
  type BenchRow,
  inRounds,
  mustBeZero,
  percentile,
  perSecond,
  roundsRowOf,
  row,
} from './report';

/** Runs `body` against a fresh database and a pool on it; the pool is ended and the database dropped even on failure. */
export async function withFreshDatabase<T>(
  body: (pool: pg.Pool, url: string) => Promise<T>,
  poolOptions: { max?: number } = {},
): Promise<T> {
  const database = await createTestDatabase();
  try {
    const pool = new pg.Pool({ connectionString: database.url, max: poolOptions.max ?? 10 });
    pool.on('error', (error) => console.warn(`bench pool: ${error.message}`));
    // pool.end() resolves once its clients are asked to end, not once their sockets are closed: wait
    // for those too, or the forced drop below terminates them mid-goodbye and they report an error.
    const closed: Promise<void>[] = [];
    pool.on('connect', (client) => closed.push(new Promise((resolve) => client.once('end', resolve))));
    try {
      return await body(pool, database.url);
    } finally {
      await pool.end();
      await Promise.race([Promise.all(closed), sleep(2_000)]);
    }
  } finally {
    await database.drop();
  }
}

// Shaped like the portal's UserRegistered (an argon2id hash included), so row sizes are realistic.
const fakeHash =
  '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHRzYWx0c2FsdA$3q2+7w3q2+7w3q2+7w3q2+7w3q2+7w3q2+7w3q2+7w';

export const userLikeEvent = (n: number): NewEvent => ({
  type: 'UserRegistered',
  data: {
    userId: n,
    username: `bench-user-${n}@portal.test`,
    firstName: 'Bench',
    lastName: `User ${n}`,
    phoneNumber: '(416)555-0101',
    roleId: 2,
    passwordHash: fakeHash,
  },
  metadata: { userId: 1, occurredAt: new Date().toISOString() },
});

/**
 * BENCH_SCALE (default 1) multiplies the modules' data sizes and durations that have a knob: `BENCH_SCALE=0.05
 * npm run bench -- rebuild` checks that the rows print; figures of a reduced run are not the bench's.
 */
const benchScale = Number(process.env.BENCH_SCALE ?? '1') || 1;
export const scaled = (size: number): number => Math.max(1, Math.round(size * benchScale));

/** Reads every event through the store's readAll, `maxCount` at a time: the floor under anything that replays them. */
export async function readEveryEvent(
  store: PostgresEventStore,
  maxCount: number,
): Promise<{ read: number; elapsedMs: number }> {
  let read = 0;
  let after: GlobalPosition | undefined;
  const started = performance.now();
  for (;;) {
    const page = await store.readAll({ after, maxCount });
    const last = page.at(-1);
    if (!last) break;
    read += page.length;
    after = last.position;
  }
  return { read, elapsedMs: performance.now() - started };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * autocannon in a worker thread: the portal runs in this process, and a load generator sharing its
 * event loop would add its own work to every measured latency.
 */
export const cannon = (options: autocannon.Options) => autocannon({ workers: 1, ...options });

export const cannonRows = (name: string, label: string, result: autocannon.Result): BenchRow[] => [
  row(name, `${label}: requests.average`, result.requests.average, 'req/s'),
  row(name, `${label}: latency p50`, result.latency.p50, 'ms'),
  row(name, `${label}: latency p97.5`, result.latency.p97_5, 'ms'),
  row(name, `${label}: latency p99`, result.latency.p99, 'ms'),
  row(name, `${label}: responses`, result['2xx'] + result.non2xx, 'count'),
  mustBeZero(name, `${label}: non-2xx responses`, result.non2xx),
  mustBeZero(name, `${label}: errors (incl. timeouts)`, result.errors),
];

/**
 * The framework floor of the API's reads (issue 35): a second Fastify instance in this process with the
 * portal's infrastructure and its authentication plugin (the same hook, the same session cache), whose one
 * route answers a constant JSON body of the size asked for. What no route of the portal can beat.
 */
export async function startFrameworkFloor(portal: TestPortal) {
  const app = Fastify({ logger: false });
  await app.register(infrastructure, portal.infra);
  await app.register(errorHandler);
  await app.register(authentication, {
    secret: portal.config.jwtSecret,
    expiresInSeconds: portal.config.jwtExpiresInSeconds,
  });
  const bodies = new Map<number, string>();
  const bodyOf = (bytes: number) => {
    // '{"floor":""}' is 12 bytes.
    if (!bodies.has(bytes)) bodies.set(bytes, JSON.stringify({ floor: 'x'.repeat(Math.max(0, bytes - 12)) }));
    return bodies.get(bytes);
  };
  app.route({
    method: ['GET', 'POST', 'PUT'],
    url: '/api/floor',
    handler: async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(bodyOf(Number((request.query as { bytes?: string }).bytes))),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: (bytes: number) =>
      `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/floor?bytes=${bytes}`,
    close: () => app.close(),
  };
}

interface Statement {
  /** Set when the portal prepares the statement by name: the floor prepares it too. */
  name?: string;
  text: string;
  values: unknown[];
}

/**
 * A read as a route sends it: a SELECT (after a `/* prepared *\/` mark at most), not the portal's own
 * background work (projections, subscriptions, the job queue's claims, which start with a comment) nor the
 * session cache's lookup, which the framework floor's auth hook makes too.
 */
const routeRead = /^\s*(\/\*[^*]*\*\/\s*)?(SELECT|WITH)\b/i;
const background = /\bevents\b|pg_notify|advisory|checkpoint|pg_current_snapshot|FOR UPDATE|from "users"/i;

/** The statements `ask` makes the portal send through pg, read off pg's Client while it runs. */
async function statementsOf(ask: () => Promise<unknown>): Promise<Statement[]> {
  const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = client.query;
  const statements: Statement[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [query, values] = args;
    const statement: { name?: string; text?: string; values?: unknown[] } =
      typeof query === 'string'
        ? { text: query, values: Array.isArray(values) ? values : [] }
        : (query as { name?: string; text?: string; values?: unknown[] });
    if (
      typeof statement.text === 'string' &&
      routeRead.test(statement.text) &&
      !background.test(statement.text)
    )
      statements.push({
        ...(statement.name ? { name: statement.name } : {}),
        text: statement.text,
        values: statement.values ?? (Array.isArray(values) ? values : []),
      });
    return original.apply(this, args);
  };
  try {
    await ask();
  } finally {
    client.query = original;
  }
  return statements;
}

/** The statements of one request of `ask`, once the requests of an earlier load have drained and caches are warm. */
async function quietStatementsOf(ask: () => Promise<unknown>): Promise<Statement[]> {
  await ask();
  await sleep(500);
  return statementsOf(ask);
}

/** Calls `call` from `connections` callers at once for `seconds`; each call's ms, and calls per second. */
export async function callsFor(call: () => Promise<unknown>, connections: number, seconds: number) {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        await call();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return { latencies, rate: perSecond(latencies.length, seconds * 1000) };
}

/**
 * The database floor: `statements` sent through pg directly, one after another per simulated request, over
 * `connections` connections for `seconds`. Returns each request's ms.
 */
async function replayStatements(url: string, statements: Statement[], connections: number, seconds: number) {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  pool.on('error', (error) => console.warn(`bench pool: ${error.message}`));
  const once = async () => {
    for (const statement of statements) await pool.query(statement);
  };
  try {
    await Promise.all(Array.from({ length: connections }, once));
    return await callsFor(once, connections, seconds);
  } finally {
    await pool.end();
  }
}

/**
 * The administrator's JSON headers on a running portal, and `load`: autocannon on one of its routes over
 * `connections` connections for `seconds`, in rounds, whose rows it adds to `rows`. With `floors`, each round
 * also loads the framework floor (a constant body of the same size, same auth hook) and replays the route's SQL
 * through pg (the database floor), and the route's p99 is judged against framework + 1.5 x database floor.
 * `close` stops the framework floor's server.
 */
export async function routeLoad(
  portal: TestPortal,
  rows: BenchRow[],
  name: string,
  { connections, seconds }: { connections: number; seconds: number },
) {
  const headers = { ...bearer(await portal.login()), 'content-type': 'application/json' };
  let floorServer: Awaited<ReturnType<typeof startFrameworkFloor>> | undefined;
  const load = async (
    label: string,
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    { floors = false }: { floors?: boolean } = {},
  ) => {
    const payload = body ? { body: JSON.stringify(body) } : {};
    const options = (url: string) => ({ url, method, headers, ...payload, connections, duration: seconds });
    const ask = async () =>
      (await fetch(`${portal.url}${path}`, { method, headers, ...payload })).arrayBuffer();
    const statements = floors ? await quietStatementsOf(ask) : [];
    const bytes = (await ask()).byteLength;
    if (floors)
      console.error(
        `bench: ${name}: ${label}: its SQL, replayed as the database floor:\n${statements.map((st) => `  ${st.text.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n')}`,
      );
    floorServer ??= floors ? await startFrameworkFloor(portal) : undefined;
    const measured = await inRounds(async () => {
      const route = await cannon(options(`${portal.url}${path}`));
      if (!floorServer || !floors) return { route };
      const framework = await cannon(options(floorServer.url(bytes)));
      const database = await replayStatements(portal.database.url, statements, connections, seconds);
      return { route, framework, database: percentile(database.latencies, 99) };
    });
    const at = `${label} (${connections} conn, ${seconds} s)`;
    const perRound = roundsRowOf(name, measured);
    const results = measured.results;
    const sum = (count: (result: autocannon.Result) => number) =>
      results.reduce((total, r) => total + count(r.route) + (r.framework ? count(r.framework) : 0), 0);
    rows.push(
      perRound(`${at}: requests.average`, (r) => r.route.requests.average, 'req/s'),
      perRound(`${at}: latency p50`, (r) => r.route.latency.p50, 'ms'),
      perRound(`${at}: latency p99`, (r) => r.route.latency.p99, 'ms'),
    );
    if (floors) {
      rows.push(
        row(name, `${at}: answer size (the framework floor answers as many)`, bytes, 'bytes'),
        row(name, `${at}: SQL statements of one request`, statements.length, 'count'),
        perRound(
          `${at}: framework floor p99 (constant body, same auth hook)`,
          (r) => r.framework?.latency.p99 ?? Number.NaN,
          'ms',
        ),
        perRound(`${at}: database floor p99 (its SQL through pg)`, (r) => r.database ?? Number.NaN, 'ms'),
        perRound(
          `${at}: p99 / (framework floor + 1.5 x database floor)`,
          (r) =>
            r.route.latency.p99 /
            ((r.framework?.latency.p99 ?? Number.NaN) + 1.5 * (r.database ?? Number.NaN)),
          'ratio',
          atMost(1),
        ),
      );
    }
    rows.push(
      mustBeZero(
        name,
        `${at}: non-2xx responses, all rounds`,
        sum((r) => r.non2xx),
      ),
      mustBeZero(
        name,
        `${at}: errors (incl. timeouts), all rounds`,
        sum((r) => r.errors),
      ),
    );
  };
  return { headers, load, close: async () => floorServer?.close() };
}
