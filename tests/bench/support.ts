import { performance } from 'node:perf_hooks';
import { bearer, type TestPortal } from '@portal/api/test/portal';
import type { GlobalPosition, NewEvent, PostgresEventStore } from '@portal/event-store';
import { createTestDatabase } from '@portal/event-store/test/test-servers';
import autocannon from 'autocannon';
import pg from 'pg';
import { type BenchRow, mustBeZero, row } from './report';

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

/** Goals shown beside a route's rows (issue 16's table). */
interface RouteGoals {
  rate?: string;
  p99?: string;
}

export const cannonRows = (
  name: string,
  label: string,
  result: autocannon.Result,
  goals: RouteGoals = {},
): BenchRow[] => [
  row(name, `${label}: requests.average`, result.requests.average, 'req/s', goals.rate),
  row(name, `${label}: latency p50`, result.latency.p50, 'ms'),
  row(name, `${label}: latency p97.5`, result.latency.p97_5, 'ms'),
  row(name, `${label}: latency p99`, result.latency.p99, 'ms', goals.p99),
  row(name, `${label}: responses`, result['2xx'] + result.non2xx, 'count'),
  mustBeZero(name, `${label}: non-2xx responses`, result.non2xx),
  mustBeZero(name, `${label}: errors (incl. timeouts)`, result.errors),
];

/**
 * The administrator's JSON headers on a running portal, and `load`: autocannon on one of its routes,
 * over `connections` connections for `seconds`, whose rows it adds to `rows`.
 */
export async function routeLoad(
  portal: TestPortal,
  rows: BenchRow[],
  name: string,
  { connections, seconds }: { connections: number; seconds: number },
) {
  const headers = { ...bearer(await portal.login()), 'content-type': 'application/json' };
  const load = async (
    label: string,
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    goals: RouteGoals = {},
  ) => {
    const result = await cannon({
      url: `${portal.url}${path}`,
      method,
      headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
      connections,
      duration: seconds,
    });
    rows.push(...cannonRows(name, `${label} (${connections} conn, ${seconds} s)`, result, goals));
  };
  return { headers, load };
}
