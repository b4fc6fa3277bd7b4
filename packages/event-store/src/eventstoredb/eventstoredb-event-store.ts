import {
  BACKWARDS,
  END,
  type RecordedEvent as EsdbRecordedEvent,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  START,
} from '@eventstore/db-client';
import { checkedAppend, OpenSubscriptions } from '../adapter-common';
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
import { CatchUpSubscription, type ScannedPage } from './catch-up-subscription';
import {
  chainHeadAfter,
  isEsdbStreamNotFound,
  isEsdbWrongExpectedVersion,
  isSystemEvent,
  meetsExpectation,
  revisionFromVersion,
  toChainedEventData,
  toEsdbEventId,
  toEsdbPosition,
  toExpectedRevision,
  toPortError,
  toRecordedEvent,
  versionFromRevision,
} from './eventstoredb-mapping';

export interface EventStoreDbEventStoreOptions {
  /** An `esdb://` connection string (KurrentDB takes it too), e.g. `esdb://localhost:2113?tls=false`. */
  connectionString: string;
  /** Subscriptions poll this often besides waking on the server's live subscription. */
  pollIntervalMs?: number;
}

/**
 * Event store on EventStoreDB/KurrentDB through @eventstore/db-client; see docs/event-store.md.
 * EventStoreDB keeps the stream versions, the global order and the expected-version check; this adapter
 * adds what the port promises beyond them: client event ids make a retried append return the original
 * result (EventStoreDB's own idempotency is best-effort under `any`), and readers never see system events.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly pollIntervalMs: number;
  private readonly subscriptions = new OpenSubscriptions<CatchUpSubscription>();
  private closed = false;

  constructor({ connectionString, pollIntervalMs = 1000 }: EventStoreDbEventStoreOptions) {
    this.client = EventStoreDBClient.connectionString(connectionString);
    this.pollIntervalMs = pollIntervalMs;
  }

  async append(
    streamId: string,
    events: NewEvent[],
    options: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    const { expected, withIds, clientIds } = checkedAppend(
      streamId,
      events,
      options,
      toEsdbEventId,
      toExpectedRevision,
    );
    const ids = withIds.map((event) => event.eventId);
    // Every append chains its events on the stream's head as read, so it expects exactly that revision:
    // one that lost a race reads the new head and chains again (under 'any'), or fails the caller's check.
    // Client ids: an earlier append of the same batch wins over the version check (a retry gets the
    // original result), so an identical append racing this one finds the other's events on the next round.
    for (let round = 0; ; round++) {
      // The head first: an identical append landing after it makes this one's append fail, not repeat it.
      const head = chainHeadAfter(await this.lastEvent(streamId));
      if (clientIds) {
        const original = await this.findAppended(streamId, ids);
        if (original) return original;
      }
      if (!meetsExpectation(expected, head.version))
        throw new WrongExpectedVersionError(streamId, expected, head.version);
      try {
        const result = await this.client.appendToStream(
          streamId,
          toChainedEventData(streamId, withIds, head),
          {
            expectedRevision: toExpectedRevision(head.version),
          },
        );
        return this.lastAppended(streamId, result.nextExpectedRevision);
      } catch (error) {
        if (!isEsdbWrongExpectedVersion(error) || round >= 10) throw toPortError(error, streamId, expected);
      }
    }
  }

  /** The stream's last event as EventStoreDB holds it (metadata with its chain link); undefined: no stream. */
  private async lastEvent(streamId: string): Promise<EsdbRecordedEvent | undefined> {
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: END,
        direction: BACKWARDS,
        maxCount: 1,
      })) {
        if (resolved.event) return resolved.event;
      }
    } catch (error) {
      if (!isEsdbStreamNotFound(error)) throw error;
    }
    return undefined;
  }

  async readStream(
    streamId: string,
    options: { fromVersion?: number; maxCount?: number } = {},
  ): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: revisionFromVersion(options.fromVersion ?? 1),
        direction: FORWARDS,
        ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
      })) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event));
      }
    } catch (error) {
      if (isEsdbStreamNotFound(error)) return [];
      throw error;
    }
    return events;
  }

  async readAll({ after, maxCount }: { after?: GlobalPosition; maxCount: number }): Promise<RecordedEvent[]> {
    return (await this.scanAll(after, maxCount)).events;
  }

  async headPosition(): Promise<GlobalPosition | null> {
    // The newest records are often the server's own statistics: page backwards past them.
    let from: GlobalPosition | undefined;
    for (;;) {
      let read = 0;
      for await (const resolved of this.client.readAll({
        fromPosition: from ? toEsdbPosition(from) : END,
        direction: BACKWARDS,
        maxCount: 100,
      })) {
        const event = resolved.event;
        if (!event) continue;
        read++;
        if (from && comparePositions(event.position, from) >= 0) continue;
        if (!isSystemEvent(event)) return toRecordedEvent(event).position;
        from = event.position;
      }
      if (read < 100) return null;
    }
  }

  /** EventStoreDB's $all shows an event once it is committed: nothing is held back. */
  committedHeadPosition(): Promise<GlobalPosition | null> {
    return this.headPosition();
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    const subscription = new CatchUpSubscription(
      (after, maxCount) => this.scanAll(after, maxCount),
      options,
      this.pollIntervalMs,
      () => this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() }),
    );
    const handle = this.subscriptions.add(subscription);
    // Closed already: the subscription stops at once, and its handle still closes it.
    if (this.closed) void handle.close();
    return handle;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.subscriptions.closeAll();
    await this.client.dispose();
  }

  /**
   * Up to `maxCount` non-system events strictly after `after`, and the position of the last record read
   * (system records included), so a subscriber moves past the server's own records instead of rereading them.
   */
  async scanAll(after: GlobalPosition | undefined, maxCount: number): Promise<ScannedPage> {
    const events: RecordedEvent[] = [];
    let cursor = after;
    for (;;) {
      // A read from a position includes the record there: ask for one more and drop what is not after.
      const pageSize = maxCount - events.length + 1;
      let read = 0;
      for await (const resolved of this.client.readAll({
        fromPosition: cursor ? toEsdbPosition(cursor) : START,
        direction: FORWARDS,
        maxCount: pageSize,
      })) {
        const event = resolved.event;
        if (!event) continue;
        read++;
        if (cursor && comparePositions(event.position, cursor) <= 0) continue;
        cursor = event.position;
        if (isSystemEvent(event)) continue;
        events.push(toRecordedEvent(event));
        if (events.length === maxCount) return { events, scannedTo: cursor };
      }
      if (read < pageSize) return { events, scannedTo: cursor };
    }
  }

  /** The result of an append from the stream's new last event (the reply's position is the write's). */
  private async lastAppended(streamId: string, nextExpectedRevision: bigint): Promise<AppendResult> {
    const nextExpectedVersion = versionFromRevision(nextExpectedRevision);
    const [last] = await this.readStream(streamId, { fromVersion: nextExpectedVersion, maxCount: 1 });
    if (!last)
      throw new Error(`Event ${nextExpectedVersion} of ${streamId} is not readable after its append`);
    return { nextExpectedVersion, lastPosition: last.position };
  }

  /**
   * The original result when `ids` were appended to the stream before, as one run in this order; a refusal
   * when only some of them were; else null.
   */
  private async findAppended(streamId: string, ids: string[]): Promise<AppendResult | null> {
    const events = await this.readStream(streamId);
    const first = events.findIndex((event) => event.eventId === ids[0]);
    const run = first < 0 ? [] : events.slice(first, first + ids.length);
    if (run.length === ids.length && run.every((event, i) => event.eventId === ids[i])) {
      const last = run[run.length - 1] as RecordedEvent;
      return { nextExpectedVersion: last.streamVersion, lastPosition: last.position };
    }
    const known = new Set(events.map((event) => event.eventId));
    const reused = ids.filter((id) => known.has(id));
    if (reused.length > 0)
      throw new Error(`Append to ${streamId} reuses event ids of other events: ${reused.join(', ')}`);
    return null;
  }
}
