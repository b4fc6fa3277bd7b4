import { Alarm, reportSubscriptionError } from './alarm';
import type { ExpectedVersion, NewEvent, SubscribeToAllOptions, Subscription } from './event-store';

// What the PostgreSQL and the EventStoreDB adapters do alike, written once: the checks before an append,
// the set of open subscriptions, and a failed batch's back-off.

/** An append's events with their ids as the adapter stores them, refused when empty or when an id repeats. */
export function checkedAppend(
  streamId: string,
  events: NewEvent[],
  options: { expectedVersion?: ExpectedVersion },
  storedEventId: (eventId: string | undefined) => string,
  /** Refuses an expected version the adapter cannot ask for, before the ids are looked at. */
  checkExpected: (expected: ExpectedVersion) => void = () => undefined,
): { expected: ExpectedVersion; withIds: (NewEvent & { eventId: string })[]; clientIds: boolean } {
  if (events.length === 0) throw new Error(`Append to ${streamId} has no events`);
  const expected = options.expectedVersion ?? 'any';
  checkExpected(expected);
  const withIds = events.map((event) => ({ ...event, eventId: storedEventId(event.eventId) }));
  const ids = withIds.map((event) => event.eventId);
  if (new Set(ids).size !== ids.length) throw new Error(`Append to ${streamId} repeats an event id`);
  // Ids the adapter generated cannot have been appended before, so only a caller's are looked up.
  return { expected, withIds, clientIds: events.some((event) => event.eventId !== undefined) };
}

/** A store's open subscriptions: each handed out with a close that forgets it, all closed with the store. */
export class OpenSubscriptions<Running extends { close(): Promise<void> }> {
  private readonly open = new Set<Running>();

  add(subscription: Running): Subscription {
    this.open.add(subscription);
    return {
      close: async () => {
        this.open.delete(subscription);
        await subscription.close();
      },
    };
  }

  [Symbol.iterator](): IterableIterator<Running> {
    return this.open.values();
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open].map((subscription) => subscription.close()));
    this.open.clear();
  }
}

const firstRetryMs = 100;
/** The longest back-off, which a failed live connection also waits before it reopens. */
export const maxRetryMs = 5_000;

/**
 * How long a subscription waits before it hands a failed batch over again: 100 ms, doubling up to 5 s,
 * back to 100 ms after a success. Only `cancel` (a close) cuts a wait short, never a new event.
 */
export class RetryBackOff {
  private readonly alarm = new Alarm();
  private retryMs = firstRetryMs;

  /** Hands the error to the subscriber's handler (which may not end the subscription), then waits. */
  async afterFailure(options: SubscribeToAllOptions, error: unknown): Promise<void> {
    reportSubscriptionError(options.onError, error);
    await this.alarm.sleep(this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, maxRetryMs);
  }

  succeeded(): void {
    this.retryMs = firstRetryMs;
  }

  cancel(): void {
    this.alarm.ring();
  }
}
