import { createTestDatabase, type TestDatabase } from '@portal/event-store/test/test-servers';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createReadModelDb, type Database } from '../src/database';
import { migrateReadModels } from '../src/migrations';

/** A test file's own database with the read models migrated (beforeAll), dropped afterwards (afterAll). */
export function useReadModelDatabase(): { db: Kysely<Database>; pool: pg.Pool } {
  const handle = {} as { db: Kysely<Database>; pool: pg.Pool };
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    handle.pool = new pg.Pool({ connectionString: database.url });
    handle.db = createReadModelDb(handle.pool);
    await migrateReadModels(handle.db);
  });
  afterAll(async () => {
    await handle.pool?.end();
    await database?.drop();
  });
  return handle;
}
