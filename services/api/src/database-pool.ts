import pg from 'pg';

/** The portal's PostgreSQL pool. An idle connection dropped by the server (restart, shutdown) must not crash the process. */
export function createDatabasePool(
  connectionString: string,
  options: { applicationName?: string; max?: number } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    // Idle connections close soon: the API, its workers and worker processes share one server.
    idleTimeoutMillis: 5000,
    // The name shows in pg_stat_activity: which process holds which connection.
    application_name: options.applicationName ?? 'portal',
  });
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  return pool;
}
