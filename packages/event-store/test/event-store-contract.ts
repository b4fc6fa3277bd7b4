import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  comparePositions,
  type EventStore,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '../src/event-store';

export interface ContractOptions {
  /** Why the adapter cannot refuse an event id that another stream already holds; the test is skipped. */
  eventIdsAcrossStreamsSkipped?: string;
}

export interface EventStoreUnderTest {
  store: EventStore;
  cleanup(): Promise<void>;
}

/**
 * The behaviour every EventStore adapter must show. `factory` is called for each test and may return a
 * store that already holds events (of earlier tests or other writers): tests only look at their own
 * streams, and global reads may lag behind appends (PostgreSQL waits for older transactions). `cleanup`
 * must accept a store that the test has already closed. `options` names what an adapter cannot promise, and
 * why: those tests are skipped with the reason in their names.
 */
export function describeEventStoreContract(
  name: string,
  factory: () => Promise<EventStoreUnderTest>,
  options: ContractOptions = {},
): void {
  describe(`${name} satisfies the event store contract`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await factory());
    });

    afterEach(async () => {
      await cleanup();
    });

    /** Global reads start here, so events appended before the test do not count. */
    const start = async (): Promise<GlobalPosition | undefined> => (await store.headPosition()) ?? undefined;

    describe('streams', () => {
      it('reads back what was appended, numbering versions from 1', async () => {
        const streamId = newStreamId('ticket');
        const metadata = {
          userId: 7,
          occurredAt: '2026-11-21T08:30:00.000Z',
          correlationId: randomUUID(),
          source: 'scale-bridge',
        };
        const data = {
          ticket: 'T-0001',
          weight: 12.5,
          lines: [{ plate: 'ABC "123"' }],
          note: 'ça va\n',
          none: null,
        };
        const result = await store.append(streamId, [
          { type: 'TicketCreated', data, metadata },
          {
            type: 'TicketWeighed',
            data: { weight: 13 },
            metadata: { userId: null, occurredAt: metadata.occurredAt },
          },
        ]);
        const events = await store.readStream(streamId);

        expect(result.nextExpectedVersion).toBe(2);
        expect(
          events.map(({ streamId, streamVersion, type }) => ({ streamId, streamVersion, type })),
        ).toEqual([
          { streamId, streamVersion: 1, type: 'TicketCreated' },
          { streamId, streamVersion: 2, type: 'TicketWeighed' },
        ]);
        expect(events[0]?.data).toEqual(data);
        expect(events[0]?.metadata).toEqual(metadata);
        expect(events[1]?.metadata).toEqual({ userId: null, occurredAt: metadata.occurredAt });
        expect(events[0]?.eventId).toMatch(uuidPattern);
        expect(events[0]?.recordedAt).toBeInstanceOf(Date);
        expect(events[1]?.position).toEqual(result.lastPosition);
      });

      it('keeps client-chosen event ids', async () => {
        const streamId = newStreamId('ticket');
        const eventId = randomUUID();
        await store.append(streamId, [newEvent('TicketCreated', {}, eventId)]);

        expect((await store.readStream(streamId))[0]?.eventId).toBe(eventId);
      });

      it('reads a stream from a version, up to a count, and an unknown stream as empty', async () => {
        const streamId = newStreamId('ticket');
        await store.append(
          streamId,
          [1, 2, 3, 4, 5].map((n) => newEvent('Counted', { n })),
        );

        const page = await store.readStream(streamId, { fromVersion: 2, maxCount: 2 });
        expect(page.map((event) => event.streamVersion)).toEqual([2, 3]);
        expect(page.map((event) => event.data)).toEqual([{ n: 2 }, { n: 3 }]);
        expect(await store.readStream(newStreamId('missing'))).toEqual([]);
      });

      it('refuses an empty append', async () => {
        await expect(store.append(newStreamId('ticket'), [])).rejects.toThrow();
      });
    });

    describe('expected version', () => {
      it("'no_stream' and 0 accept only a stream without events", async () => {
        const streamId = newStreamId('ticket');
        expect(await store.append(streamId, [newEvent('A')], { expectedVersion: 'no_stream' })).toMatchObject(
          {
            nextExpectedVersion: 1,
          },
        );

        await expectWrongVersion(store.append(streamId, [newEvent('B')], { expectedVersion: 'no_stream' }), {
          streamId,
          expected: 'no_stream',
          actual: 1,
        });
        await expectWrongVersion(store.append(streamId, [newEvent('B')], { expectedVersion: 0 }), {
          streamId,
          expected: 0,
          actual: 1,
        });
        expect(
          await store.append(newStreamId('ticket'), [newEvent('A')], { expectedVersion: 0 }),
        ).toMatchObject({
          nextExpectedVersion: 1,
        });
      });

      it("'stream_exists' needs at least one event", async () => {
        const streamId = newStreamId('ticket');
        await expectWrongVersion(
          store.append(streamId, [newEvent('A')], { expectedVersion: 'stream_exists' }),
          {
            streamId,
            expected: 'stream_exists',
            actual: 0,
          },
        );
        await store.append(streamId, [newEvent('A')]);

        expect(
          await store.append(streamId, [newEvent('B')], { expectedVersion: 'stream_exists' }),
        ).toMatchObject({ nextExpectedVersion: 2 });
      });

      it('a number must be the exact current version', async () => {
        const streamId = newStreamId('ticket');
        const { nextExpectedVersion } = await store.append(streamId, [newEvent('A'), newEvent('B')]);

        await expectWrongVersion(store.append(streamId, [newEvent('C')], { expectedVersion: 1 }), {
          streamId,
          expected: 1,
          actual: 2,
        });
        await expectWrongVersion(store.append(streamId, [newEvent('C')], { expectedVersion: 3 }), {
          streamId,
          expected: 3,
          actual: 2,
        });
        expect(
          await store.append(streamId, [newEvent('C')], { expectedVersion: nextExpectedVersion }),
        ).toMatchObject({ nextExpectedVersion: 3 });
        expect((await store.readStream(streamId)).map((event) => event.type)).toEqual(['A', 'B', 'C']);
      });

      it("'any', the default, appends whatever the version", async () => {
        const streamId = newStreamId('ticket');
        await store.append(streamId, [newEvent('A')], { expectedVersion: 'any' });

        expect(await store.append(streamId, [newEvent('B')], { expectedVersion: 'any' })).toMatchObject({
          nextExpectedVersion: 2,
        });
        expect(await store.append(streamId, [newEvent('C')])).toMatchObject({ nextExpectedVersion: 3 });
      });

      it('lets exactly one of concurrent appends at the same version win', async () => {
        const streamId = newStreamId('ticket');
        const attempts = await Promise.allSettled(
          Array.from({ length: 5 }, (_, i) =>
            store.append(streamId, [newEvent(`Attempt${i}`)], { expectedVersion: 0 }),
          ),
        );

        const lost = attempts.flatMap((attempt) => (attempt.status === 'rejected' ? [attempt.reason] : []));
        expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
        expect(lost).toHaveLength(4);
        for (const error of lost) {
          expect(error).toBeInstanceOf(WrongExpectedVersionError);
          expect(error).toMatchObject({ streamId, expected: 0, actual: 1 });
        }
        expect(await store.readStream(streamId)).toHaveLength(1);
      });
    });

    describe('idempotent appends', () => {
      it('returns the original result for the same event ids, without writing again', async () => {
        const streamId = newStreamId('ticket');
        const batch = [newEvent('A', {}, randomUUID()), newEvent('B', {}, randomUUID())];
        const original = await store.append(streamId, batch, { expectedVersion: 'no_stream' });
        await store.append(streamId, [newEvent('C')]);

        expect(await store.append(streamId, batch, { expectedVersion: 'no_stream' })).toEqual(original);
        expect((await store.readStream(streamId)).map((event) => event.type)).toEqual(['A', 'B', 'C']);
      });

      it('writes once when identical appends race', async () => {
        const streamId = newStreamId('ticket');
        const batch = [newEvent('A', {}, randomUUID()), newEvent('B', {}, randomUUID())];
        const [first, second] = await Promise.all([
          store.append(streamId, batch),
          store.append(streamId, batch),
        ]);

        expect(second).toEqual(first);
        expect(await store.readStream(streamId)).toHaveLength(2);
      });

      it('refuses event ids already used by other events, or repeated in one append', async () => {
        const streamId = newStreamId('ticket');
        const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
        await store.append(streamId, [newEvent('A', {}, a), newEvent('B', {}, b)]);

        await expect(store.append(streamId, [newEvent('B', {}, b), newEvent('C', {}, c)])).rejects.toThrow();
        await expect(store.append(streamId, [newEvent('B', {}, b), newEvent('A', {}, a)])).rejects.toThrow();
        await expect(store.append(streamId, [newEvent('C', {}, c), newEvent('C', {}, c)])).rejects.toThrow();
        expect((await store.readStream(streamId)).map((event) => event.eventId)).toEqual([a, b]);
      });

      const acrossStreams = options.eventIdsAcrossStreamsSkipped;
      (acrossStreams ? it.skip : it)(
        acrossStreams
          ? `refuses an event id another stream holds (skipped: ${acrossStreams})`
          : 'refuses an event id another stream holds',
        async () => {
          const a = randomUUID();
          await store.append(newStreamId('ticket'), [newEvent('A', {}, a)]);

          await expect(store.append(newStreamId('other'), [newEvent('A', {}, a)])).rejects.toThrow();
        },
      );
    });

    describe('global order', () => {
      it('reads all streams in global order, strictly after a position, up to a count', async () => {
        const after = await start();
        const [first, second] = [newStreamId('first'), newStreamId('second')];
        const a = await store.append(first, [newEvent('A')]);
        const b = await store.append(second, [newEvent('B')]);
        const c = await store.append(first, [newEvent('C')]);

        const all = await readAllOf(store, [first, second], after, 3);
        expect(all.map((event) => event.type)).toEqual(['A', 'B', 'C']);
        expect(all.map((event) => event.position)).toEqual([a.lastPosition, b.lastPosition, c.lastPosition]);
        expectIncreasing(all.map((event) => event.position));
        const afterA = await store.readAll({ after: a.lastPosition, maxCount: 1000 });
        expect(afterA.filter(inStreams([first, second])).map((event) => event.type)).toEqual(['B', 'C']);
        expect(await store.readAll({ after, maxCount: 1 })).toHaveLength(1);
      });

      it('reports the head position once the newest event is visible', async () => {
        const { lastPosition } = await store.append(newStreamId('ticket'), [newEvent('A'), newEvent('B')]);

        const head = await eventually(
          () => store.headPosition(),
          (position) => position !== null && comparePositions(position, lastPosition) >= 0,
        );
        expect(head).not.toBeNull();
        const committed = await store.committedHeadPosition();
        expect(committed !== null && comparePositions(committed, lastPosition) >= 0).toBe(true);
      });
    });

    describe('subscriptions', () => {
      it('catch up, then follow live appends, in order, in batches of at most batchSize', async () => {
        const after = await start();
        const [first, second] = [newStreamId('first'), newStreamId('second')];
        await store.append(first, [newEvent('A'), newEvent('B'), newEvent('C')]);
        const received = collect([first, second]);
        const subscription = store.subscribeToAll({ after, batchSize: 2, onEvents: received.onEvents });
        try {
          await eventually(
            async () => received.events.length,
            (count) => count >= 3,
          );
          await store.append(second, [newEvent('D')]);
          await store.append(first, [newEvent('E')]);
          await eventually(
            async () => received.events.length,
            (count) => count >= 5,
          );
        } finally {
          await subscription.close();
        }

        expect(received.events.map((event) => event.type)).toEqual(['A', 'B', 'C', 'D', 'E']);
        expect(received.batchSizes.every((size) => size >= 1 && size <= 2)).toBe(true);
        expectIncreasing(received.positions);
      });

      it('deliver a failed batch again after onError, never skipping it', async () => {
        const after = await start();
        const streamId = newStreamId('ticket');
        await store.append(streamId, [newEvent('A'), newEvent('B')]);
        const attempts: string[][] = [];
        const errors: unknown[] = [];
        const received = collect([streamId]);
        const subscription = store.subscribeToAll({
          after,
          onEvents: async (events) => {
            const ids = events.filter(inStreams([streamId])).map((event) => event.eventId);
            if (ids.length > 0) attempts.push(ids);
            if (ids.length > 0 && attempts.length <= 2) throw new Error(`refused attempt ${attempts.length}`);
            await received.onEvents(events);
          },
          onError: (error) => errors.push(error),
        });
        try {
          await eventually(
            async () => received.events.length,
            (count) => count >= 2,
          );
        } finally {
          await subscription.close();
        }

        expect(attempts.length).toBeGreaterThanOrEqual(3);
        expect(attempts[1]).toEqual(attempts[0]);
        expect(attempts[2]).toEqual(attempts[0]);
        expect(errors.map((error) => (error as Error).message)).toEqual([
          'refused attempt 1',
          'refused attempt 2',
        ]);
        expect(received.events.map((event) => event.type)).toEqual(['A', 'B']);
        expectIncreasing(received.positions);
      });

      it('close() waits for the handler in flight, then nothing more is delivered', async () => {
        const after = await start();
        const streamId = newStreamId('ticket');
        const received = collect([streamId]);
        let release = () => {};
        const handlerBlocked = new Promise<void>((resolve) => {
          release = resolve;
        });
        let handlerEntered = false;
        const subscription = store.subscribeToAll({
          after,
          onEvents: async (events) => {
            if (!events.some(inStreams([streamId]))) return;
            handlerEntered = true;
            await handlerBlocked;
            await received.onEvents(events);
          },
        });
        await store.append(streamId, [newEvent('A')]);
        await eventually(async () => handlerEntered, Boolean);

        let closed = false;
        const closing = subscription.close().then(() => {
          closed = true;
        });
        await pause(100);
        expect(closed).toBe(false);
        release();
        await closing;
        expect(received.events).toHaveLength(1);
        await store.append(streamId, [newEvent('B')]);
        await pause(750);

        expect(received.events.map((event) => event.type)).toEqual(['A']);
      });

      it('stop when their store closes', async () => {
        const after = await start();
        const streamId = newStreamId('ticket');
        const received = collect([streamId]);
        store.subscribeToAll({ after, onEvents: received.onEvents });
        await store.append(streamId, [newEvent('A')]);
        await eventually(
          async () => received.events.length,
          (count) => count >= 1,
        );
        await store.close();

        const writer = await factory();
        try {
          await writer.store.append(streamId, [newEvent('B')]);
          await readAllOf(writer.store, [streamId], after, 2);
          await pause(750);
        } finally {
          await writer.cleanup();
        }
        expect(received.events.map((event) => event.type)).toEqual(['A']);
      });
    });
  });
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Unique per test and run, so tests never see each other's streams. */
const newStreamId = (kind: string): string => `${kind}-${randomUUID()}`;

