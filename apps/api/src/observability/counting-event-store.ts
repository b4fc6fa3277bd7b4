import { type EventStore, WrongExpectedVersionError } from '@portal/event-store';
import type { PortalMetrics } from './portal-metrics';

/** `ticket-42` → `ticket`: stream ids come from one function per aggregate, so categories are few. */
const categoryOf = (streamId: string): string => streamId.split('-', 1)[0] ?? 'unknown';

/** The event store, counting what is appended through it (the append rate) and what fails. */
export function countingAppends(inner: EventStore, metrics: PortalMetrics): EventStore {
  return {
    async append(streamId, events, options) {
      try {
        const result = await inner.append(streamId, events, options);
        metrics.eventsAppended.inc({ category: categoryOf(streamId) }, events.length);
        return result;
      } catch (error) {
        metrics.appendFailures.inc({
          reason: error instanceof WrongExpectedVersionError ? 'conflict' : 'error',
        });
        throw error;
      }
    },
    readStream: (streamId, options) => inner.readStream(streamId, options),
    readAll: (options) => inner.readAll(options),
    headPosition: () => inner.headPosition(),
    committedHeadPosition: () => inner.committedHeadPosition(),
    subscribeToAll: (options) => inner.subscribeToAll(options),
    close: () => inner.close(),
  };
}
