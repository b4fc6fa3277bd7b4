import { PostgresEventStore } from '@portal/event-store';
import type pg from 'pg';
import { dataDirFromEnv } from '../config';
import { loadOrCreateSecrets } from '../data-dir-secrets';
import { createDatabasePool } from '../database-pool';
import { openConfiguredDatabase } from '../embedded-database';

/**
 * Runs a command-line task on the configured database (DATABASE_URL, or the embedded one) and its event
 * store, closes them whatever happens, and exits with the code the task answers.
 */
export async function runEventStoreTask(
  task: (opened: { pool: pg.Pool; eventStore: PostgresEventStore }) => Promise<number>,
): Promise<never> {
  const dataDir = dataDirFromEnv(process.env);
  const { url, embedded } = await openConfiguredDatabase(
    process.env,
    dataDir,
    loadOrCreateSecrets(dataDir).embeddedPostgresPassword,
  );
  const pool = createDatabasePool(url);
  const eventStore = new PostgresEventStore({ pool });
  let exitCode: number;
  try {
    exitCode = await task({ pool, eventStore });
  } finally {
    await eventStore.close();
    await pool.end();
    await embedded?.stop();
  }
  // Explicitly: an exit code set on `process.exitCode` did not survive tsx's ESM loader here.
  process.exit(exitCode);
}
