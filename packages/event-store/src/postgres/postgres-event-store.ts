import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Alarm, reportSubscriptionError } from '../alarm';
import { eventContentHash } from '../event-chain';
import {
  type AppendResult,
  comparePositions,
  type EventStore,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
  WrongExpectedVersionError,
} from '../event-store';
import { isConnectionLoss } from './connection-loss';

export interface PostgresEventStoreOptions {
  /** Owned by the caller: `close()` does not end it. One connection stays checked out for LISTEN. */
  pool: pg.Pool;
  /** How often idle subscriptions look for new events when no notification arrives. */
  pollIntervalMs?: number;
}

const notifyChannel = 'portal_events';
const defaultBatchSize = 100;
const firstRetryMs = 100;
/** First wait before reading again for an announced event not visible yet (doubling up to the poll interval). */
const firstChaseMs = 5;
const maxRetryMs = 5_000;
const listenRetryMs = 1_000;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Not cast to text: ORDER BY a bare name picks the output column, so `x::text` would sort as text.
const eventColumns =
  'global_position, transaction_id, stream_id, stream_version, event_id, event_type, data, metadata, recorded_at';

// Only transactions below the snapshot's xmin are all finished, so nothing can still appear before them.
const visibleToGlobalReaders = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';

/** The two reads every command and every projection batch make: named, so each connection parses and plans them once. */
const readStreamStatement = {
  name: 'portal_read_stream',
  text: `SELECT ${eventColumns} FROM events
    WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version LIMIT $3`,
};
const readAllStatement = {
  name: 'portal_read_all',
  text: `SELECT ${eventColumns} FROM events
    WHERE ${visibleToGlobalReaders} AND (transaction_id, global_position) > ($1::xid8, $2::bigint)
    ORDER BY transaction_id, global_position LIMIT $3`,
};

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

const uniqueViolationCode = '23505';
const deadlockCode = '40P01';
/**
 * Appends waiting while this many calls of append_events are on their way go together in the next one:
 * one transaction (and one disk flush) for many appends under load, none held back when idle.
 */
const maxCallsInFlight = 4;
const maxAppendsPerCall = 64;

/** Named, so each connection parses and plans the call once. */
const appendStatement = {
  name: 'portal_append_events',
  text: 'SELECT n, outcome, next_version, last_transaction_id, last_global_position FROM append_events($1)',
};

interface AppendOutcome {
  n: Int8;
  outcome: 'appended' | 'repeated' | 'wrong_version' | 'ids_reused';
  /** For a wrong version, the actual one. */
  next_version: number;
  last_transaction_id: Int8;
  last_global_position: Int8;
}

/** An append waiting for, or in, a call of append_events. */
interface QueuedAppend {
  streamId: string;
  expected: ExpectedVersion;
  /** As append_events reads it. */
  request: {
    streamId: string;
    expected: string;
    events: (NewEvent & { eventId: string; contentHash: string })[];
    checkIds: boolean;
  };
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

// Committed on its own, after the appends it announces: notifying transactions commit one at a time under
// a global lock, and a lost notification only costs a poll, so it need not wait for the disk either.
/**
 * How long appends gather before the NOTIFY that announces them to other processes (this one's subscriptions
 * wake at once): a lone writer would otherwise send one per append, on a connection its next append wants.
 */
const notifyCoalesceMs = 10;
// The payload is the newest appended position, `commit:prepare`.
const notifyStatement = `SELECT set_config('synchronous_commit', 'off', true), pg_notify('${notifyChannel}', $1)`;

const laterPosition = (a: GlobalPosition | undefined, b: GlobalPosition): GlobalPosition =>
  a && comparePositions(a, b) >= 0 ? a : b;

const parsePosition = (payload: string | undefined): GlobalPosition | undefined => {
  const match = /^(\d+):(\d+)$/.exec(payload ?? '');
  return match ? { commit: BigInt(match[1] as string), prepare: BigInt(match[2] as string) } : undefined;
};

const expectedParameter = (expected: ExpectedVersion): string => {
  if (expected === 'no_stream') return '0';
  if (typeof expected === 'number' && !Number.isSafeInteger(expected)) {
    throw new Error(`Expected version ${expected} is not an integer`);
  }
  return String(expected);
};

const databaseErrorCode = (error: unknown): string | undefined =>
  error instanceof pg.DatabaseError ? error.code : undefined;

/** Event store on one append-only PostgreSQL table; see docs/architecture.md, "Event store". */
export class PostgresEventStore implements EventStore {
  private readonly pool: pg.Pool;
  private readonly pollIntervalMs: number;
  private readonly subscriptions = new Set<PollingSubscription>();
  private listening = false;
  private stopListening: (() => void) | undefined;
  private listenRetry: NodeJS.Timeout | undefined;
  private closed = false;
  /** The newest position appended since the last NOTIFY was sent; undefined when none was. */
  private notifyHead: GlobalPosition | undefined;
  private notifying: Promise<void> | undefined;
  private readonly queuedAppends: QueuedAppend[] = [];
  /** Streams with an append in a call on its way: their next appends wait, so each stream's keep their order. */
  private readonly streamsInFlight = new Set<string>();
  private callsInFlight = 0;

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
    const toAppend = events.map((event) => {
      const eventId = canonicalEventId(event.eventId);
      // append_events chains it on the stream's head, in the same statement that reads that head.
      return { ...event, eventId, contentHash: eventContentHash({ ...event, eventId }).toString('hex') };
    });
    const ids = toAppend.map((event) => event.eventId);
    if (new Set(ids).size !== ids.length) throw new Error(`Append to ${streamId} repeats an event id`);
    const request = {
      streamId,
      expected: expectedParameter(expected),
      events: toAppend,
      checkIds: events.some((event) => event.eventId !== undefined),
    };
    return new Promise((resolve, reject) => {
      this.queuedAppends.push({ streamId, expected, request, resolve, reject });
      this.sendQueuedAppends();
    });
  }

