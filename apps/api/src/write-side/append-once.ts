import { type EventStore, WrongExpectedVersionError } from '@portal/event-store';

/**
 * Appends an event the portal records by itself (no user) at its place in its stream, once: when another
 * process (or this one, before a crash) appended there first, nothing is appended.
 */
export async function appendOnceAt(
  eventStore: EventStore,
  streamId: string,
  event: { type: string; data: unknown },
  expectedVersion: number,
  occurredAt: Date,
): Promise<void> {
  try {
    await eventStore.append(
      streamId,
      [{ ...event, metadata: { userId: null, occurredAt: occurredAt.toISOString() } }],
      { expectedVersion },
    );
  } catch (error) {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
  }
}
