import { randomBytes } from 'node:crypto';
import { loginLimits } from '@portal/contract';
import { createTestDatabase, type TestDatabase, testRedisUrl } from '@portal/event-store/test/test-servers';
import { createReadModelDb } from '@portal/projections';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateWriteSide } from '../write-side/write-side-migrations';
import { createLoginLimiter, type LoginLimiter } from './login-limiter';

const minute = 60_000;
const perAddress = loginLimits.perAddress;
const perAccount = loginLimits.perAccount;

let database: TestDatabase;
const pools: pg.Pool[] = [];
const limiters: LoginLimiter[] = [];
const newPool = () => {
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  pools.push(pool);
  return pool;
};

beforeAll(async () => {
  database = await createTestDatabase();
  const db = createReadModelDb(newPool());
  await migrateWriteSide(db);
});
afterAll(async () => {
  for (const limiter of limiters) await limiter.close();
  for (const pool of pools) await pool.end();
  await database?.drop();
});

const prefixes: string[] = [];
afterAll(async () => {
  const redis = new Redis(testRedisUrl);
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  await redis.quit();
});

describe.each([
  ['PostgreSQL', null],
  ['Redis', testRedisUrl],
])('LoginLimiter on %s', (_backend, redisUrl) => {
  /** A limiter on its own key prefix (a portal of its own) and a clock the test moves. */
  const setUp = (options: { prefix?: string } = {}) => {
    const clock = { now: Date.parse('2026-11-23T08:00:00Z') };
    const queuePrefix = options.prefix ?? `limiter-test-${randomBytes(4).toString('hex')}`;
    prefixes.push(queuePrefix);
    const pool = newPool();
    const limiter = createLoginLimiter(
      { redisUrl, queuePrefix },
      { strangers: pool, knownDevices: pool },
      () => clock.now,
    );
    limiters.push(limiter);
    return { limiter, clock, queuePrefix };
  };
  const account = 'owner@portal.test';
  const from = (address: string) => ({ account, address });
  const reserveTimes = async (limiter: LoginLimiter, address: string, times: number) => {
    const answers = [];
    for (let i = 0; i < times; i++) answers.push(await limiter.reserve(from(address)));
    return answers;
  };
  const allowed = (times: number) => new Array(times).fill(null);
  /** Fails `count` times, from addresses that each stay below their own limit. */
  const spreadFailures = async (limiter: LoginLimiter, count: number, tag: string) => {
    for (let i = 0; i < count; i++) {
      expect(await limiter.reserve(from(`${tag}-${Math.floor(i / (perAddress.limit - 1))}`))).toBeNull();
    }
  };

  it('takes five attempts per account and address, then locks that address out for 15 minutes', async () => {
    const { limiter, clock } = setUp();
    expect(await limiter.reserve(from('198.51.100.1'))).toBeNull();
    clock.now += 10 * minute;
    const more = perAddress.limit - 1;
    expect(await reserveTimes(limiter, '198.51.100.1', more)).toEqual(allowed(more));
    // The lock runs 15 minutes from the failure that reached the limit, not from the window's start.
    expect(await limiter.reserve(from('198.51.100.1'))).toEqual({ lockedForMs: 15 * minute });
    clock.now += 14 * minute;
    expect(await limiter.reserve(from('198.51.100.1'))).toEqual({ lockedForMs: minute });
    clock.now += minute;
    expect(await limiter.reserve(from('198.51.100.1'))).toBeNull();
  });

  it('locks a stranger out without locking the owner out from another address', async () => {
    const { limiter } = setUp();
    await reserveTimes(limiter, 'stranger', perAddress.limit);
    // Refused attempts count nowhere: a stranger hammering on cannot use up the account-wide cap.
    for (let i = 0; i < perAccount.limit; i++) expect(await limiter.reserve(from('stranger'))).not.toBeNull();
    expect(await limiter.reserve(from('owner'))).toBeNull();
    await spreadFailures(limiter, perAccount.limit - perAddress.limit - 1, 'others');
  });

  it('takes at most 100 failures per account from all addresses together, per hour', async () => {
    const { limiter, clock } = setUp();
    await spreadFailures(limiter, perAccount.limit, 'botnet');
    expect(await limiter.reserve(from('owner'))).toEqual({ lockedForMs: 60 * minute });
    expect(await limiter.reserve({ account: 'other@portal.test', address: 'owner' })).toBeNull();
    clock.now += 60 * minute;
    expect(await limiter.reserve(from('owner'))).toBeNull();
  });

  it('starts an address over on success, and counts only failures account-wide', async () => {
    const { limiter } = setUp();
    await reserveTimes(limiter, 'owner', perAddress.limit - 1);
    await limiter.succeeded(from('owner'));
    expect(await reserveTimes(limiter, 'owner', perAddress.limit - 1)).toEqual(allowed(perAddress.limit - 1));
    await limiter.succeeded(from('owner'));
    // Of the 8 reservations from 'owner', the 2 that succeeded were given back: 6 failures count.
    await spreadFailures(limiter, perAccount.limit - 6, 'others');
    expect(await limiter.reserve(from('last'))).not.toBeNull();
  });

  it('gives a cancelled attempt (no password checked) back to both counters', async () => {
    const { limiter } = setUp();
    await reserveTimes(limiter, 'owner', perAddress.limit);
    await limiter.cancel(from('owner'));
    expect(await limiter.reserve(from('owner'))).toBeNull();
    expect(await limiter.reserve(from('owner'))).not.toBeNull();
  });

  it('opens a new window once a period has passed without reaching the limit', async () => {
    const { limiter, clock } = setUp();
    await reserveTimes(limiter, 'owner', perAddress.limit - 1);
    clock.now += perAddress.periodMs;
    expect(await reserveTimes(limiter, 'owner', perAddress.limit)).toEqual(allowed(perAddress.limit));
    expect(await limiter.reserve(from('owner'))).not.toBeNull();
  });

  it('takes exactly five of 40 concurrent attempts', async () => {
    const { limiter } = setUp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => limiter.reserve(from('198.51.100.40'))),
    );
    expect(answers.filter((answer) => answer === null)).toHaveLength(perAddress.limit);
  });

  it('is shared by processes on the same store and prefix, and apart under another prefix', async () => {
    const first = setUp();
    const second = setUp({ prefix: first.queuePrefix });
    const otherPortal = setUp();
    await reserveTimes(first.limiter, 'stranger', perAddress.limit);
    expect(await second.limiter.reserve(from('stranger'))).not.toBeNull();
    expect(await otherPortal.limiter.reserve(from('stranger'))).toBeNull();
  });
});

