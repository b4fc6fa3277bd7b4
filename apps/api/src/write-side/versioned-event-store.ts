import {
  currentVersionOf,
  type EventTypeVersions,
  portalEventVersions,
  schemaVersionKey,
  storedVersionOf,
  upcastEventData,
} from '@portal/domain';
import type { EventStore, NewEvent, RecordedEvent } from '@portal/event-store';

/** An event as stored, its data upcast to its type's current version (the same event when it is current). */
export function upcastEvent<E extends { type: string; data: unknown; metadata: Record<string, unknown> }>(
  event: E,
  registry: Record<string, EventTypeVersions> = portalEventVersions,
): E {
  const data = upcastEventData(registry, event.type, storedVersionOf(event.metadata), event.data);
  return data === event.data ? event : { ...event, data };
}

/**
 * The event store as the portal reads and writes it: each appended event records its type's current
 * version in its metadata, and each event read is upcast to the current version of its type (see
 * events/event-versions.ts). The stored event is never rewritten; its metadata keeps the version it was
 * written at.
 */
export function versionedEvents(
  inner: EventStore,
  registry: Record<string, EventTypeVersions> = portalEventVersions,
): EventStore {
  // An appender that writes an older version on purpose (history imported, or told as a site holds it)
  // says so in the metadata; everything else is written at the current version.
  const stamped = (event: NewEvent): NewEvent => {
    const version = currentVersionOf(registry, event.type);
    return version === undefined || schemaVersionKey in event.metadata
      ? event
      : { ...event, metadata: { ...event.metadata, [schemaVersionKey]: version } };
  };
  const upcast = (event: RecordedEvent) => upcastEvent(event, registry);
  return {
    append: (streamId, events, options) => inner.append(streamId, events.map(stamped), options),
    readStream: async (streamId, options) => (await inner.readStream(streamId, options)).map(upcast),
    readAll: async (options) => (await inner.readAll(options)).map(upcast),
    headPosition: () => inner.headPosition(),
    committedHeadPosition: () => inner.committedHeadPosition(),
    subscribeToAll: (options) =>
      inner.subscribeToAll({ ...options, onEvents: (events) => options.onEvents(events.map(upcast)) }),
    close: () => inner.close(),
  };
}
