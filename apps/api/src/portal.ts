import type { EventStore } from '@portal/event-store';
import {
  allProjections,
  createReadModelDb,
  migrateReadModels,
  ProjectionRunner,
  projectionLags,
} from '@portal/projections';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { startSealing } from './audit/seals';
import { createAttemptCounters } from './auth/attempt-counters';
import { createLoginLimiter } from './auth/login-limiter';
import { PasswordHashing } from './auth/passwords';
import type { PortalConfig } from './config';
import { openConfiguredEventStore } from './configured-event-store';
import { createDatabasePool } from './database-pool';
import { ensureFirstAdministrator } from './first-administrator';
import { jobFamilies, jobQueueNames } from './job-registry';
import { createJobQueues, queueBackendFor } from './jobs/job-queues';
import { portTakenLine } from './listen-ports';
import { countingAppends } from './observability/counting-event-store';
import { createPortalMetrics, observeOnScrape } from './observability/portal-metrics';
import { startProcessHealth } from './observability/process-health';
import { apiChecks, type CheckName, projectorChecks, workerChecks } from './observability/readiness-checks';
import { type CommandHost, commandHostFor, type Infrastructure } from './plugins/infrastructure';
import { createWorkbookThreads } from './reports/workbook-threads';
import { startRetention } from './retention/apply-retention';
import { createLiveScales } from './scales/live-scales';
import { startScaleAlerts } from './scales/scale-alerts';
import { type ShutdownStep, stopAll } from './shutdown';
import { startReceiptRelay } from './soilflo/external-receipts';
import { createSoilFloClient } from './soilflo/soilflo-client';
import { StartRefused } from './start-failure';
import { startWebhookRelay } from './webhooks/webhook-relay';
import { versionedEvents } from './write-side/versioned-event-store';
import { migrateWriteSide } from './write-side/write-side-migrations';

interface RunningServices {
  infra: Infrastructure;
  host: CommandHost;
  /** The internal listener's address (/healthz, /readyz, /metrics); null when METRICS_PORT=0. */
  healthUrl: string | null;
  /** What stops, in order, when the process shuts down (`close` runs them all). */
  closeSteps: ShutdownStep[];
  close(): Promise<void>;
}

export interface RunningPortal extends RunningServices {
  app: FastifyInstance;
  url: string;
}

/** What a process is for: the API (with workers unless WORKERS=off), a worker, or a projector. */
type ProcessRole = 'api' | 'worker' | 'projector';

/** The readiness checks of each role: what it cannot work without. */
const roleChecks: Record<ProcessRole, readonly CheckName[]> = {
  api: apiChecks,
  worker: workerChecks,
  projector: projectorChecks,
};

/**
 * Opens the database, migrates it, starts the projections unless PROJECTIONS=off (one process
 * projects, the others stand by) and, unless `workers` is false, the queue workers: what the API,
 * worker (`npm run worker`) and projector (`npm run projector`) processes share.
 */
