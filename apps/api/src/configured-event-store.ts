import {
  type EventStore,
  EventStoreDbEventStore,
  migrateEventStore,
  PostgresEventStore,
} from '@portal/event-store';
import type pg from 'pg';

/**
 * The events live in EventStoreDB when EVENTSTORE_URL is set, else in the portal's own PostgreSQL (migrated
 * here). Read models, their checkpoints, the write side's claims and the queues stay in PostgreSQL either way.
 */
export async function openConfiguredEventStore(
  eventStoreUrl: string | null,
  pool: pg.Pool,
): Promise<EventStore> {
  if (eventStoreUrl) return new EventStoreDbEventStore({ connectionString: eventStoreUrl });
  await migrateEventStore(pool);
  return new PostgresEventStore({ pool });
}
