// `npm run projections:rebuild`: empties every read model and replays the event store into it.
import { allProjections, createReadModelDb, migrateReadModels, rebuildReadModels } from '@portal/projections';
import { runEventStoreTask } from './event-store-task';

await runEventStoreTask(async ({ pool, eventStore }) => {
  const db = createReadModelDb(pool);
  try {
    await migrateReadModels(db);
    const started = performance.now();
    const events = await rebuildReadModels({ pool, db, eventStore, projections: allProjections });
    console.log(
      `Rebuilt ${allProjections.length} read model(s) from ${events} events in ${Math.round(performance.now() - started)} ms.`,
    );
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
});
