// `npm run projections:rebuild`: empties every read model and replays the event store into it.
import { allProjections, createReadModelDb, migrateReadModels, rebuildReadModels } from '@portal/projections';
import { runEventStoreTask } from './event-store-task';

await runEventStoreTask(async ({ pool, eventStore }) => {
  const db = createReadModelDb(pool);
  try {
    await migrateReadModels(db);
    const started = performance.now();
    const rate = (events: number) => Math.round(events / ((performance.now() - started) / 1000));
    let lastLine = started;
    const events = await rebuildReadModels({
      pool,
      db,
      eventStore,
      projections: allProjections,
      onProgress: (applied) => {
        if (performance.now() - lastLine < 1000) return;
        lastLine = performance.now();
        console.error(
          `Rebuilding: ${applied.toLocaleString('en')} events so far (${rate(applied).toLocaleString('en')} events/s)`,
        );
      },
    });
    console.log(
      `Rebuilt ${allProjections.length} read model(s) from ${events.toLocaleString('en')} events in ` +
        `${Math.round(performance.now() - started)} ms (${rate(events).toLocaleString('en')} events/s).`,
    );
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
});