  private sendQueuedAppends(): void {
    while (this.callsInFlight < maxCallsInFlight) {
      const batch: QueuedAppend[] = [];
      const waiting: QueuedAppend[] = [];
      for (const queued of this.queuedAppends) {
        if (batch.length < maxAppendsPerCall && !this.streamsInFlight.has(queued.streamId))
          batch.push(queued);
        else waiting.push(queued);
      }
      if (batch.length === 0) return;
      this.queuedAppends.splice(0, this.queuedAppends.length, ...waiting);
      for (const queued of batch) this.streamsInFlight.add(queued.streamId);
      this.callsInFlight++;
      void this.appendBatch(batch).finally(() => {
        this.callsInFlight--;
        for (const queued of batch) this.streamsInFlight.delete(queued.streamId);
        this.sendQueuedAppends();
      });
    }
  }

  /** One call for the whole batch; settles every append in it. */
  private async appendBatch(batch: QueuedAppend[]): Promise<void> {
    const values = [JSON.stringify(batch.map((queued) => queued.request))];
    let rows: AppendOutcome[];
    for (;;) {
      try {
        ({ rows } = await this.pool.query<AppendOutcome>({ ...appendStatement, values }));
        break;
      } catch (error) {
        const code = databaseErrorCode(error);
        // The call rolled back after losing a race (or a deadlock) to another transaction, which has
        // committed by now: the next call sees it and ends in its result, a version error or success.
        if (code === uniqueViolationCode || code === deadlockCode) continue;
        // Rolled back for a reason of one append's making: each alone (in order), so only that one fails.
        // Not when the server ended the connection (SQLSTATE classes 57P and 08): the call may have
        // committed before it did, and sent again it could append twice.
        if (code !== undefined && !isConnectionLoss(error) && batch.length > 1) {
          for (const queued of batch) await this.appendBatch([queued]);
          return;
        }
        for (const queued of batch) queued.reject(error);
        return;
      }
    }
    const outcomes = new Map(rows.map((row) => [Number(row.n), row]));
    const appended = rows
      .filter((row) => row.outcome === 'appended')
      .map((row) =>
        toPosition({ transaction_id: row.last_transaction_id, global_position: row.last_global_position }),
      );
    if (appended.length > 0) this.announceAppend(appended.reduce(laterPosition));
    batch.forEach((queued, i) => {
      const row = outcomes.get(i + 1);
      const { streamId, expected } = queued;
      if (!row) queued.reject(new Error(`Append to ${streamId} returned no outcome`));
      else if (row.outcome === 'wrong_version') {
        queued.reject(new WrongExpectedVersionError(streamId, expected, row.next_version));
      } else if (row.outcome === 'ids_reused') {
        queued.reject(new Error(`Append to ${streamId} reuses event ids already appended as other events`));
      } else {
        queued.resolve({
          nextExpectedVersion: row.next_version,
          lastPosition: toPosition({
            transaction_id: row.last_transaction_id,
            global_position: row.last_global_position,
          }),
        });
      }
    });
  }

