import type pg from 'pg';
import { OpenSubscriptions } from '../adapter-common';
import type {
  AppendResult,
  EventStore,
  ExpectedVersion,
  GlobalPosition,
  NewEvent,
  RecordedEvent,
  SubscribeToAllOptions,
  Subscription,
} from '../event-store';
import { AppendQueue } from './append-queue';
import {
  type EventRow,
  type Int8,
  laterPosition,
  readAllStatement,
  readStreamStatement,
  toPosition,
  toRecordedEvent,
  visibleToGlobalReaders,
} from './event-rows';
import { PollingSubscription } from './polling-subscription';

export interface PostgresEventStoreOptions {
  /** Owned by the caller: `close()` does not end it. One connection stays checked out for LISTEN. */
  pool: pg.Pool;
  /** How often idle subscriptions look for new events when no notification arrives. */
  pollIntervalMs?: number;
}

const notifyChannel = 'portal_events';
const defaultBatchSize = 100;
const listenRetryMs = 1_000;

// Committed on its own, after the appends it announces: notifying transactions commit one at a time under
// a global lock, and a lost notification only costs a poll, so it need not wait for the disk either.
/**
 * How long appends gather before the NOTIFY that announces them to other processes (this one's subscriptions
 * wake at once): a lone writer would otherwise send one per append, on a connection its next append wants.
 */
const notifyCoalesceMs = 10;
// The payload is the newest appended position, `commit:prepare`.
const notifyStatement = `SELECT set_config('synchronous_commit', 'off', true), pg_notify('${notifyChannel}', $1)`;

const parsePosition = (payload: string | undefined): GlobalPosition | undefined => {
  const match = /^(\d+):(\d+)$/.exec(payload ?? '');
  return match ? { commit: BigInt(match[1] as string), prepare: BigInt(match[2] as string) } : undefined;
};

/** Event store on one append-only PostgreSQL table; see docs/architecture.md, "Event store". */
export class PostgresEventStore implements EventStore {
  private readonly pool: pg.Pool;
  private readonly pollIntervalMs: number;
  private readonly subscriptions = new OpenSubscriptions<PollingSubscription>();
  private listening = false;
  private stopListening: (() => void) | undefined;
  private listenRetry: NodeJS.Timeout | undefined;
  private closed = false;
  /** The newest position appended since the last NOTIFY was sent; undefined when none was. */
  private notifyHead: GlobalPosition | undefined;
  private notifying: Promise<void> | undefined;
  private readonly appends: AppendQueue;

  constructor({ pool, pollIntervalMs = 500 }: PostgresEventStoreOptions) {
    this.pool = pool;
    this.pollIntervalMs = pollIntervalMs;
    this.appends = new AppendQueue(pool, (position) => this.announceAppend(position));
  }

  async append(
    streamId: string,
    events: NewEvent[],
    options: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    return this.appends.append(streamId, events, options);
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
    const handle = this.subscriptions.add(subscription);
    if (!this.listening) {
      this.listening = true;
      void this.listen();
    }
    return handle;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.listenRetry);
    this.stopListening?.();
    await this.subscriptions.closeAll();
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