export async function startServices(
  config: PortalConfig,
  options: { role: ProcessRole; workers: boolean; print?: (line: string) => void },
): Promise<RunningServices> {
  const role = `portal-${options.role}`;
  const pool = createDatabasePool(config.databaseUrl, { applicationName: role, max: config.databasePoolMax });
  const db = createReadModelDb(pool);
  let configuredStore: EventStore;
  try {
    await migrateWriteSide(db);
    await migrateReadModels(db);
    configuredStore = await openConfiguredEventStore(config.eventStoreUrl, pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const metrics = createPortalMetrics();
  const eventStore = countingAppends(versionedEvents(configuredStore), metrics);
  const projections = new ProjectionRunner({
    pool,
    db,
    eventStore,
    projections: allProjections,
    onError: (error) => console.error('projection batch failed, retrying', error),
  });
  if (config.runProjections) await projections.start();
  const jobs = await createJobQueues(queueBackendFor(config), {
    lockDurationMs: config.jobLockMs,
    prefix: config.queuePrefix,
    applicationName: `${role}-queues`,
    onFailed: (queue) => metrics.jobFailures.inc({ queue }),
  });
  // Without Redis, login and link attempts count on connections of their own: a flood of strangers'
  // logins queues for theirs, never for the pool every other request reads through, nor for known
  // devices' or drivers' (issue 32's soak). Opened on first use: with Redis, never.
  const counterPool = (purpose: string, max: number) =>
    createDatabasePool(config.databaseUrl, { applicationName: `${role}-${purpose}`, max });
  const counterPools = {
    strangers: counterPool('login-counters', 2),
    knownDevices: counterPool('known-device-counters', 1),
    links: counterPool('link-counters', 1),
  };
  const loginLimiter = createLoginLimiter(config, counterPools);
  const passwords = new PasswordHashing({ concurrency: config.passwordHashingConcurrency });
  const liveScales = createLiveScales(config, pool);
  const linkAttempts = createAttemptCounters(config, counterPools.links, 'ticket link attempt counters');
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
    metrics,
    workbooks: createWorkbookThreads(config.exportThreads),
  };
  observeOnScrape(metrics, {
    projectionLags: () => projectionLags(db, eventStore, allProjections),
    queueNames: jobQueueNames,
    jobCounts: (queue) => jobs.queue(queue).getJobCounts('waiting', 'active', 'delayed', 'failed'),
  });
  const host = commandHostFor(infra);
  if (options.workers) await jobs.startWorkers(jobFamilies(host));
  const receiptRelay = options.workers ? startReceiptRelay(host) : null;
  const webhookRelay = options.workers ? startWebhookRelay(host) : null;
  const scaleAlerts = options.workers ? startScaleAlerts(host) : null;
  const sealing = options.workers && config.runSeals ? startSealing(host) : null;
  const retention = options.workers ? startRetention(host) : null;
  const serviceSteps: ShutdownStep[] = [
    {
      what: 'the queue workers',
      limitMs: options.role === 'worker' ? workerProcessJobsLimitMs : jobsLimitMs,
      async run() {
        await receiptRelay?.stop();
        await webhookRelay?.stop();
        await scaleAlerts?.stop();
        await sealing?.stop();
        await retention?.stop();
        await jobs.close();
        await infra.workbooks.close();
      },
    },
    { what: 'the projections', limitMs: 1000, run: () => projections.stop() },
    {
      what: 'the database connections',
      limitMs: 1000,
      async run() {
        await loginLimiter.close();
        await liveScales.close();
        await linkAttempts.close();
        await Promise.all(Object.values(counterPools).map((counters) => counters.end()));
        await eventStore.close();
        await pool.end();
      },
    },
  ];
  let health: Awaited<ReturnType<typeof startProcessHealth>>;
  try {
    health = await startProcessHealth(infra, roleChecks[options.role]);
  } catch (error) {
    await stopAll(serviceSteps);
    throw new Error(`The metrics listener cannot start (METRICS_HOST): ${(error as Error).message}`);
  }
  if (health?.takenPort)
    (options.print ?? console.log)(
      `Port ${health.takenPort} (METRICS_PORT) is taken by another program: health and metrics listen on ${health.url} instead (METRICS_PORT=0 turns them off).`,
    );
  const closeSteps: ShutdownStep[] = [
    ...(health ? [{ what: 'the health and metrics listener', limitMs: 300, run: health.close }] : []),
    ...serviceSteps,
  ];
  return { infra, host, healthUrl: health?.url ?? null, closeSteps, close: () => stopAll(closeSteps) };
}

/**
 * How long a shutdown waits for running jobs: in `npm start` short enough that Ctrl-C stops the whole
 * portal within 10 s; a worker process (`npm run worker`) waits longer, within the usual 30 s a
 * supervisor gives before it kills. A job cut off is retried by a worker after JOB_LOCK_MS, and its
 * chunks are idempotent.
 */
const jobsLimitMs = 3000;
const workerProcessJobsLimitMs = 25_000;

/** The whole portal in one process: services, workers (unless WORKERS=off) and the API. */
export async function startPortal(
  config: PortalConfig,
  options: { logger?: boolean | object; print?: (line: string) => void } = {},
): Promise<RunningPortal> {
  const services = await startServices(config, {
    role: 'api',
    workers: config.runWorkers,
    ...(options.print ? { print: options.print } : {}),
  });
  const app = await buildApp(services.infra, { logger: options.logger });
  const closeSteps: ShutdownStep[] = [
    { what: 'the web server', limitMs: 1500, run: () => app.close() },
    ...services.closeSteps,
  ];
  let address: string;
  try {
    await ensureFirstAdministrator(app, options.print ?? console.log);
    address = await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await stopAll(closeSteps);
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new StartRefused(await portTakenLine(config.port, config.host));
  }
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  return { ...services, app, url, closeSteps, close: () => stopAll(closeSteps) };
}
