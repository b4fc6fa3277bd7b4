// `npm run projections:rebuild`: empties every read model and replays the event store into it.
import { PostgresEventStore } from '@portal/event-store';
import { allProjections, createReadModelDb, migrateReadModels, rebuildReadModels } from '@portal/projections';
import { dataDirFromEnv } from '../config';
import { loadOrCreateSecrets } from '../data-dir-secrets';
import { createDatabasePool } from '../database-pool';
import { openConfiguredDatabase } from '../embedded-database';

const dataDir = dataDirFromEnv(process.env);
const { url, embedded } = await openConfiguredDatabase(
  process.env,
  dataDir,
  loadOrCreateSecrets(dataDir).embeddedPostgresPassword,
);
const pool = createDatabasePool(url);
const db = createReadModelDb(pool);
const eventStore = new PostgresEventStore({ pool });
let exitCode = 0;
try {
  await migrateReadModels(db);
  const started = performance.now();
  const events = await rebuildReadModels({ pool, db, eventStore, projections: allProjections });
  console.log(
    `Rebuilt ${allProjections.length} read model(s) from ${events} events in ${Math.round(performance.now() - started)} ms.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await eventStore.close();
  await pool.end();
  await embedded?.stop();
}
// Explicitly: an exit code set on `process.exitCode` did not survive tsx's ESM loader here.
process.exit(exitCode);
