import { randomUUID } from 'node:crypto';
import { describeEventStoreContract, eventually, pause } from '@portal/event-store/test/event-store-contract';
import { installSlowAppends } from '@portal/event-store/test/slow-appends';
import { useTestPool } from '@portal/event-store/test/test-pool';
import type pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type AppendResult,
  comparePositions,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '../event-store';
import { migrateEventStore } from './migrate-event-store';
import { PostgresEventStore } from './postgres-event-store';

const postgres = useTestPool({ max: 20, migrated: true });

beforeAll(() => installSlowAppends(postgres.pool));

const newEvent = (type: string, slowMs?: number): NewEvent => ({
  type,
  data: { type },
  metadata: { userId: 1, occurredAt: new Date().toISOString(), ...(slowMs ? { slowMs } : {}) },
});

/** Inserts an event as an append would, but in a transaction the test controls. */
const insertRaw = (client: pg.PoolClient, streamId: string, type: string) =>
  client.query(
    `INSERT INTO events (stream_id, stream_version, event_id, event_type, data, metadata)
     VALUES ($1, 1, $2, $3, '{}', '{"userId": null, "occurredAt": "2026-11-21T00:00:00Z"}')`,
    [streamId, randomUUID(), type],
  );

/**
 * The events of the running test's `a-`/`b-` streams. Other test files' transactions on the same server hold
 * the snapshot's xmin back, so an earlier test's events can become visible after the head a test started from.
 */
const ofTest = (events: RecordedEvent[]) => events.filter((event) => /^[ab]-/.test(event.streamId));

/** Subscribes from the head; the returned list fills with the stream's events as they are delivered. */
async function followStream(store: PostgresEventStore, streamId: string): Promise<RecordedEvent[]> {
  const received: RecordedEvent[] = [];
  store.subscribeToAll({
    after: (await store.headPosition()) ?? undefined,
    onEvents: async (events) => void received.push(...events.filter((event) => event.streamId === streamId)),
  });
  return received;
}

describe('PostgresEventStore on an empty database', () => {
  it('has no head position and nothing to read', async () => {
    const store = new PostgresEventStore({ pool: postgres.pool });

    expect(await store.headPosition()).toBeNull();
    expect(await store.readAll({ maxCount: 10 })).toEqual([]);
  });
});

describeEventStoreContract('PostgresEventStore', async () => {
  const store = new PostgresEventStore({ pool: postgres.pool, pollIntervalMs: 50 });
  return { store, cleanup: () => store.close() };
});

