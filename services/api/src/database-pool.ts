import pg from 'pg';

/** The portal's PostgreSQL pool. An idle connection dropped by the server (restart, shutdown) must not crash the process. */
export function createDatabasePool(connectionString: string, applicationName = 'portal'): pg.Pool {
  // The name shows in pg_stat_activity: which process holds which connection.
  const pool = new pg.Pool({ connectionString, max: 20, application_name: applicationName });
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  return pool;
}
