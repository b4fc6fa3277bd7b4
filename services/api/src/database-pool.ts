import pg from 'pg';

/** The portal's PostgreSQL pool. An idle connection dropped by the server (restart, shutdown) must not crash the process. */
export function createDatabasePool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 20 });
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  return pool;
}