const newEvent = (type: string, data: unknown = {}, eventId?: string): NewEvent => ({
  ...(eventId ? { eventId } : {}),
  type,
  data,
  metadata: { userId: 1, occurredAt: new Date().toISOString() },
});

const inStreams =
  (streamIds: string[]) =>
  (event: RecordedEvent): boolean =>
    streamIds.includes(event.streamId);

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until `done` holds (global reads may trail appends), failing after 10 s. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Still not there after 10 s: ${String(value)}`);
    await pause(20);
  }
}

/** The global order restricted to `streamIds`, once `count` of their events are visible. */
const readAllOf = (
  store: EventStore,
  streamIds: string[],
  after: GlobalPosition | undefined,
  count: number,
) =>
  eventually(
    async () => (await store.readAll({ after, maxCount: 10_000 })).filter(inStreams(streamIds)),
    (events) => events.length >= count,
  );

/** A subscription handler recording the events of `streamIds`, and every batch it gets. */
function collect(streamIds: string[]) {
  const events: RecordedEvent[] = [];
  const batchSizes: number[] = [];
  const positions: GlobalPosition[] = [];
  return {
    events,
    batchSizes,
    positions,
    onEvents: async (batch: RecordedEvent[]) => {
      batchSizes.push(batch.length);
      positions.push(...batch.map((event) => event.position));
      events.push(...batch.filter(inStreams(streamIds)));
    },
  };
}

function expectIncreasing(positions: GlobalPosition[]): void {
  for (let i = 1; i < positions.length; i++) {
    expect(comparePositions(positions[i - 1] as GlobalPosition, positions[i] as GlobalPosition)).toBeLessThan(
      0,
    );
  }
}

async function expectWrongVersion(
  append: Promise<unknown>,
  expected: Pick<WrongExpectedVersionError, 'streamId' | 'expected' | 'actual'>,
): Promise<void> {
  const error = await append.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WrongExpectedVersionError);
  expect(error).toMatchObject(expected);
}
