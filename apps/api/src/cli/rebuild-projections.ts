// `npm run projections:rebuild`: empties every read model and replays the event store into it.
import { allProjections, createReadModelDb, migrateReadModels, rebuildReadModels } from '@portal/projections';
import { eventProgress } from './event-progress';
import { runEventStoreTask } from './event-store-task';

await runEventStoreTask(async ({ pool, eventStore }) => {
  const db = createReadModelDb(pool);
  try {
    await migrateReadModels(db);
    const progress = eventProgress('Rebuilding');
    const events = await rebuildReadModels({
      pool,
      db,
      eventStore,
      projections: allProjections,
      onProgress: progress.onProgress,
    });
    console.log(
      `Rebuilt ${allProjections.length} read model(s) from ${events.toLocaleString('en')} events in ` +
        `${progress.took(events)}.`,
    );
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
});
