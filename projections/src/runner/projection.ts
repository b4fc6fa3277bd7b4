import type { RecordedEvent } from '@portal/event-store';
import type { Transaction } from 'kysely';
import type { Database } from '../database';

/**
 * A read-model projection. `apply` runs inside the transaction that also moves the projection's
 * checkpoint, so an event is reflected exactly once however the process stops.
 */
export interface Projection {
  name: string;
  /** Event types this projection reacts to; others only advance its checkpoint. */
  handles: readonly string[];
  apply(trx: Transaction<Database>, event: RecordedEvent): Promise<void>;
  /** Empties the projection's tables before a rebuild. */
  reset(trx: Transaction<Database>): Promise<void>;
}
