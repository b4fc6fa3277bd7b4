import { useTestPool } from '@portal/event-store/test/test-pool';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withAdvisoryLock } from './advisory-lock';

const postgres = useTestPool({ max: 4 });

describe('withAdvisoryLock', () => {
  it('runs 50 callers one at a time on a 4-connection postgres.pool whose work needs connections of its own', async () => {
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        withAdvisoryLock(postgres.pool, 'busy-key', async () => {
          inside++;
          most = Math.max(most, inside);
          // The holder needs further connections, as a command does (read, append, wait for projections).
          await Promise.all([postgres.pool.query('SELECT pg_sleep(0.001)'), postgres.pool.query('SELECT 1')]);
          order.push(n);
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order).toHaveLength(50);
  });

  it('holds the PostgreSQL lock while working, so another process would wait', async () => {
    const outsider = new pg.Client({ connectionString: postgres.database.url });
    await outsider.connect();
    const tryLock = async () =>
      (
        await outsider.query<{ locked: boolean }>(
          "SELECT pg_try_advisory_lock(hashtext('shared-key')) AS locked",
        )
      ).rows[0]?.locked;
    try {
      const seenFromOutside = await withAdvisoryLock(postgres.pool, 'shared-key', tryLock);
      expect(seenFromOutside).toBe(false);
      expect(await tryLock()).toBe(true);
    } finally {
      await outsider.end();
    }
  });

  it('a failing caller releases the key for the next', async () => {
    await expect(
      withAdvisoryLock(postgres.pool, 'failing-key', async () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    await expect(withAdvisoryLock(postgres.pool, 'failing-key', async () => 'next')).resolves.toBe('next');
  });
});
