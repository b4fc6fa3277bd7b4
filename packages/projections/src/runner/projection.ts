import type { RecordedEvent } from '@portal/event-store';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database';

/**
 * A read-model projection. `apply` runs inside the transaction that also moves the projection's
 * checkpoint, so an event is reflected exactly once however the process stops.
 */
export interface Projection {
  name: string;
  /** Event types this projection reacts to; others only advance its checkpoint. */
  handles: readonly string[];
  /**
   * Applies a batch's events of the types it handles (at least one), in global order. A projection
   * that sees many events (tickets) writes a batch in a few statements; the others go event by event.
   */
  apply(trx: Transaction<Database>, events: readonly RecordedEvent[]): Promise<void>;
  /** Empties the projection's tables before a rebuild. */
  reset(trx: Transaction<Database>): Promise<void>;
  /**
   * Operational state, not derived from the events alone (an outbox whose rows the senders update): a rebuild
   * neither empties it nor gives it again the events it has had, so it keeps its checkpoint and a rebuild
   * never adds a send for an event it once passed over (a subscription disabled then, a filter since changed).
   */
  keptByRebuild?: true;
  /** `apply` in two steps, for a projection whose batches are worth folding ahead (see FoldAhead). */
  foldAhead?: FoldAhead<unknown>;
}

/**
 * `apply` as a fold in memory and a write, so a rebuild folds the next batch while PostgreSQL writes this one
 * (each takes about half of a rebuild's time). `fold` starts from `previous`, the batch folded just before,
 * and may read from `db` only what that batch did not touch: the write of that batch may still be running,
 * while every batch before it has committed.
 */
export interface FoldAhead<Folded> {
  fold(db: Kysely<Database>, events: readonly RecordedEvent[], previous: Folded | undefined): Promise<Folded>;
  write(trx: Transaction<Database>, folded: Folded): Promise<void>;
}

type ApplyOne = (trx: Transaction<Database>, event: RecordedEvent) => Promise<void>;

/** `apply` for a projection that writes each event on its own, in order. */
export const eventByEvent =
  (applyOne: ApplyOne): Projection['apply'] =>
  async (trx, events) => {
    for (const event of events) await applyOne(trx, event);
  };
