import { DomainError } from '@portal/domain';
import {
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '@portal/event-store';

interface Aggregate<State, Event extends { type: string; data: unknown }, Command> {
  streamId: string;
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

export interface CommandContext {
  eventStore: EventStore;
  /** Read-your-writes: resolves once the read models include `position` (bounded wait). */
  waitForProjections(position: GlobalPosition): Promise<unknown>;
}

interface CommandOptions {
  actorId: number | null;
  /** The version the client loaded; a different current version means a stale save. */
  expectedVersion?: number;
  now?: Date;
  /** The bulk run this command belongs to (event metadata), so a re-run chunk knows its own work. */
  correlationId?: string;
  /** The API key the command came with (event metadata): the key acted, on its issuer's authority. */
  apiKeyId?: string;
}

const staleWriteMessage = 'This record was changed by someone else. Reload it and try again.';

export async function loadAggregate<State, Event extends { type: string; data: unknown }>(
  eventStore: EventStore,
  aggregate: Pick<Aggregate<State, Event, never>, 'streamId' | 'initialState' | 'evolve'>,
): Promise<{ state: State; version: number; events: RecordedEvent[] }> {
  const events = await eventStore.readStream(aggregate.streamId);
  const state = events.reduce((s, e) => aggregate.evolve(s, e as unknown as Event), aggregate.initialState);
  return { state, version: events.at(-1)?.streamVersion ?? 0, events };
}

/** True when the stream holds an event of `type` appended under `correlationId` (a bulk run's own work). */
export async function streamHasEventOf(
  eventStore: EventStore,
  streamId: string,
  type: string,
  correlationId: string,
): Promise<boolean> {
  return hasEventOf(await eventStore.readStream(streamId), type, correlationId);
}

export const hasEventOf = (events: readonly RecordedEvent[], type: string, correlationId: string): boolean =>
  events.some((event) => event.type === type && event.metadata.correlationId === correlationId);

/**
 * Load, decide, append with the loaded version as the expected one, then wait for the projections.
 * A stale client version is a 409. When the client sent no version, a lost race is decided again
 * on the new state (so the loser of two receipts hears "already received", not a generic conflict).
 * Nothing is written when `decide` throws.
 */
export async function handleCommand<State, Event extends { type: string; data: unknown }, Command>(
  context: CommandContext,
  aggregate: Aggregate<State, Event, Command>,
  command: Command,
  options: CommandOptions,
): Promise<{ state: State; version: number; events: Event[] }> {
  const attempts = options.expectedVersion === undefined ? 3 : 1;
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await loadAggregate(context.eventStore, aggregate);
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
      throw new DomainError('conflict', staleWriteMessage);
    }
    const events = aggregate.decide(command, state);
    if (events.length === 0) return { state, version, events };
    const metadata = {
      userId: options.actorId,
      occurredAt: (options.now ?? new Date()).toISOString(),
      ...(options.correlationId ? { correlationId: options.correlationId } : {}),
      ...(options.apiKeyId ? { apiKeyId: options.apiKeyId } : {}),
    };
    try {
      const result = await context.eventStore.append(
        aggregate.streamId,
        events.map((event) => ({ type: event.type, data: event.data, metadata })),
        { expectedVersion: version },
      );
      await context.waitForProjections(result.lastPosition);
      return { state: events.reduce(aggregate.evolve, state), version: result.nextExpectedVersion, events };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (attempt >= attempts) throw new DomainError('conflict', staleWriteMessage);
    }
  }
}
