import { isConnectionLoss } from '@portal/event-store';
import { createTestDatabase, type TestDatabase } from '@portal/event-store/test/test-servers';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabasePool } from './database-pool';

// Issue 36, item 1: a connection the server ends is logged once and replaced, whether it sat idle in
// the pool or was checked out between two queries of its holder (where pg-pool does not listen, and
// an unheard 'error' ended the process: Vitest reports that as an unhandled error and fails the run).

let database: TestDatabase;
let pool: pg.Pool;
/** Outside the pool: the pool's idle connection would otherwise be the one asked to end itself. */
let admin: pg.Client;
const applicationName = 'pool-guard-test';

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createDatabasePool(database.url, { applicationName, max: 4 });
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await pool?.end();
  await database?.drop();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Ends a session as a failover or an administrator would. */
const terminate = async (pid: number) => {
  const { rows } = await admin.query<{ ended: boolean }>('SELECT pg_terminate_backend($1) AS ended', [pid]);
  expect(rows[0]?.ended).toBe(true);
};
const backendPid = async (client: pg.PoolClient) =>
  (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid ?? 0;
const lostLines = (warn: { mock: { calls: unknown[][] } }) =>
  warn.mock.calls
    .map((call) => String(call[0]))
    .filter((line) => line.startsWith('PostgreSQL connection lost'));

describe('a pool from createDatabasePool', () => {
  it('a connection ended while checked out and idle: logged once, its holder’s next query fails, and the pool opens a new one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const held = await pool.connect();
    const pid = await backendPid(held);
    await terminate(pid);
    // The server's notice, then the closed socket: two errors on the client, one line.
    await vi.waitFor(() => expect((held as unknown as { _ended: boolean })._ended).toBe(true), {
      timeout: 5_000,
    });
    expect(lostLines(warn)).toEqual([
      `PostgreSQL connection lost (${applicationName}): terminating connection due to administrator command`,
    ]);
    const failed = await held.query('SELECT 1').catch((error: unknown) => error);
    expect(isConnectionLoss(failed)).toBe(true);
    held.release();
    const again = await pool.connect();
    try {
      expect(await backendPid(again)).not.toBe(pid);
    } finally {
      again.release();
    }
  });

  it('a connection ended mid-query: the query fails as a connection loss, logged once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const held = await pool.connect();
    const pid = await backendPid(held);
    const sleeping = held.query('SELECT pg_sleep(30)').catch((error: unknown) => error);
    await vi.waitFor(async () => {
      const { rows } = await admin.query(
        "SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND state = 'active'",
        [pid],
      );
      expect(rows).toHaveLength(1);
    });
    await terminate(pid);
    expect(isConnectionLoss(await sleeping)).toBe(true);
    held.release();
    await vi.waitFor(() => expect(lostLines(warn)).toHaveLength(1), { timeout: 5_000 });
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('an idle connection ended in the pool: logged once, and the next query runs on a new one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const idle = await pool.connect();
    const pid = await backendPid(idle);
    idle.release();
    await terminate(pid);
    await vi.waitFor(() => expect(lostLines(warn)).toHaveLength(1), { timeout: 5_000 });
    // Both errors (the client's and the pool's re-emission of it) have had their turn by now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lostLines(warn)).toHaveLength(1);
    const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect(rows[0]?.pid).not.toBe(pid);
  });

  it('a refused statement is not a connection loss', async () => {
    const refused = await pool.query('SELECT * FROM no_such_table').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(isConnectionLoss(refused)).toBe(false);
  });
});