  async readStream(
    streamId: string,
    { fromVersion = 1, maxCount }: { fromVersion?: number; maxCount?: number } = {},
  ): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>({
      ...readStreamStatement,
      values: [streamId, fromVersion, maxCount ?? null],
    });
    return rows.map(toRecordedEvent);
  }

  async readAll({ after, maxCount }: { after?: GlobalPosition; maxCount: number }): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>({
      ...readAllStatement,
      values: [String(after?.commit ?? 0n), String(after?.prepare ?? 0n), maxCount],
    });
    return rows.map(toRecordedEvent);
  }

  headPosition(): Promise<GlobalPosition | null> {
    return this.newestPosition(`WHERE ${visibleToGlobalReaders}`);
  }

  committedHeadPosition(): Promise<GlobalPosition | null> {
    return this.newestPosition('');
  }

  private async newestPosition(where: string): Promise<GlobalPosition | null> {
    const { rows } = await this.pool.query<{ transaction_id: Int8; global_position: Int8 }>(
      `SELECT transaction_id, global_position FROM events ${where}
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
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
    // The caller may end the pool next: let a notification on its way finish first.
    await this.notifying;
  }

  /**
   * After a commit, never inside the appending transaction: wakes this store's subscriptions at once, and
   * other processes' with one NOTIFY for all appends that commit within notifyCoalesceMs or while one is on
   * its way.
   */
  private announceAppend(position: GlobalPosition): void {
    this.wakeSubscriptions(position);
    this.notifyHead = laterPosition(this.notifyHead, position);
    this.notifying ??= this.sendNotifications();
  }

  private async sendNotifications(): Promise<void> {
    while (this.notifyHead) {
      await new Promise((resolve) => setTimeout(resolve, notifyCoalesceMs));
      const head = this.notifyHead;
      this.notifyHead = undefined;
      try {
        await this.pool.query(notifyStatement, [`${head.commit}:${head.prepare}`]);
      } catch {
        // Other processes' subscriptions poll; a failed notification only delays them.
      }
    }
    this.notifying = undefined;
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
    client.on('notification', (message) => this.wakeSubscriptions(parsePosition(message.payload)));
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

  /** `appended`: an event there has committed, so a subscription not past it reads again until it sees it. */
  private wakeSubscriptions(appended?: GlobalPosition): void {
    for (const subscription of this.subscriptions) subscription.wake(appended);
  }
}

/** Lower-cased canonical UUIDs, so duplicates within one call are caught before PostgreSQL sees them. */
const canonicalEventId = (eventId: string | undefined): string => {
  if (eventId === undefined) return randomUUID();
  if (!uuidPattern.test(eventId)) throw new Error(`Event id ${eventId} is not a UUID`);
  return eventId.toLowerCase();
};

/** Delivers batches one at a time in global order; a failed batch is retried as is, never skipped. */
class PollingSubscription {
  private closed = false;
  /** Rung by notifications: new events may be visible. */
  private readonly idle = new Alarm();
  /** Rung only by close, so notifications cannot cut a back-off short. */
  private readonly backOff = new Alarm();
  private readonly running: Promise<void>;
  /** The newest position announced as committed. */
  private announced: GlobalPosition | undefined;

  constructor(
    private readonly read: (after: GlobalPosition | undefined) => Promise<RecordedEvent[]>,
    private readonly options: SubscribeToAllOptions,
    private readonly pollIntervalMs: number,
  ) {
    this.running = this.run();
  }

  wake(appended?: GlobalPosition): void {
    if (appended) this.announced = laterPosition(this.announced, appended);
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
    let chaseMs = firstChaseMs;
    while (!this.closed) {
      try {
        if (batch.length === 0) batch = await this.read(after);
        if (this.closed) break;
        const last = batch.at(-1);
        if (!last) {
          // An announced event is not visible yet: a transaction that began before it (anywhere on the
          // server) is still open. Look again soon rather than at the next poll.
          const behind = this.announced && (!after || comparePositions(after, this.announced) < 0);
          await this.idle.sleep(behind ? chaseMs : this.pollIntervalMs);
          if (behind) chaseMs = Math.min(chaseMs * 2, this.pollIntervalMs);
          continue;
        }
        await this.options.onEvents(batch);
        after = last.position;
        batch = [];
        retryMs = firstRetryMs;
        chaseMs = firstChaseMs;
      } catch (error) {
        reportSubscriptionError(this.options.onError, error);
        await this.backOff.sleep(retryMs);
        retryMs = Math.min(retryMs * 2, maxRetryMs);
      }
    }
  }
}
