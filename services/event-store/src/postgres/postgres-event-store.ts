import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
  WrongExpectedVersionError,
} from '../event-store';

export interface PostgresEventStoreOptions {
  /** Owned by the caller: `close()` does not end it. One connection stays checked out for LISTEN. */
  pool: pg.Pool;
  /** How often idle subscriptions look for new events when no notification arrives. */
  pollIntervalMs?: number;
}

const notifyChannel = 'portal_events';
const defaultBatchSize = 100;
const firstRetryMs = 100;
const maxRetryMs = 5_000;
const listenRetryMs = 1_000;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Not cast to text: ORDER BY a bare name picks the output column, so `x::text` would sort as text.
const eventColumns =
  'global_position, transaction_id, stream_id, stream_version, event_id, event_type, data, metadata, recorded_at';

// Only transactions below the snapshot's xmin are all finished, so nothing can still appear before them.
const visibleToGlobalReaders = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';

/** pg returns int8 and xid8 as strings unless someone installs a type parser; BigInt() takes all three. */
type Int8 = string | number | bigint;

interface EventRow {
  global_position: Int8;
  transaction_id: Int8;
  stream_id: string;
  stream_version: number;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  recorded_at: Date;
}

const toPosition = (row: { transaction_id: Int8; global_position: Int8 }): GlobalPosition => ({
  commit: BigInt(row.transaction_id),
  prepare: BigInt(row.global_position),
});

const toRecordedEvent = (row: EventRow): RecordedEvent => ({
  eventId: row.event_id,
  streamId: row.stream_id,
  streamVersion: row.stream_version,
  type: row.event_type,
  data: row.data,
  metadata: row.metadata,
  position: toPosition(row),
  recordedAt: row.recorded_at,
});

const satisfies = (expected: ExpectedVersion, actual: number): boolean => {
  switch (expected) {
    case 'any':
      return true;
    case 'stream_exists':
      return actual > 0;
    case 'no_stream':
      return actual === 0;
    default:
      return actual === expected;
  }
};

const isUniqueViolation = (error: unknown): boolean =>
  error instanceof pg.DatabaseError && error.code === '23505';

/** Event store on one append-only PostgreSQL table; see ARCHITECTURE.md, "Event store". */
export class PostgresEventStore implements EventStore {
  private readonly pool: pg.Pool;
  private readonly pollIntervalMs: number;
  private readonly subscriptions = new Set<PollingSubscription>();
  private listening = false;
  private stopListening: (() => void) | undefined;
  private listenRetry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor({ pool, pollIntervalMs = 500 }: PostgresEventStoreOptions) {
    this.pool = pool;
    this.pollIntervalMs = pollIntervalMs;
  }

  async append(
    streamId: string,
    events: NewEvent[],
    options: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error(`Append to ${streamId} has no events`);
    const expected = options.expectedVersion ?? 'any';
    const toAppend = events.map((event) => ({ ...event, eventId: canonicalEventId(event.eventId) }));
    const ids = toAppend.map((event) => event.eventId);
    if (new Set(ids).size !== ids.length) throw new Error(`Append to ${streamId} repeats an event id`);
    // Checks are optimistic and the unique constraints decide races: a lost race means the winner has
    // committed, so the next round sees it and ends in its result, a version error or success.
    for (;;) {
      const original = await this.findAppended(streamId, ids);
      if (original) return original;
      const actual = await this.streamVersion(streamId);
      if (!satisfies(expected, actual)) throw new WrongExpectedVersionError(streamId, expected, actual);
      try {
        return await this.insert(streamId, actual, toAppend);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }

  async readStream(
    streamId: string,
    { fromVersion = 1, maxCount }: { fromVersion?: number; maxCount?: number } = {},
  ): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${eventColumns} FROM events
       WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version LIMIT $3`,
      [streamId, fromVersion, maxCount ?? null],
    );
    return rows.map(toRecordedEvent);
  }

  async readAll({ after, maxCount }: { after?: GlobalPosition; maxCount: number }): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${eventColumns} FROM events
       WHERE ${visibleToGlobalReaders} AND (transaction_id, global_position) > ($1::xid8, $2::bigint)
       ORDER BY transaction_id, global_position LIMIT $3`,
      [String(after?.commit ?? 0n), String(after?.prepare ?? 0n), maxCount],
    );
    return rows.map(toRecordedEvent);
  }

