import { Redis } from 'ioredis';
import type pg from 'pg';

/**
 * One counter of attempts: at most `limit` per window of `periodMs`, opened by its first attempt.
 * The attempt that reaches the limit locks the counter for a whole `periodMs` from then.
 */
export interface AttemptLimit {
  key: string;
  limit: number;
  periodMs: number;
}

/**
 * Attempt counters every API process shares (Redis, or PostgreSQL without it). Times are the caller's
 * clock in epoch milliseconds, so both adapters decide alike and tests can move time.
 */
export interface AttemptCounters {
  /**
   * Atomically takes one attempt from every counter, or from none when any of them is spent (so
   * refused attempts count nowhere). Answers 0 when taken, else how long the longest lock lasts.
   */
  take(limits: readonly AttemptLimit[], now: number): Promise<number>;
  /** Gives one attempt back to each counter still in its window. */
  giveBack(keys: readonly string[], now: number): Promise<void>;
  /** Starts the counters over. */
  forget(keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Time left in a lock, at most its period: a caller whose clock was read before it waited for a
 * concurrent attempt can be a few milliseconds behind the one that set the lock.
 */
const lockLeft = (resetsAt: number, now: number, periodMs: number) => Math.min(resetsAt - now, periodMs);

const argsOf = (limits: readonly AttemptLimit[], now: number): number[] => [
  now,
  ...limits.flatMap((limit) => [limit.limit, limit.periodMs]),
];

// KEYS: the counters, ARGV: now, then each counter's limit and period. A counter is a hash
// {attempts, resetsAt}; once resetsAt has passed it counts as empty. One script, so atomic; the
// lock left is at most a period, as lockLeft says.
const takeScript = `
local now = tonumber(ARGV[1])
local counts, resets, lockedFor = {}, {}, 0
for i, key in ipairs(KEYS) do
  local stored = redis.call('HMGET', key, 'attempts', 'resetsAt')
  local attempts, resetsAt = tonumber(stored[1]) or 0, tonumber(stored[2]) or 0
  if resetsAt <= now then attempts = 0 end
  counts[i], resets[i] = attempts, resetsAt
  if attempts >= tonumber(ARGV[2 * i]) then
    lockedFor = math.max(lockedFor, math.min(resetsAt - now, tonumber(ARGV[2 * i + 1])))
  end
end
if lockedFor > 0 then return lockedFor end
for i, key in ipairs(KEYS) do
  local limit, period = tonumber(ARGV[2 * i]), tonumber(ARGV[2 * i + 1])
  local attempts, resetsAt = counts[i] + 1, resets[i]
  if attempts == 1 or attempts >= limit then resetsAt = now + period end
  redis.call('HSET', key, 'attempts', attempts, 'resetsAt', resetsAt)
  redis.call('PEXPIRE', key, resetsAt - now)
end
return 0`;

const giveBackScript = `
local now = tonumber(ARGV[1])
for _, key in ipairs(KEYS) do
  local stored = redis.call('HMGET', key, 'attempts', 'resetsAt')
  if (tonumber(stored[2]) or 0) > now and (tonumber(stored[1]) or 0) > 0 then
    redis.call('HINCRBY', key, 'attempts', -1)
  end
end
return 0`;

/** Counters as Redis hashes that expire with their window (Redis drops them itself). */
class RedisAttemptCounters implements AttemptCounters {
  constructor(private readonly redis: Redis) {}

  async take(limits: readonly AttemptLimit[], now: number): Promise<number> {
    const keys = limits.map((limit) => limit.key);
    return Number(await this.redis.eval(takeScript, keys.length, ...keys, ...argsOf(limits, now)));
  }

  async giveBack(keys: readonly string[], now: number): Promise<void> {
    await this.redis.eval(giveBackScript, keys.length, ...keys, now);
  }

  async forget(keys: readonly string[]): Promise<void> {
    await this.redis.del(...keys);
  }

  async close(): Promise<void> {
    // A connection that was never used (a worker process) was never opened.
    if (this.redis.status === 'wait') this.redis.disconnect();
    else await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** How many expired counters a take that opens a window deletes: the table stays near its live size. */
const expiredDeletedPerTake = 100;

/** Counters as rows of `login_attempt_counter` (write-side migration 2026-11-23-001). */
class PostgresAttemptCounters implements AttemptCounters {
  constructor(private readonly pool: pg.Pool) {}

  async take(limits: readonly AttemptLimit[], now: number): Promise<number> {
    const keys = limits.map((limit) => limit.key);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // Creates the missing counters and locks them all until COMMIT: concurrent attempts on one account
      // wait here for each other, which is what makes the check and the count one step.
      const { rows } = await client.query<{ key: string; attempts: number; resets_at: Date }>(
        `INSERT INTO login_attempt_counter AS c (key, attempts, resets_at)
         SELECT key, 0, to_timestamp(0) FROM unnest($1::text[]) AS key
         ON CONFLICT (key) DO UPDATE SET attempts = c.attempts
         RETURNING key, attempts, resets_at`,
        [keys],
      );
      const stored = new Map(rows.map((row) => [row.key, row]));
      const counters = limits.map((limit) => {
        const row = stored.get(limit.key);
        const resetsAt = row?.resets_at.getTime() ?? 0;
        return { ...limit, attempts: resetsAt > now ? (row?.attempts ?? 0) : 0, resetsAt };
      });
      const lockedFor = Math.max(
        0,
        ...counters.filter((c) => c.attempts >= c.limit).map((c) => lockLeft(c.resetsAt, now, c.periodMs)),
      );
      const opensWindow = counters.some((c) => c.attempts === 0);
      if (lockedFor === 0) {
        const taken = counters.map((c) => {
          const attempts = c.attempts + 1;
          const resetsAt = attempts === 1 || attempts >= c.limit ? now + c.periodMs : c.resetsAt;
          return { key: c.key, attempts, resetsAt: new Date(resetsAt) };
        });
        await client.query(
          `UPDATE login_attempt_counter AS c SET attempts = t.attempts, resets_at = t.resets_at
           FROM unnest($1::text[], $2::int[], $3::timestamptz[]) AS t(key, attempts, resets_at)
           WHERE c.key = t.key`,
          [taken.map((t) => t.key), taken.map((t) => t.attempts), taken.map((t) => t.resetsAt)],
        );
      }
      await client.query('COMMIT');
      // Rows are only added when a window opens, so deleting expired ones then keeps the table bounded
      // without a timer. SKIP LOCKED: a counter another login holds is in use, not garbage.
      if (opensWindow) {
        await client.query(
          `DELETE FROM login_attempt_counter WHERE key IN (
             SELECT key FROM login_attempt_counter
             WHERE resets_at <= $1 AND NOT key = ANY($2::text[])
             ORDER BY resets_at LIMIT $3 FOR UPDATE SKIP LOCKED)`,
          [new Date(now), keys, expiredDeletedPerTake],
        );
      }
      return lockedFor;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async giveBack(keys: readonly string[], now: number): Promise<void> {
    await this.pool.query(
      `UPDATE login_attempt_counter SET attempts = attempts - 1
       WHERE key = ANY($1::text[]) AND resets_at > $2 AND attempts > 0`,
      [keys, new Date(now)],
    );
  }

  async forget(keys: readonly string[]): Promise<void> {
    await this.pool.query('DELETE FROM login_attempt_counter WHERE key = ANY($1::text[])', [keys]);
  }

  async close(): Promise<void> {
    // The pool is the portal's; it closes it.
  }
}

/**
 * Counters on Redis when REDIS_URL is set, else in the portal's PostgreSQL database. Redis is opened on
 * first use (worker processes never count anything); an attempt fails fast when Redis is down.
 */
export function createAttemptCounters(
  config: { redisUrl: string | null },
  pool: pg.Pool,
  purpose: string,
): AttemptCounters {
  if (!config.redisUrl) return new PostgresAttemptCounters(pool);
  const redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', (error) => console.warn(`${purpose}: ${error.message}`));
  return new RedisAttemptCounters(redis);
}
