import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Server used by integration tests: DATABASE_URL when set, else the local default. */
export const testServerUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** How long a drop waits for the database's sessions to close by themselves. */
const sessionsLeaveMs = 5_000;

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh, empty database per test file, so runs and files never see each other's data. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `portal_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testServerUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(testServerUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      // Kept for tests/event-corpus/capture-corpus.ts, which reads the events the tests wrote, then drops them.
      if (process.env.KEEP_TEST_DATABASES) return;
      const client = new pg.Client({ connectionString: testServerUrl });
      await client.connect();
      try {
        // pg's pool.end() resolves once its connections are asked to close, not once they have: forcing
        // the drop at once kills them mid-goodbye, and their pool reports that as an unhandled error.
        // Sessions still there after the wait are leaks; FORCE ends them and the error shows the leak.
        const deadline = Date.now() + sessionsLeaveMs;
        while (Date.now() < deadline) {
          const { rows } = await client.query<{ sessions: number }>(
            'SELECT count(*)::int AS sessions FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (rows[0]?.sessions === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export const testRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