describe('PostgresEventStore', () => {
  it('migrates repeatedly and concurrently without change, and refuses to rewrite history', async () => {
    await Promise.all([migrateEventStore(postgres.pool), migrateEventStore(postgres.pool)]);
    await new PostgresEventStore({ pool: postgres.pool }).append(`ticket-${randomUUID()}`, [newEvent('A')]);

    const { rows } = await postgres.pool.query('SELECT name FROM event_store_migration');
    expect(rows.map((row) => row.name)).toEqual([
      '2026-11-21-001-create-events',
      '2026-11-23-001-append-events-function',
      '2026-11-27-001-hash-chained-events',
      '2026-11-27-002-event-seal-heads',
      '2026-11-28-001-sealed-redaction',
    ]);
    await expect(postgres.pool.query(`UPDATE events SET event_type = 'Changed'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(postgres.pool.query('DELETE FROM events')).rejects.toThrow(/append-only/);
    await expect(postgres.pool.query('TRUNCATE events')).rejects.toThrow(/append-only/);
  });

  it('hides a committed event until an older open transaction commits, then returns both in order', async () => {
    const store = new PostgresEventStore({ pool: postgres.pool, pollIntervalMs: 50 });
    const head = (await store.headPosition()) ?? undefined;
    const [streamA, streamB] = [`a-${randomUUID()}`, `b-${randomUUID()}`];
    const received: RecordedEvent[] = [];
    store.subscribeToAll({ after: head, onEvents: async (events) => void received.push(...ofTest(events)) });
    const transactionA = await postgres.pool.connect();
    try {
      await transactionA.query('BEGIN');
      await insertRaw(transactionA, streamA, 'A');
      const b = await store.append(streamB, [newEvent('B')]);
      await pause(300);

      expect(ofTest(await store.readAll({ after: head, maxCount: 10 }))).toEqual([]);
      const headMeanwhile = await store.headPosition();
      expect(headMeanwhile === null || comparePositions(headMeanwhile, b.lastPosition) < 0).toBe(true);
      expect(received).toEqual([]);

      await transactionA.query('COMMIT');
      const events = await eventually(
        async () => ofTest(await store.readAll({ after: head, maxCount: 10 })),
        (read) => read.length === 2,
      );
      expect(events.map((event) => event.type)).toEqual(['A', 'B']);
      expect(events[1]?.position).toEqual(b.lastPosition);
      // A took the lower sequence number but committed second: only the transaction order kept it.
      expect(comparePositions(events[0]?.position as GlobalPosition, b.lastPosition)).toBeLessThan(0);
      // Committing A sent no notification: polling delivers.
      await eventually(
        async () => received.length,
        (count) => count === 2,
      );
      expect(received.map((event) => event.type)).toEqual(['A', 'B']);
    } finally {
      transactionA.release();
      await store.close();
    }
  });

  it('orders by transaction even when the later transaction took the lower sequence number', async () => {
    const store = new PostgresEventStore({ pool: postgres.pool });
    const head = (await store.headPosition()) ?? undefined;
    const transactionA = await postgres.pool.connect();
    let b: AppendResult;
    try {
      await transactionA.query('BEGIN');
      await transactionA.query('SELECT pg_current_xact_id()');
      b = await store.append(`b-${randomUUID()}`, [newEvent('B')]);
      await insertRaw(transactionA, `a-${randomUUID()}`, 'A');
      await transactionA.query('COMMIT');
    } finally {
      transactionA.release();
    }
    const events = await eventually(
      async () => ofTest(await store.readAll({ after: head, maxCount: 10 })),
      (read) => read.length === 2,
    );

    expect(events.map((event) => event.type)).toEqual(['A', 'B']);
    expect(events[0]?.position.prepare).toBeGreaterThan(b.lastPosition.prepare);
    expect(await store.headPosition()).toEqual(b.lastPosition);
  });

  it('appends, repeats an append and refuses a wrong version in one round trip each', async () => {
    const store = new PostgresEventStore({ pool: postgres.pool });
    const streamId = `ticket-${randomUUID()}`;
    const batch = [
      { ...newEvent('A'), eventId: randomUUID() },
      { ...newEvent('B'), eventId: randomUUID() },
    ];
    // The notification sent after commit, on its own time, is not part of the append.
    const queries = vi.spyOn(postgres.pool, 'query');
    const roundTrips = () => {
      const count = queries.mock.calls.filter((call) => !JSON.stringify(call).includes('pg_notify(')).length;
      queries.mockClear();
      return count;
    };
    try {
      const first = await store.append(streamId, batch, { expectedVersion: 'no_stream' });
      expect(roundTrips()).toBe(1);

      expect(await store.append(streamId, batch, { expectedVersion: 'no_stream' })).toEqual(first);
      expect(roundTrips()).toBe(1);

      const refused = store.append(streamId, [newEvent('C')], { expectedVersion: 1 });
      await expect(refused).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(refused).rejects.toMatchObject({ streamId, expected: 1, actual: 2 });
      expect(roundTrips()).toBe(1);
    } finally {
      queries.mockRestore();
      await store.close();
    }
    expect((await store.readStream(streamId)).map((event) => event.type)).toEqual(['A', 'B']);
  });

  it('sends appends that come while others are on their way in one call, each with its own outcome', async () => {
    const store = new PostgresEventStore({ pool: postgres.pool });
    const prefix = `together-${randomUUID()}`;
    const taken = `${prefix}-taken`;
    await store.append(taken, [newEvent('First')]);
    const appends = 20;
    const queries = vi.spyOn(postgres.pool, 'query');
    let attempts: PromiseSettledResult<AppendResult>[];
    try {
      attempts = await Promise.allSettled(
        Array.from({ length: appends }, (_, i) =>
          i === appends / 2
            ? store.append(taken, [newEvent('Late')], { expectedVersion: 0 })
            : store.append(`${prefix}-${i}`, [newEvent(`E${i}`)], { expectedVersion: 'no_stream' }),
        ),
      );
      const calls = queries.mock.calls.filter(([query]) => JSON.stringify(query).includes('append_events'));
      expect(calls.length).toBeLessThan(appends / 2);
    } finally {
      queries.mockRestore();
      await store.close();
    }

    // The refused append fails alone; the others in its call are written.
    const refused = attempts[appends / 2];
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(WrongExpectedVersionError);
    expect(refused).toMatchObject({ reason: { streamId: taken, expected: 0, actual: 1 } });
    const written = attempts.filter((attempt) => attempt.status === 'fulfilled');
    expect(written).toHaveLength(appends - 1);
    for (const attempt of written) expect(attempt.value.nextExpectedVersion).toBe(1);
    const { rows } = await postgres.pool.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM events WHERE stream_id LIKE $1',
      [`${prefix}-%`],
    );
    expect(rows[0]?.count).toBe(appends);
  });

  it('fails only the append the database refuses, even when it shared a call with others', async () => {
    const store = new PostgresEventStore({ pool: postgres.pool });
    const prefix = `refused-${randomUUID()}`;
    const appends = 10;
    try {
      const attempts = await Promise.allSettled(
        Array.from({ length: appends }, (_, i) =>
          store.append(`${prefix}-${i}`, [
            // jsonb has no NUL character: PostgreSQL refuses this one.
            i === appends - 1 ? { ...newEvent('Bad'), data: { text: 'a\u0000b' } } : newEvent(`E${i}`),
          ]),
        ),
      );

      expect(attempts.map((attempt) => attempt.status)).toEqual([
        ...Array.from({ length: appends - 1 }, () => 'fulfilled'),
        'rejected',
      ]);
      expect(await store.readStream(`${prefix}-0`)).toHaveLength(1);
    } finally {
      await store.close();
    }
  });

  it('reads again soon when a wake-up came while an older transaction was still open', async () => {
    // Polling this slowly leaves wake-ups as the only quick way to deliver.
    const store = new PostgresEventStore({ pool: postgres.pool, pollIntervalMs: 60_000 });
    const streamId = `late-${randomUUID()}`;
    const received = await followStream(store, streamId);
    const older = await postgres.pool.connect();
    try {
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      await store.append(streamId, [newEvent('A')]);
      await pause(200);
      expect(received).toEqual([]);

      await older.query('COMMIT');
      await eventually(
        async () => received.length,
        (count) => count === 1,
      );
    } finally {
      older.release();
      await store.close();
    }
  });

  it('wakes subscribers only after commit, with one notification for many appends', async () => {
    // Polling this slowly leaves wake-ups as the only quick way to deliver.
    const writer = new PostgresEventStore({ pool: postgres.pool, pollIntervalMs: 60_000 });
    const elsewhere = new PostgresEventStore({ pool: postgres.pool, pollIntervalMs: 60_000 });
    const prefix = `burst-${randomUUID()}`;
    const appends = 50;
    const head = (await writer.headPosition()) ?? undefined;
    const listener = await postgres.pool.connect();
    listener.on('error', () => {});
    let notifications = 0;
    listener.on('notification', () => notifications++);
    await listener.query('LISTEN portal_events');
    const local: RecordedEvent[] = [];
    const remote: RecordedEvent[] = [];
    const ours = (into: RecordedEvent[]) => async (events: RecordedEvent[]) =>
      void into.push(...events.filter((event) => event.streamId.startsWith(prefix)));
    writer.subscribeToAll({ after: head, onEvents: ours(local) });
    elsewhere.subscribeToAll({ after: head, onEvents: ours(remote) });
    try {
      // Some commits wait after their insert: a wake-up sent before commit would find nothing to read.
      await Promise.all(
        Array.from({ length: appends }, (_, i) =>
          writer.append(`${prefix}-${i}`, [newEvent(`E${i}`, i % 5 === 0 ? 50 : undefined)], {
            expectedVersion: 'no_stream',
          }),
        ),
      );
      await eventually(
        async () => local.length,
        (count) => count === appends,
      );
      // The other store hears of them only through NOTIFY.
      await eventually(
        async () => remote.length,
        (count) => count === appends,
      );
      await pause(100);
    } finally {
      await listener.query('UNLISTEN *');
      listener.release(true);
      await Promise.all([writer.close(), elsewhere.close()]);
    }
    expect(notifications).toBeGreaterThan(0);
    expect(notifications).toBeLessThan(appends / 2);
  });

  it('writes once when an identical append races a slow one', async () => {
    const store = new PostgresEventStore({ pool: postgres.pool });
    const streamId = `ticket-${randomUUID()}`;
    const batch = [
      { ...newEvent('A', 300), eventId: randomUUID() },
      { ...newEvent('B'), eventId: randomUUID() },
    ];
    const slow = store.append(streamId, batch);
    await pause(100);
    const retry = store.append(streamId, batch);

    expect(await retry).toEqual(await slow);
    expect(await store.readStream(streamId)).toHaveLength(2);
  });

  it('appends a large batch quickly', async () => {
    const store = new PostgresEventStore({ pool: postgres.pool });
    const streamId = `bulk-${randomUUID()}`;
    const started = performance.now();
    const result = await store.append(
      streamId,
      Array.from({ length: 5_000 }, (_, i) => newEvent(`Bulk${i}`)),
    );
    const elapsedMs = performance.now() - started;

    const events = await store.readStream(streamId);
    expect(result.nextExpectedVersion).toBe(5_000);
    expect(events.map((event) => event.streamVersion)).toEqual(
      Array.from({ length: 5_000 }, (_, i) => i + 1),
    );
    expect(events.map((event) => event.type)).toEqual(Array.from({ length: 5_000 }, (_, i) => `Bulk${i}`));
    expect(elapsedMs).toBeLessThan(3_000);
  });

  it('reconnects its LISTEN connection, and releases it on close', async () => {
    // Polling this slowly leaves the notification as the only quick way to deliver.
    const store = new PostgresEventStore({ pool: postgres.pool, pollIntervalMs: 60_000 });
    const streamId = `ticket-${randomUUID()}`;
    const received = await followStream(store, streamId);
    const listeners = async () =>
      (
        await postgres.pool.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
        )
      ).rows.map((row) => row.pid);
    try {
      const [first] = await eventually(listeners, (pids) => pids.length === 1);
      await store.append(streamId, [newEvent('A')]);
      await eventually(
        async () => received.length,
        (count) => count === 1,
      );

      await postgres.pool.query('SELECT pg_terminate_backend($1)', [first]);
      await eventually(listeners, (pids) => pids.length === 1 && pids[0] !== first);
      await store.append(streamId, [newEvent('B')]);
      await eventually(
        async () => received.length,
        (count) => count === 2,
      );
    } finally {
      await store.close();
    }

    expect(received.map((event) => event.type)).toEqual(['A', 'B']);
    await eventually(listeners, (pids) => pids.length === 0);
  });

  it('lets a subscriber see every event of concurrent writers exactly once, in increasing positions', async () => {
    const store = new PostgresEventStore({ pool: postgres.pool, pollIntervalMs: 50 });
    const prefix = `race-${randomUUID()}`;
    const contested = `${prefix}-contested`;
    const head = (await store.headPosition()) ?? undefined;

    const seen: RecordedEvent[] = [];
    let outOfOrder = 0;
    store.subscribeToAll({
      after: head,
      batchSize: 50,
      onEvents: async (events) => {
        for (const event of events) {
          const previous = seen.at(-1);
          if (previous && comparePositions(previous.position, event.position) >= 0) outOfOrder++;
          seen.push(event);
        }
      },
    });

    // A naive reader alongside, to show the hazard is real: it follows global_position alone.
    let writing = true;
    const naiveSeen = new Set<string>();
    const naiveReader = (async () => {
      let last = '0';
      while (writing) {
        const { rows } = await postgres.pool.query<{ event_id: string; global_position: string }>(
          `SELECT event_id, global_position FROM events
           WHERE global_position > $1 AND stream_id LIKE $2 ORDER BY global_position`,
          [last, `${prefix}-%`],
        );
        for (const row of rows) naiveSeen.add(row.event_id);
        last = rows.at(-1)?.global_position ?? last;
        await pause(2);
      }
    })();

    const writer = async (w: number) => {
      const own = `${prefix}-own-${w}`;
      let ownVersion = 0;
      let contestedGuess = 0;
      const committed: string[] = [];
      const conflicts: WrongExpectedVersionError[] = [];
      for (let round = 0; committed.length < 200; round++) {
        const slowMs = Math.random() < 0.1 ? 5 + Math.floor(Math.random() * 25) : undefined;
        const events = Array.from({ length: 1 + (round % 5) }, (_, i) => ({
          ...newEvent(`W${w}R${round}E${i}`, slowMs),
          eventId: randomUUID(),
        }));
        try {
          if (round % 5 < 3) {
            ownVersion = (await store.append(own, events, { expectedVersion: ownVersion }))
              .nextExpectedVersion;
          } else if (round % 5 === 3) {
            await store.append(`${prefix}-shared-${round % 3}`, events);
          } else {
            contestedGuess = (await store.append(contested, events, { expectedVersion: contestedGuess }))
              .nextExpectedVersion;
          }
          committed.push(...events.map((event) => event.eventId));
        } catch (error) {
          if (!(error instanceof WrongExpectedVersionError) || round % 5 !== 4) throw error;
          conflicts.push(error);
          contestedGuess = error.actual;
        }
      }
      return { committed, conflicts };
    };
    const results = await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
    writing = false;
    await naiveReader;

    const inDatabase = (
      await postgres.pool.query<{ event_id: string }>(`SELECT event_id FROM events WHERE stream_id LIKE $1`, [
        `${prefix}-%`,
      ])
    ).rows.map((row) => row.event_id);
    const committed = results.flatMap((result) => result.committed);
    expect(new Set(inDatabase)).toEqual(new Set(committed));
    expect(inDatabase).toHaveLength(committed.length);

    await eventually(
      async () => seen.length,
      (count) => count >= inDatabase.length,
    );
    await store.close();
    const seenIds = seen.filter((event) => event.streamId.startsWith(prefix)).map((event) => event.eventId);
    expect(seenIds).toHaveLength(inDatabase.length);
    expect(new Set(seenIds)).toEqual(new Set(inDatabase));
    expect(outOfOrder).toBe(0);

    const conflicts = results.flatMap((result) => result.conflicts);
    expect(conflicts.length).toBeGreaterThan(0);
    expect(conflicts.every((error) => error.streamId === contested)).toBe(true);
    const versions = await postgres.pool.query<{ stream_id: string; count: number; max: number }>(
      `SELECT stream_id, count(*)::int AS count, max(stream_version) AS max FROM events
       WHERE stream_id LIKE $1 GROUP BY stream_id`,
      [`${prefix}-%`],
    );
    for (const row of versions.rows) expect(row.count).toBe(row.max);
    // The naive reader skipped events that committed behind a higher position; the subscriber did not.
    expect(inDatabase.filter((id) => !naiveSeen.has(id)).length).toBeGreaterThan(0);
  });
});
