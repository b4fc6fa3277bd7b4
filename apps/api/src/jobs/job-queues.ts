import { createPostgresBackend, type Job, Queue, runMigrations, Worker, withBackend } from 'bullmq';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { createDatabasePool } from '../database-pool';

/**
 * Where the queues live: Redis when REDIS_URL is set (production default, BullMQ's most proven
 * backend), otherwise BullMQ 6's PostgreSQL backend in the portal's own database (embedded mode).
 * Everything else (queues, workers, processors) is the same code on both.
 */
export type QueueBackend = { kind: 'redis'; url: string } | { kind: 'postgres'; url: string };

export const queueBackendFor = (config: { redisUrl: string | null; databaseUrl: string }): QueueBackend =>
  config.redisUrl ? { kind: 'redis', url: config.redisUrl } : { kind: 'postgres', url: config.databaseUrl };

/** A family of work: one queue, one processor switching on `job.name`. */
export interface JobFamily<Data = unknown, Result = unknown> {
  queue: string;
  concurrency?: number;
  /** How often a job whose worker died mid-job is handed out again (BullMQ's default: once). */
  maxStalledCount?: number;
  process(job: Job<Data, Result>): Promise<Result>;
  /** After BullMQ gives a job up for good (out of attempts, or stalled too often), without `process` having seen the end. */
  onGivenUp?(job: Job<Data, Result>): Promise<void>;
}

export interface JobQueues {
  queue<Data = unknown, Result = unknown>(name: string): Queue<Data, Result>;
  startWorkers(families: JobFamily[]): Promise<void>;
  /** Resolves when the queue backend answers (readiness); rejects at once when Redis is down. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** How often a job is tried before it is failed for good. */
export const jobAttempts = 5;

const defaultJobOptions = {
  attempts: jobAttempts,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** BullMQ's tables live in this schema of the portal's database (embedded mode). */
const bullmqSchema = 'bullmq';

/**
 * On PostgreSQL every queue and worker of the process shares one pool: each worker holds one of its
 * connections for BullMQ's LISTEN, the rest serve queries. (A pool per queue and worker took about
 * 16 connections per process before any work, and a few processes exhausted a default server.)
 */
const sharedPoolSize = 16;

/**
 * The longest a worker on PostgreSQL waits for a NOTIFY before it looks for due jobs itself. BullMQ
 * lets it wait up to an hour for a delayed job (a retry's backoff) it knows of; after a failover the
 * wake-up can be lost with the LISTEN connection it was sent to, and the retry would then wait that
 * hour. Ten seconds is BullMQ's ceiling on Redis.
 */
const postgresWorkerMaxWaitSeconds = 10;

export async function createJobQueues(
  backend: QueueBackend,
  options: {
    lockDurationMs?: number;
    prefix?: string;
    applicationName?: string;
    /** Called for every failed attempt of a job in this process's workers (the failures metric). */
    onFailed?: (queue: string) => void;
  } = {},
): Promise<JobQueues> {
  // Portals sharing one Redis keep apart by prefix (on PostgreSQL each database has its own schema).
  const prefix = options.prefix ?? 'bull';
  const queues = new Map<string, Queue>();
  const workers: Worker[] = [];
  const redisConnections: Redis[] = [];

  // Workers block on their connection, so each gets its own; producers fail fast when Redis is down.
  const redis = (forWorker: boolean) => {
    const connection = new Redis(backend.url, {
      maxRetriesPerRequest: forWorker ? null : 1,
      enableOfflineQueue: forWorker,
    });
    redisConnections.push(connection);
    return connection;
  };
  let postgres: pg.Pool | null = null;
  if (backend.kind === 'postgres') {
    // BullMQ's LISTEN and its queries run on this pool, so its connections are guarded as ours are.
    postgres = createDatabasePool(backend.url, {
      serverOptions: `-c search_path=${bullmqSchema}`,
      max: sharedPoolSize,
      applicationName: options.applicationName ?? 'portal-queues',
    });
    // Every BullMQ queue and worker on this shared pool listens for its errors (about 20 in all), past
    // Node's default warning at 10; a bound still flags a real leak.
    postgres.setMaxListeners(64);
    // BullMQ migrates only the pools it creates itself; this one is ours.
    const client = await postgres.connect();
    try {
      await runMigrations(client, bullmqSchema);
    } finally {
      client.release();
    }
  }
  const Pg = withBackend(createPostgresBackend);
  let pingConnection: Redis | null = null;

  return {
    queue<Data, Result>(name: string): Queue<Data, Result> {
      let queue = queues.get(name);
      if (!queue) {
        queue =
          backend.kind === 'redis'
            ? new Queue(name, { connection: redis(false), defaultJobOptions, prefix })
            : (new Pg.Queue(name, {
                connection: postgres as pg.Pool,
                defaultJobOptions,
              }) as unknown as Queue);
        // BullMQ re-emits connection errors here; unheard, one would crash the process.
        queue.on('error', (error) => console.warn(`queue ${name}: ${error.message}`));
        queues.set(name, queue);
      }
      return queue as Queue<Data, Result>;
    },

    async startWorkers(families) {
      for (const family of families) {
        const processor = (job: Job) => family.process(job);
        // A dead worker's job goes back to the queue once its lock lapses (checked as often).
        const lockDuration = options.lockDurationMs ?? 30_000;
        const workerOptions = {
          concurrency: family.concurrency ?? 1,
          lockDuration,
          stalledInterval: lockDuration,
          maxStalledCount: family.maxStalledCount ?? 1,
        };
        const worker =
          backend.kind === 'redis'
            ? new Worker(family.queue, processor, { ...workerOptions, connection: redis(true), prefix })
            : (new Pg.Worker(family.queue, processor, {
                ...workerOptions,
                connection: postgres as pg.Pool,
              }) as unknown as Worker);
        // BullMQ has no option for it: its Worker reads this getter of its prototype on every wait.
        if (backend.kind === 'postgres')
          Object.defineProperty(worker, 'maximumBlockTimeout', { value: postgresWorkerMaxWaitSeconds });
        worker.on('error', (error) => console.warn(`worker ${family.queue}: ${error.message}`));
        worker.on('failed', (job, error) => {
          options.onFailed?.(family.queue);
          console.warn(`job ${family.queue}/${job?.id} failed: ${error.message}`);
          // finishedOn is set only on a job that will not be tried again.
          if (job?.finishedOn && family.onGivenUp)
            family
              .onGivenUp(job)
              .catch((givenUpError: Error) =>
                console.error(
                  `job ${family.queue}/${job.id} given up, not recorded: ${givenUpError.message}`,
                ),
              );
        });
        await worker.waitUntilReady();
        workers.push(worker);
      }
    },

    async ping() {
      if (backend.kind === 'postgres') {
        await (postgres as pg.Pool).query('SELECT 1');
        return;
      }
      if (!pingConnection) {
        pingConnection = redis(false);
        // Its reconnection errors are the readiness answer, not log lines.
        pingConnection.on('error', () => undefined);
      }
      const connection = pingConnection;
      // Without an offline queue a command fails until connected: wait for the connection, or its error.
      if (connection.status !== 'ready') {
        await new Promise<void>((resolve, reject) => {
          const settle = (error?: Error) => {
            connection.off('ready', settle);
            connection.off('error', settle);
            if (error) reject(error);
            else resolve();
          };
          connection.once('ready', settle);
          connection.once('error', settle);
        });
      }
      await connection.ping();
    },

    /** Lets running jobs finish (SIGTERM), then closes every connection. */
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      for (const connection of redisConnections) connection.disconnect();
      await postgres?.end();
    },
  };
}