  async headPosition(): Promise<GlobalPosition | null> {
    const { rows } = await this.pool.query<{ transaction_id: Int8; global_position: Int8 }>(
      `SELECT transaction_id, global_position FROM events
       WHERE ${visibleToGlobalReaders} ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    return rows[0] ? toPosition(rows[0]) : null;
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    if (this.closed) throw new Error('The event store is closed');
    const subscription = new PollingSubscription(
      (after) => this.readAll({ after, maxCount: options.batchSize ?? defaultBatchSize }),
      options,
      this.pollIntervalMs,
    );
    this.subscriptions.add(subscription);
    if (!this.listening) {
      this.listening = true;
      void this.listen();
    }
    return {
      close: async () => {
        this.subscriptions.delete(subscription);
        await subscription.close();
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.listenRetry);
    this.stopListening?.();
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    this.subscriptions.clear();
  }

  /** The original result when all `ids` are already in this stream in this order (an idempotent retry). */
  private async findAppended(streamId: string, ids: string[]): Promise<AppendResult | undefined> {
    const { rows } = await this.pool.query<{
      stream_id: string;
      stream_version: number;
      transaction_id: Int8;
      global_position: Int8;
    }>(
      `SELECT e.stream_id, e.stream_version, e.transaction_id, e.global_position
       FROM unnest($1::uuid[]) WITH ORDINALITY AS appended(event_id, n) JOIN events e USING (event_id)
       ORDER BY appended.n`,
      [ids],
    );
    const [first] = rows;
    const last = rows.at(-1);
    if (!first || !last) return undefined;
    const sameAppend =
      rows.length === ids.length &&
      rows.every((row, i) => row.stream_id === streamId && row.stream_version === first.stream_version + i);
    if (!sameAppend) {
      throw new Error(`Append to ${streamId} reuses event ids already appended as other events`);
    }
    return { nextExpectedVersion: last.stream_version, lastPosition: toPosition(last) };
  }

  private async streamVersion(streamId: string): Promise<number> {
    const { rows } = await this.pool.query<{ version: number }>(
      'SELECT coalesce(max(stream_version), 0) AS version FROM events WHERE stream_id = $1',
      [streamId],
    );
    return rows[0]?.version ?? 0;
  }

  /** One statement, so one transaction: a single multi-row insert, and a notification sent on commit. */
  private async insert(
    streamId: string,
    version: number,
    events: (NewEvent & { eventId: string })[],
  ): Promise<AppendResult> {
    const { rows } = await this.pool.query<{ transaction_id: Int8; global_position: Int8 }>(
      `WITH inserted AS (
         INSERT INTO events (stream_id, stream_version, event_id, event_type, data, metadata)
         SELECT $1, $2::int + e.n, (e.event->>'eventId')::uuid, e.event->>'type', e.event->'data', e.event->'metadata'
         FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(event, n)
         ORDER BY e.n
         RETURNING global_position
       )
       SELECT pg_current_xact_id() AS transaction_id, max(global_position) AS global_position,
         pg_notify($4, '')
       FROM inserted`,
      [streamId, version, JSON.stringify(events), notifyChannel],
    );
    const [row] = rows;
    if (!row) throw new Error(`Append to ${streamId} returned no position`);
    return { nextExpectedVersion: version + events.length, lastPosition: toPosition(row) };
  }

  /** Keeps one connection on LISTEN to wake subscriptions; polling covers any gap while it reconnects. */
  private async listen(): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch {
      this.retryListen();
      return;
    }
    let released = false;
    const release = (error?: unknown) => {
      if (released) return;
      released = true;
      this.stopListening = undefined;
      // Destroyed rather than returned, so no pooled connection keeps listening.
      client.release(error instanceof Error ? error : true);
      if (error !== undefined) this.retryListen();
    };
    this.stopListening = () => release();
    client.on('error', release);
    client.on('notification', () => this.wakeSubscriptions());
    try {
      await client.query(`LISTEN ${notifyChannel}`);
    } catch (error) {
      release(error);
      return;
    }
    if (this.closed) release();
    // Events committed while no connection was listening sent notifications nobody heard.
    else this.wakeSubscriptions();
  }

  private retryListen(): void {
    if (!this.closed) this.listenRetry = setTimeout(() => void this.listen(), listenRetryMs);
  }

  private wakeSubscriptions(): void {
    for (const subscription of this.subscriptions) subscription.wake();
  }
}

/** Lower-cased canonical UUIDs, so duplicates within one call are caught before PostgreSQL sees them. */
const canonicalEventId = (eventId: string | undefined): string => {
  if (eventId === undefined) return randomUUID();
  if (!uuidPattern.test(eventId)) throw new Error(`Event id ${eventId} is not a UUID`);
  return eventId.toLowerCase();
};

/** A sleep that `ring()` ends early; a ring while awake makes the next sleep return at once. */
class Alarm {
  private rung = false;
  private stop: (() => void) | undefined;

  sleep(ms: number): Promise<void> {
    if (this.rung) {
      this.rung = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.stop?.(), ms);
      this.stop = () => {
        clearTimeout(timer);
        this.stop = undefined;
        resolve();
      };
    });
  }

  ring(): void {
    if (this.stop) this.stop();
    else this.rung = true;
  }
}

/** Delivers batches one at a time in global order; a failed batch is retried as is, never skipped. */
class PollingSubscription {
  private closed = false;
  /** Rung by notifications: new events may be visible. */
  private readonly idle = new Alarm();
  /** Rung only by close, so notifications cannot cut a back-off short. */
  private readonly backOff = new Alarm();
  private readonly running: Promise<void>;

  constructor(
    private readonly read: (after: GlobalPosition | undefined) => Promise<RecordedEvent[]>,
    private readonly options: SubscribeToAllOptions,
    private readonly pollIntervalMs: number,
  ) {
    this.running = this.run();
  }

  wake(): void {
    this.idle.ring();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.idle.ring();
    this.backOff.ring();
    await this.running;
  }

  private async run(): Promise<void> {
    let after = this.options.after;
    let batch: RecordedEvent[] = [];
    let retryMs = firstRetryMs;
    while (!this.closed) {
      try {
        if (batch.length === 0) batch = await this.read(after);
        if (this.closed) break;
        const last = batch.at(-1);
        if (!last) {
          await this.idle.sleep(this.pollIntervalMs);
          continue;
        }
        await this.options.onEvents(batch);
        after = last.position;
        batch = [];
        retryMs = firstRetryMs;
      } catch (error) {
        this.reportError(error);
        await this.backOff.sleep(retryMs);
        retryMs = Math.min(retryMs * 2, maxRetryMs);
      }
    }
  }

  private reportError(error: unknown): void {
    try {
      this.options.onError?.(error);
    } catch {
      // A throwing error handler must not end the subscription: it would silently stop delivery.
    }
  }
}
