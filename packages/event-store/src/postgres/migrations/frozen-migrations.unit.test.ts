import { createHash } from 'node:crypto';
import {
  DummyDriver,
  Kysely,
  type Migration,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import * as createEvents from './2026-11-21-001-create-events';
import * as appendEventsFunction from './2026-11-23-001-append-events-function';
import * as hashChainedEvents from './2026-11-27-001-hash-chained-events';
import * as eventSealHeads from './2026-11-27-002-event-seal-heads';
import * as sealedRedaction from './2026-11-28-001-sealed-redaction';

/** Every statement a migration sends, in order, as PostgreSQL would receive it (no database needed). */
async function statementsOf(migration: Migration): Promise<string[]> {
  const sent: string[] = [];
  const db = new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      sent.push(event.query.sql);
    },
  });
  await migration.up(db);
  return sent;
}

/**
 * A migration runs once per database, so one edited after it shipped leaves old and new databases apart.
 * The two versions of append_events share their frame (append-events-function.ts): an edit there would
 * change both, so each migration's statements are pinned to what they were when it was written.
 */
describe('the event store migrations', () => {
  it.each([
    [
      '2026-11-21-001-create-events',
      createEvents,
      '0d4aa7cc3b845a625cd0371e7bc1c35bc8349fd77d65f50cfc699e7798338e65',
    ],
    [
      '2026-11-23-001-append-events-function',
      appendEventsFunction,
      'c153e69311137479d962cc135fd54700236f930c20360d59a08377f563383724',
    ],
    [
      '2026-11-27-001-hash-chained-events',
      hashChainedEvents,
      '7e6219d923b35a7b3c58874d7e65b14cebf9914d87546a1c3d174f8e33278e79',
    ],
    [
      '2026-11-27-002-event-seal-heads',
      eventSealHeads,
      'f54ebc75e98b444f0a403799126f213dc5c13d6298857fbfd9953a3394fb22b1',
    ],
    [
      '2026-11-28-001-sealed-redaction',
      sealedRedaction,
      'cb5ab93665b075626d84bdfd20157cde1761c8f495daaa2f979a41c516aa9b86',
    ],
  ])('%s sends the statements it was written with', async (_name, migration, sha256) => {
    const statements = await statementsOf(migration);
    expect(createHash('sha256').update(JSON.stringify(statements)).digest('hex')).toBe(sha256);
  });
});
