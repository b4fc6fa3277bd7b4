import type { EventStore } from '@portal/event-store';
import type pg from 'pg';
import { dataDirFromEnv } from '../config';
import { openConfiguredEventStore } from '../configured-event-store';
import { loadOrCreateSecrets } from '../data-dir-secrets';
import { createDatabasePool } from '../database-pool';
import { openConfiguredDatabase } from '../embedded-database';
import { versionedEvents } from '../write-side/versioned-event-store';

/**
 * Runs a command-line task on the configured database (DATABASE_URL, or the embedded one) and the
 * configured event store (EVENTSTORE_URL, or that database), closes them whatever happens, and exits
 * with the code the task answers.
 */
export async function runEventStoreTask(
  task: (opened: { pool: pg.Pool; eventStore: EventStore }) => Promise<number>,
): Promise<never> {
  const dataDir = dataDirFromEnv(process.env);
  const { url, embedded } = await openConfiguredDatabase(
    process.env,
    dataDir,
    loadOrCreateSecrets(dataDir).embeddedPostgresPassword,
  );
  const pool = createDatabasePool(url);
  let exitCode: number;
  try {
    const eventStore = versionedEvents(
      await openConfiguredEventStore(process.env.EVENTSTORE_URL?.trim() || null, pool),
    );
    try {
      exitCode = await task({ pool, eventStore });
    } finally {
      await eventStore.close();
    }
  } finally {
    await pool.end();
    await embedded?.stop();
  }
  // Explicitly: an exit code set on `process.exitCode` did not survive tsx's ESM loader here.
  process.exit(exitCode);
}
