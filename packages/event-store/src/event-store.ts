/**
 * The event store port. The PostgreSQL and EventStoreDB adapters implement it; every adapter must pass the
 * contract suite in `test/event-store-contract.ts` (docs/event-store.md says where each run happens).
 */

/** Position in the global order. Compared lexicographically: commit first, then prepare. */
export interface GlobalPosition {
  /** PostgreSQL: the appending transaction id (xid8). EventStoreDB: the commit position. */
  commit: bigint;
  /** PostgreSQL: the row's global sequence number. EventStoreDB: the prepare position. */
  prepare: bigint;
}

export const comparePositions = (a: GlobalPosition, b: GlobalPosition): number =>
  a.commit === b.commit ? Number(a.prepare - b.prepare) || 0 : a.commit < b.commit ? -1 : 1;

export interface EventMetadata {
  /** The acting user; null for system actions (first administrator, migrations). */
  userId: number | null;
  /** When the command was decided, ISO-8601 UTC. */
  occurredAt: string;
  /** Correlates the events of one command (for logs and audits). */
  correlationId?: string;
  [key: string]: unknown;
}

export interface NewEvent {
  /** Optional client-chosen id: appending the same ids again is a no-op (idempotent retries). */
  eventId?: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  eventId: string;
  streamId: string;
  /** 1 for a stream's first event; a stream's version is the number of its events. */
  streamVersion: number;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  position: GlobalPosition;
  recordedAt: Date;
}

/**
 * `number`: the stream must be exactly at this version (0 means it must not exist yet).
 * `'no_stream'` is the same as 0; `'stream_exists'` needs at least one event; `'any'` skips the check.
 */
export type ExpectedVersion = number | 'no_stream' | 'stream_exists' | 'any';

export interface AppendResult {
  /** The stream's version after the append (pass it as the next expected version). */
  nextExpectedVersion: number;
  /** Position of the last appended event. */
  lastPosition: GlobalPosition;
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

export interface Subscription {
  /** Stops delivery; resolves once the handler in flight (if any) has finished. */
  close(): Promise<void>;
}

export interface SubscribeToAllOptions {
  /** Deliver events strictly after this position; from the beginning when absent. */
  after?: GlobalPosition;
  batchSize?: number;
  /** Called with consecutive batches in global order; the next batch waits for this promise. */
  onEvents(events: RecordedEvent[]): Promise<void>;
  /** Called when `onEvents` throws; the same batch is retried after a back-off. */
  onError?(error: unknown): void;
}

export interface EventStore {
  append(
    streamId: string,
    events: NewEvent[],
    options?: { expectedVersion?: ExpectedVersion },
  ): Promise<AppendResult>;
  readStream(
    streamId: string,
    options?: { fromVersion?: number; maxCount?: number },
  ): Promise<RecordedEvent[]>;
  /** Events in global order strictly after `after`, never skipping one committed later at a lower position. */
  readAll(options: { after?: GlobalPosition; maxCount: number }): Promise<RecordedEvent[]>;
  /** Position of the newest event a global reader can see now; null when the store is empty. */
  headPosition(): Promise<GlobalPosition | null>;
  /**
   * Position of the newest committed event, which readAll may still hold back while a transaction that
   * began before it is open (it never skips one); null when the store is empty. A reader that must see
   * everything committed so far (a rebuild) reads until it is there.
   */
  committedHeadPosition(): Promise<GlobalPosition | null>;
  /** Catch up from `after`, then follow live appends (push notification, with polling as a fallback). */
  subscribeToAll(options: SubscribeToAllOptions): Subscription;
  close(): Promise<void>;
}
