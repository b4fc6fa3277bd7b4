import { setTimeout as sleep } from 'node:timers/promises';
import { isConnectionLoss } from '@portal/event-store';
import pg from 'pg';

/**
 * Every PostgreSQL pool of a portal process (its events and read models, and the job queues' on
 * PostgreSQL). A connection the server ends (a failover, a restart, `pg_terminate_backend`) is logged
 * once and replaced; the query it carried fails, and whoever ran it retries or re-delivers the work.
 *
 * pg-pool listens for a connection's `error` only while the connection sits idle in the pool, and
 * takes that listener off for as long as it is checked out (brianc/node-postgres#2439, #3202). Kysely's
 * PostgresDriver checks out a connection for every read-model query and transaction and adds no
 * listener: one ended while so held emitted `error` with nobody listening, and Node ended the process
 * (the worker crash of issue 36; the projector and the API died the same way). So every connection
 * gets a listener of ours when the pool opens it (pg-pool's `connect` event), for its whole life.
 */
export function createDatabasePool(
  connectionString: string,
  options: {
    applicationName?: string;
    max?: number;
    /** Server settings for every connection (`-c name=value`). */
    serverOptions?: string;
  } = {},
): pg.Pool {
  const applicationName = options.applicationName ?? 'portal';
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    // Idle connections close soon: the API, its workers and worker processes share one server.
    idleTimeoutMillis: 5000,
    // The name shows in pg_stat_activity: which process holds which connection.
    application_name: applicationName,
    ...(options.serverOptions ? { options: options.serverOptions } : {}),
  });
  // A connection ended by the server reports two errors (the server's notice, then the closed
  // socket), and an idle one reports them to the pool as well: one log line per connection.
  const reported = new WeakSet<pg.Client>();
  const lost = (client: pg.Client, error: Error) => {
    if (reported.has(client)) return;
    reported.add(client);
    console.warn(`PostgreSQL connection lost (${applicationName}): ${error.message}`);
  };
  pool.on('connect', (client) => client.on('error', (error) => lost(client, error)));
  pool.on('error', (error, client) => lost(client, error));
  return pool;
}

const answers = (pool: pg.Pool) =>
  pool.query('SELECT 1').then(
    () => true,
    () => false,
  );

/**
 * Runs `work`, and runs it again whenever it failed because its database connection was lost, once
 * `pool` answers again (after a failover: trying at growing intervals up to 2 s). For work that is
 * safe to run twice. Gives the last error up after `outageMs` from the first loss.
 */
export async function retriedAcrossOutages<T>(
  pool: pg.Pool,
  outageMs: number,
  work: () => Promise<T>,
  onLoss?: (error: Error) => void,
): Promise<T> {
  let deadline: number | undefined;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!isConnectionLoss(error)) throw error;
      deadline ??= Date.now() + outageMs;
      onLoss?.(error as Error);
      for (let waitMs = 100; ; waitMs = Math.min(waitMs * 2, 2000)) {
        if (Date.now() + waitMs > deadline) throw error;
        await sleep(waitMs);
        if (await answers(pool)) break;
      }
    }
  }
}