describe('LoginLimiter on PostgreSQL, its table', () => {
  it('deletes expired counters as new windows open, so it does not grow forever', async () => {
    const pool = newPool();
    const clock = { now: Date.parse('2026-11-23T08:00:00Z') };
    const limiter = createLoginLimiter(
      { redisUrl: null, queuePrefix: 'table-test' },
      { strangers: pool, knownDevices: pool },
      () => clock.now,
    );
    const rows = async () =>
      (
        await pool.query<{ key: string }>(
          "SELECT key FROM login_attempt_counter WHERE key LIKE 'table-test:%' ORDER BY key",
        )
      ).rows.map((row) => row.key);
    for (let i = 0; i < 10; i++)
      await limiter.reserve({ account: `gone-${i}@portal.test`, address: '192.0.2.1' });
    // Two per account (its own, and its address's on it) and one for the address across accounts.
    expect(await rows()).toHaveLength(21);
    clock.now += perAccount.periodMs;
    await limiter.reserve({ account: 'new@portal.test', address: '192.0.2.1' });
    expect(await rows()).toEqual([
      'table-test:login-attempts:account:new@portal.test',
      'table-test:login-attempts:address-any-account:192.0.2.1',
      'table-test:login-attempts:address:192.0.2.1:account:new@portal.test',
    ]);
  });
});

describe('LoginLimiter on PostgreSQL, its connections', () => {
  it("counts a known device's login while every connection of the strangers' counters is held", async () => {
    const strangers = new pg.Pool({ connectionString: database.url, max: 1 });
    pools.push(strangers);
    const limiter = createLoginLimiter(
      { redisUrl: null, queuePrefix: 'bulkhead-test' },
      { strangers, knownDevices: newPool() },
    );
    limiters.push(limiter);
    // A flood's checks hold the strangers' one connection (here: held outright).
    const held = await strangers.connect();
    const stranger = limiter.reserve({ account: 'owner@portal.test', address: '192.0.2.9' });
    const answered = await Promise.race([
      limiter.reserve({ account: 'owner@portal.test', address: '192.0.2.1', device: 'known-1' }),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000)),
    ]);
    expect(answered).toBeNull();
    let strangerDone = false;
    void stranger.then(() => {
      strangerDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(strangerDone).toBe(false);
    held.release();
    expect(await stranger).toBeNull();
  });
});
