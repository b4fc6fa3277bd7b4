import { Kysely, type Migration, Migrator, PostgresDialect } from 'kysely';
import type pg from 'pg';
import * as createEvents from './migrations/2026-11-21-001-create-events';
import * as appendEventsFunction from './migrations/2026-11-23-001-append-events-function';
import * as hashChainedEvents from './migrations/2026-11-27-001-hash-chained-events';
import * as eventSealHeads from './migrations/2026-11-27-002-event-seal-heads';
import * as sealedRedaction from './migrations/2026-11-28-001-sealed-redaction';

// Listed explicitly (not read from disk) so the same code runs under tsx, bundlers and tests.
const migrations: Record<string, Migration> = {
  '2026-11-21-001-create-events': createEvents,
  '2026-11-23-001-append-events-function': appendEventsFunction,
  '2026-11-27-001-hash-chained-events': hashChainedEvents,
  '2026-11-27-002-event-seal-heads': eventSealHeads,
  '2026-11-28-001-sealed-redaction': sealedRedaction,
};

/**
 * Creates or upgrades the event store schema; safe to call concurrently and repeatedly. `upTo` stops after
 * that migration (tests of a later migration start from the schema before it).
 */
export async function migrateEventStore(pool: pg.Pool, { upTo }: { upTo?: string } = {}): Promise<void> {
  // Not destroyed afterwards: that would end the caller's pool.
  // biome-ignore lint/suspicious/noExplicitAny: the migrator needs no table types.
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Own tables, so the read side's Migrator never sees migrations it does not know.
    migrationTableName: 'event_store_migration',
    migrationLockTableName: 'event_store_migration_lock',
  });
  const { error } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  if (error) throw error;
}
