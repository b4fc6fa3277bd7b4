import type pg from 'pg';

/**
 * Serialises commands that guard a set-wide rule (a unique username, at least one administrator)
 * across every API process sharing the database: PostgreSQL session advisory lock on a named key.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    client.release();
  }
}
