import { createTestDatabase, type TestDatabase } from '@portal/event-store/test/test-servers';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelDb, type Database } from './database';
import { prepared } from './prepared-reads';

// One connection, so the statements it has prepared are the ones this file's reads made.
let database: TestDatabase;
let pool: pg.Pool;
let db: Kysely<Database>;
beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 1 });
  db = createReadModelDb(pool);
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

const preparedTexts = async () =>
  (
    await pool.query<{ name: string; statement: string }>(
      'SELECT name, statement FROM pg_prepared_statements',
    )
  ).rows;

describe('reads marked prepared', () => {
  it('run as one named statement per text, with their values bound; unmarked reads are not prepared', async () => {
    for (const n of [1, 2, 3]) {
      const { rows } = await sql<{ n: number }>`${prepared}SELECT ${n}::int AS n`.execute(db);
      expect(rows).toEqual([{ n }]);
    }
    await sql`SELECT 'not marked' AS text`.execute(db);
    const statements = await preparedTexts();
    expect(statements).toHaveLength(1);
    expect(statements[0]?.name).toMatch(/^portal_read_\d+$/);
    expect(statements[0]?.statement).toBe('/* prepared */ SELECT $1::int AS n');
  });

  it('stop being named past 256 distinct texts, and still answer', async () => {
    const before = (await preparedTexts()).length;
    for (let n = 0; n < 300; n++) {
      const { rows } = await sql<{ n: number }>`${prepared}SELECT ${sql.lit(n)}::int AS n`.execute(db);
      expect(rows).toEqual([{ n }]);
    }
    expect((await preparedTexts()).length).toBe(256);
    expect(before).toBeLessThan(256);
  });
});
