import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { checkedAppend } from '../adapter-common';
import { eventContentHash } from '../event-chain';
import {
  type AppendResult,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  WrongExpectedVersionError,
} from '../event-store';
import { isConnectionLoss } from './connection-loss';
import { type Int8, laterPosition, toPosition } from './event-rows';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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

const expectedParameter = (expected: ExpectedVersion): string => {
  if (expected === 'no_stream') return '0';
  if (typeof expected === 'number' && !Number.isSafeInteger(expected)) {
    throw new Error(`Expected version ${expected} is not an integer`);
  }
  return String(expected);
};

const databaseErrorCode = (error: unknown): string | undefined =>
  error instanceof pg.DatabaseError ? error.code : undefined;

/** Lower-cased canonical UUIDs, so duplicates within one call are caught before PostgreSQL sees them. */
const canonicalEventId = (eventId: string | undefined): string => {
  if (eventId === undefined) return randomUUID();
  if (!uuidPattern.test(eventId)) throw new Error(`Event id ${eventId} is not a UUID`);
  return eventId.toLowerCase();
};

/**
 * Appends through append_events, several in one call when calls are already on their way, each stream's
 * in the order they were asked for.
 */
export class AppendQueue {
  private readonly queuedAppends: QueuedAppend[] = [];
  /** Streams with an append in a call on its way: their next appends wait, so each stream's keep their order. */
  private readonly streamsInFlight = new Set<string>();
  private callsInFlight = 0;

  /** `onAppended`: after a call commits, with the newest position it appended. */
  constructor(
    private readonly pool: pg.Pool,
    private readonly onAppended: (position: GlobalPosition) => void,
  ) {}

  async append(
    streamId: string,
    events: NewEvent[],
    options: { expectedVersion?: ExpectedVersion },
  ): Promise<AppendResult> {
    const { expected, withIds, clientIds } = checkedAppend(streamId, events, options, canonicalEventId);
    // append_events chains each on the stream's head, in the same statement that reads that head.
    const toAppend = withIds.map((event) => ({
      ...event,
      contentHash: eventContentHash(event).toString('hex'),
    }));
    const request = {
      streamId,
      expected: expectedParameter(expected),
      events: toAppend,
      checkIds: clientIds,
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
    if (appended.length > 0) this.onAppended(appended.reduce(laterPosition));
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
}
