import { migrateEventStore, PostgresEventStore } from '@portal/event-store';
import { allProjections, createReadModelDb, migrateReadModels, ProjectionRunner } from '@portal/projections';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { PortalConfig } from './config';
import { createDatabasePool } from './database-pool';
import { ensureFirstAdministrator } from './first-administrator';
import { jobFamilies } from './jobs/job-families';
import { createJobQueues, queueBackendFor } from './jobs/job-queues';
import type { Infrastructure } from './plugins/infrastructure';
import { migrateWriteSide } from './write-side/ids';

export interface RunningPortal {
  app: FastifyInstance;
  infra: Infrastructure;
  url: string;
  close(): Promise<void>;
}

/** Opens the database, migrates it, starts the projections and the API: the whole portal in one process. */
export async function startPortal(
  config: PortalConfig,
  options: { logger?: boolean | object; print?: (line: string) => void } = {},
): Promise<RunningPortal> {
  if (config.eventStoreUrl) {
    throw new Error(
      'EVENTSTORE_URL is set, but the EventStoreDB adapter is not part of this release; unset it.',
    );
  }
  const pool = createDatabasePool(config.databaseUrl);
  const db = createReadModelDb(pool);
  try {
    await migrateEventStore(pool);
    await migrateWriteSide(db);
    await migrateReadModels(db);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const eventStore = new PostgresEventStore({ pool });
  const projections = new ProjectionRunner({
    pool,
    db,
    eventStore,
    projections: allProjections,
    onError: (error) => console.error('projection batch failed, retrying', error),
  });
  await projections.start();
  const jobs = createJobQueues(queueBackendFor(config));
  await jobs.startWorkers(jobFamilies({ config, db }));
  const infra: Infrastructure = { config, pool, db, eventStore, projections, jobs };
  const app = await buildApp(infra, { logger: options.logger });
  await ensureFirstAdministrator(app, options.print ?? console.log);
  const address = await app.listen({ port: config.port, host: config.host });
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');

  return {
    app,
    infra,
    url,
    async close() {
      await app.close();
      await jobs.close();
      await projections.stop();
      await eventStore.close();
      await pool.end();
    },
  };
}
