import { migrateEventStore, PostgresEventStore } from '@portal/event-store';
import { allProjections, createReadModelDb, migrateReadModels, ProjectionRunner } from '@portal/projections';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { createAttemptCounters } from './auth/attempt-counters';
import { createLoginLimiter } from './auth/login-limiter';
import { PasswordHashing } from './auth/passwords';
import type { PortalConfig } from './config';
import { createDatabasePool } from './database-pool';
import { ensureFirstAdministrator } from './first-administrator';
import { jobFamilies } from './jobs/job-families';
import { createJobQueues, queueBackendFor } from './jobs/job-queues';
import { type CommandHost, commandHostFor, type Infrastructure } from './plugins/infrastructure';
import { createLiveScales } from './scales/live-scales';
import { startReceiptRelay } from './soilflo/external-receipts';
import { createSoilFloClient } from './soilflo/soilflo-client';
import { migrateWriteSide } from './write-side/write-side-migrations';

interface RunningServices {
  infra: Infrastructure;
  host: CommandHost;
  close(): Promise<void>;
}

export interface RunningPortal extends RunningServices {
  app: FastifyInstance;
  url: string;
}

/**
 * Opens the database, migrates it, starts the projections (one process projects, the others stand
 * by) and, unless `workers` is false, the queue workers: what the API process and a worker process
 * (`npm run worker`) share.
 */
export async function startServices(
  config: PortalConfig,
  options: { workers: boolean; api: boolean },
): Promise<RunningServices> {
  if (config.eventStoreUrl) {
    throw new Error(
      'EVENTSTORE_URL is set, but the EventStoreDB adapter is not part of this release; unset it.',
    );
  }
  const role = options.workers && !options.api ? 'portal-worker' : 'portal-api';
  const pool = createDatabasePool(config.databaseUrl, { applicationName: role, max: config.databasePoolMax });
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
  const jobs = await createJobQueues(queueBackendFor(config), {
    lockDurationMs: config.jobLockMs,
    prefix: config.queuePrefix,
    applicationName: `${role}-queues`,
  });
  const loginLimiter = createLoginLimiter(config, pool);
  const passwords = new PasswordHashing({ concurrency: config.passwordHashingConcurrency });
  const liveScales = createLiveScales(config, pool);
  const linkAttempts = createAttemptCounters(config, pool, 'ticket link attempt counters');
  const infra: Infrastructure = {
    config,
    pool,
    db,
    eventStore,
    projections,
    jobs,
    loginLimiter,
    passwords,
    liveScales,
    linkAttempts,
    soilFlo: createSoilFloClient({
      url: config.soilFlo.apiUrl,
      apiKey: config.soilFlo.apiKey,
      timeoutMs: config.soilFlo.timeoutMs,
    }),
  };
  const host = commandHostFor(infra);
  if (options.workers) await jobs.startWorkers(jobFamilies(host));
  const receiptRelay = options.workers ? startReceiptRelay(host) : null;
  return {
    infra,
    host,
    async close() {
      await receiptRelay?.stop();
      await jobs.close();
      await loginLimiter.close();
      await liveScales.close();
      await linkAttempts.close();
      await projections.stop();
      await eventStore.close();
      await pool.end();
    },
  };
}

/** The whole portal in one process: services, workers (unless WORKERS=off) and the API. */
export async function startPortal(
  config: PortalConfig,
  options: { logger?: boolean | object; print?: (line: string) => void } = {},
): Promise<RunningPortal> {
  const services = await startServices(config, { workers: config.runWorkers, api: true });
  const app = await buildApp(services.infra, { logger: options.logger });
  try {
    await ensureFirstAdministrator(app, options.print ?? console.log);
  } catch (error) {
    await app.close();
    await services.close();
    throw error;
  }
  const address = await app.listen({ port: config.port, host: config.host });
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  return {
    ...services,
    app,
    url,
    async close() {
      await app.close();
      await services.close();
    },
  };
}
