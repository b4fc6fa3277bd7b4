import { createTestDatabase, type TestDatabase } from '@portal/event-store/test/test-servers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdvisoryLock } from './advisory-lock';

let database: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('withAdvisoryLock', () => {
  it('runs 50 callers one at a time on a 4-connection pool whose work needs connections of its own', async () => {
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        withAdvisoryLock(pool, 'busy-key', async () => {
          inside++;
          most = Math.max(most, inside);
          // The holder needs further connections, as a command does (read, append, wait for projections).
          await Promise.all([pool.query('SELECT pg_sleep(0.001)'), pool.query('SELECT 1')]);
          order.push(n);
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order).toHaveLength(50);
  });

  it('holds the PostgreSQL lock while working, so another process would wait', async () => {
    const outsider = new pg.Client({ connectionString: database.url });
    await outsider.connect();
    const tryLock = async () =>
      (
        await outsider.query<{ locked: boolean }>(
          "SELECT pg_try_advisory_lock(hashtext('shared-key')) AS locked",
        )
      ).rows[0]?.locked;
    try {
      const seenFromOutside = await withAdvisoryLock(pool, 'shared-key', tryLock);
      expect(seenFromOutside).toBe(false);
      expect(await tryLock()).toBe(true);
    } finally {
      await outsider.end();
    }
  });

  it('a failing caller releases the key for the next', async () => {
    await expect(
      withAdvisoryLock(pool, 'failing-key', async () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    await expect(withAdvisoryLock(pool, 'failing-key', async () => 'next')).resolves.toBe('next');
  });
});
