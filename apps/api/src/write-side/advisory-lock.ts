import type pg from 'pg';

/** Callers of one key queue here, in memory, before any of them takes a database connection. */
const queues = new Map<string, Promise<void>>();

/**
 * Serialises commands that guard a set-wide rule (a unique username, at least one administrator)
 * across every API process sharing the database: PostgreSQL session advisory lock on a named key.
 *
 * Waiters queue in memory first, so a process holds at most one pool connection per key while
 * waiting. (Holding one per waiter exhausted the pool under a burst of saves, and the lock holder
 * could then never get the connection it needed to finish: a deadlock.)
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(name) ?? Promise.resolve();
  let release = () => {};
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = previous.then(() => mine);
  queues.set(name, tail);
  await previous;
  try {
    const client = await pool.connect();
    // A connection dropped while held took the lock with it: the unlock fails, and the connection is
    // closed rather than returned to the pool.
    let broken = false;
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      try {
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch((error) => {
          broken = true;
          throw error;
        });
      }
    } finally {
      client.release(broken);
    }
  } finally {
    release();
    if (queues.get(name) === tail) queues.delete(name);
  }
}
