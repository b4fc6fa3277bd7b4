import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { migrateEventStore } from '../src/postgres/migrate-event-store';
import { createTestDatabase, type TestDatabase } from './test-servers';

/** A test database and a pool on it; read its fields inside tests and hooks (they are set before them). */
export interface TestPool {
  database: TestDatabase;
  pool: pg.Pool;
}

/**
 * A fresh database and a pool of `max` connections (pg's default when not given) for the file, or for
 * each test with `perTest` (a break one test makes would otherwise be every later test's); `migrated`
 * runs the event store's migrations on it. Ended and dropped after; hooks the file declares later
 * run after this one's set-up.
 */
export function useTestPool({
  max,
  perTest = false,
  migrated = false,
}: {
  max?: number;
  perTest?: boolean;
  migrated?: boolean;
} = {}): TestPool {
  const test = {} as TestPool;
  (perTest ? beforeEach : beforeAll)(async () => {
    test.database = await createTestDatabase();
    test.pool = new pg.Pool({ connectionString: test.database.url, ...(max === undefined ? {} : { max }) });
    if (migrated) await migrateEventStore(test.pool);
  });
  (perTest ? afterEach : afterAll)(async () => {
    await test.pool?.end();
    await test.database?.drop();
  });
  return test;
}
