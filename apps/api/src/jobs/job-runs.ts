import { randomUUID } from 'node:crypto';
import type { ChunkView, RunView } from '@portal/contract';
import { DomainError } from '@portal/domain';
import { comparePositions, type GlobalPosition, isConnectionLoss } from '@portal/event-store';
import type { Job } from 'bullmq';
import type pg from 'pg';
import { retriedAcrossOutages } from '../database-pool';
import type { CommandHost } from '../plugins/infrastructure';
import { type JobFamily, jobAttempts } from './job-queues';

/**
 * Bulk work as runs of chunks (docs/rules.md, "Ticket numbers": generate in chunks of 1000 numbers, bulk
 * update in chunks of 100, one bulk-receive chip per range). A run and its chunks are rows in
 * PostgreSQL; each chunk is one queue job whose id is `<run>.<chunk>`, so adding it twice adds one
 * job. The chunk row is the source of truth: a worker records the chunk's result there, a chunk
 * already recorded is never processed again, and a session-level advisory lock keeps two workers
 * from processing the same chunk at once (a killed worker's lock goes with its connection).
 * Commands inside a chunk carry the chunk's id in their events' metadata, so a chunk cut off
 * mid-way and re-run counts what it had already done as done, not as a conflict.
 */

type ChunkState = ChunkView['state'];

export interface ChunkContext<Params, Spec> {
  host: CommandHost;
  run: { id: string; userId: number; params: Params };
  chunk: { index: number; spec: Spec; total: number };
  /**
   * Goes into the metadata of every event the chunk appends: a chunk cut off and re-run recognises
   * its own earlier work by it (and only its own: another chunk of the run is someone else).
   */
  correlationId: string;
  /** Items done so far in this chunk (throttled writes; the UI's progress bar). */
  progress(done: number): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: one registry holds every kind's definition, and a processor's parameters are contravariant
export interface RunDefinition<Params = any, Spec = any, Result = any> {
  /** The run's kind ('generate', 'bulk-update', …): one per definition, stored with the run. */
  kind: string;
  /** One queue per kind of work. */
  queue: string;
  concurrency?: number;
  /** Splits the validated parameters into chunks; `total` is the chunk's item count. */
  chunks(params: Params): { spec: Spec; total: number }[];
  processChunk(context: ChunkContext<Params, Spec>): Promise<Result>;
  /** The run's answer from its chunks (default: none). */
  summarize?(chunks: ChunkView<Spec, Result>[], host: CommandHost): Promise<unknown> | unknown;
}

export const unexpectedChunkError = 'Unexpected error has occurred.';

interface ChunkJobData {
  runId: string;
  index: number;
}

const jobIdOf = (runId: string, index: number) => `${runId}.${index}`;

/**
 * Records the run and its chunks, then queues one job per chunk. If the queue refuses (its backend
 * is down), the rows are removed again and the error propagates: a run that could not start leaves
 * nothing behind.
 */
export async function startRun<Params>(
  host: CommandHost,
  definition: RunDefinition<Params>,
  params: Params,
  userId: number,
): Promise<RunView> {
  const { pool, jobs } = host.infra;
  const runId = randomUUID();
  const chunks = definition.chunks(params);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('INSERT INTO job_run (id, kind, user_id, params) VALUES ($1, $2, $3, $4)', [
      runId,
      definition.kind,
      userId,
      JSON.stringify(params),
    ]);
    await client.query(
      `INSERT INTO job_run_chunk (run_id, chunk_index, spec, total)
       SELECT $1, c.ordinality - 1, c.spec, c.total
       FROM unnest($2::jsonb[], $3::int[]) WITH ORDINALITY AS c(spec, total, ordinality)`,
      [runId, chunks.map((chunk) => JSON.stringify(chunk.spec)), chunks.map((chunk) => chunk.total)],
    );
    if (chunks.length === 0)
      await client.query('UPDATE job_run SET finished_at = now() WHERE id = $1', [runId]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  try {
    await jobs.queue<ChunkJobData>(definition.queue).addBulk(
      chunks.map((_, index) => ({
        name: definition.kind,
        data: { runId, index },
        opts: { jobId: jobIdOf(runId, index) },
      })),
    );
  } catch (error) {
    await pool.query('DELETE FROM job_run WHERE id = $1', [runId]);
    throw error;
  }
  return (await readRun(host, [definition], runId)) as RunView;
}

interface RunRow {
  id: string;
  kind: string;
  createdAt: Date;
  finishedAt: Date | null;
}

/** The run as the UI polls it; null when there is no such run. */
export async function readRun(
  host: CommandHost,
  definitions: readonly RunDefinition[],
  runId: string,
): Promise<RunView | null> {
  const { pool } = host.infra;
  // A whole uuid: 36 dashes would pass a looser pattern and make PostgreSQL refuse the lookup (a 500).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(runId)) return null;
  const { rows: runs } = await pool.query<RunRow>(
    `SELECT id, kind, created_at AS "createdAt", finished_at AS "finishedAt" FROM job_run WHERE id = $1`,
    [runId],
  );
  const run = runs[0];
  if (!run) return null;
  const { rows: chunks } = await pool.query<ChunkView>(
    `SELECT chunk_index AS index, spec, state, total, done, result, error
     FROM job_run_chunk WHERE run_id = $1 ORDER BY chunk_index`,
    [runId],
  );
  const definition = definitions.find((candidate) => candidate.kind === run.kind);
  const total = chunks.reduce((sum, chunk) => sum + chunk.total, 0);
  const done = chunks.reduce((sum, chunk) => sum + Math.min(chunk.done, chunk.total), 0);
  const started = chunks.some((chunk) => chunk.state !== 'pending');
  const state = run.finishedAt
    ? chunks.some((chunk) => chunk.state === 'failed')
      ? 'failed'
      : 'completed'
    : started
      ? 'running'
      : 'queued';
  return {
    id: run.id,
    kind: run.kind,
    state,
    total,
    done,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    chunks,
    result: definition?.summarize ? await definition.summarize(chunks, host) : null,
  };
}

/** How long a finished chunk waits for the read models to show its work (they normally take milliseconds). */
const readModelsWaitMs = 10_000;

/** How often a chunk's progress is written while it runs. */
const progressEveryMs = 250;
/** How long a chunk cut off by a lost connection (or the record of one given up) waits for the database. */
const databaseOutageWaitMs = 5 * 60_000;

/** Ends the run once none of its chunks is left to do. */
const finishRunIfDone = (db: pg.Pool | pg.PoolClient, runId: string) =>
  db.query(
    `UPDATE job_run SET finished_at = now()
     WHERE id = $1 AND finished_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM job_run_chunk
                       WHERE run_id = $1 AND state NOT IN ('completed', 'failed'))`,
    [runId],
  );

/** The worker side of a kind: one queue, each job one chunk. */
export function runFamily(host: CommandHost, definition: RunDefinition): JobFamily<ChunkJobData, void> {
  const { pool } = host.infra;
  return {
    queue: definition.queue,
    concurrency: definition.concurrency,
    // A chunk is safe to run again (see above): one cut off by a crash is handed out again as often as
    // one that failed is retried.
    maxStalledCount: jobAttempts - 1,
    // Its last attempt records its own failure; this is for a chunk the queue gave up on without it
    // (stalled past the limit, or a last attempt that could not write its outcome). The run ends
    // failed instead of showing "running" for ever.
    async onGivenUp(job) {
      const { runId, index } = job.data;
      // Given up during an outage, it is recorded once the database answers again.
      await retriedAcrossOutages(pool, databaseOutageWaitMs, async () => {
        await pool.query(
          `UPDATE job_run_chunk SET state = 'failed', error = $3, finished_at = now()
             WHERE run_id = $1 AND chunk_index = $2 AND state NOT IN ('completed', 'failed')`,
          [runId, index, unexpectedChunkError],
        );
        await finishRunIfDone(pool, runId);
      });
    },
    // A chunk cut off by a lost database connection (a failover) is run again by this same worker as
    // soon as the database answers: the queue's retries (1 + 2 + 4 + 8 s) would spend every attempt on
    // one outage and fail the run.
    process: (job: Job<ChunkJobData, void>) =>
      retriedAcrossOutages(
        pool,
        databaseOutageWaitMs,
        () => processChunkJob(job),
        (error) =>
          console.warn(
            `${definition.kind} run ${job.data.runId} chunk ${job.data.index}: database connection lost (${error.message}); running it again once the database answers`,
          ),
      ),
  };

  async function processChunkJob(job: Job<ChunkJobData, void>): Promise<void> {
    const { runId, index } = job.data;
    // A session-level advisory lock on a connection of its own: a second worker handed the same
    // chunk (a stalled job re-delivered while the first still runs) waits here, then finds it done.
    const lock = await pool.connect();
    // A connection dropped mid-chunk fails the query in flight, and the chunk is run again.
    let lockBroken = false;
    try {
      await lock.query('SELECT pg_advisory_lock(hashtext($1), $2)', [runId, index]);
      const { rows } = await lock.query<{
        userId: number;
        params: unknown;
        spec: unknown;
        total: number;
        state: ChunkState;
      }>(
        `SELECT r.user_id AS "userId", r.params, c.spec, c.total, c.state
           FROM job_run r JOIN job_run_chunk c ON c.run_id = r.id
           WHERE r.id = $1 AND c.chunk_index = $2`,
        [runId, index],
      );
      const row = rows[0];
      if (!row) return;
      if (row.state === 'completed' || row.state === 'failed') {
        // Handed out again after its worker died between recording the chunk and ending the run.
        await finishRunIfDone(lock, runId);
        return;
      }
      await lock.query(
        `UPDATE job_run_chunk SET state = 'running', attempts = attempts + 1 WHERE run_id = $1 AND chunk_index = $2`,
        [runId, index],
      );
      let lastWrite = 0;
      const progress = async (done: number) => {
        if (Date.now() - lastWrite < progressEveryMs) return;
        lastWrite = Date.now();
        await lock.query('UPDATE job_run_chunk SET done = $3 WHERE run_id = $1 AND chunk_index = $2', [
          runId,
          index,
          done,
        ]);
      };
      // Commands inside a chunk skip their per-command wait for the read models; the chunk waits
      // once, at its end, for the furthest of its events (so a finished run is visible at once).
      let furthest: GlobalPosition | null = null;
      const chunkHost: CommandHost = {
        infra: host.infra,
        commands: {
          eventStore: host.commands.eventStore,
          async waitForProjections(position) {
            if (!furthest || comparePositions(position, furthest) > 0) furthest = position;
          },
        },
      };
      let outcome: { state: 'completed'; result: unknown } | { state: 'failed'; error: string };
      try {
        const result = await definition.processChunk({
          host: chunkHost,
          run: { id: runId, userId: row.userId, params: row.params },
          chunk: { index, spec: row.spec, total: row.total },
          correlationId: jobIdOf(runId, index),
          progress,
        });
        if (furthest) await host.infra.projections.waitFor(furthest, readModelsWaitMs);
        outcome = { state: 'completed', result };
      } catch (error) {
        // The database, not the chunk, failed: the chunk's row cannot be written now anyway.
        if (isConnectionLoss(error)) throw error;
        // A business refusal will not change on a retry; anything else is retried by the queue
        // and recorded as failed only after its last attempt.
        const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        if (!(error instanceof DomainError) && !lastAttempt) {
          await lock.query(
            `UPDATE job_run_chunk SET state = 'pending' WHERE run_id = $1 AND chunk_index = $2`,
            [runId, index],
          );
          throw error;
        }
        if (!(error instanceof DomainError))
          console.error(`${definition.kind} run ${runId} chunk ${index} failed`, error);
        outcome = {
          state: 'failed',
          error: error instanceof DomainError ? error.message : unexpectedChunkError,
        };
      }
      await lock.query(
        `UPDATE job_run_chunk
           SET state = $3, result = $4, error = $5, finished_at = now(),
               done = CASE WHEN $3 = 'completed' THEN total ELSE done END
           WHERE run_id = $1 AND chunk_index = $2`,
        [
          runId,
          index,
          outcome.state,
          outcome.state === 'completed' ? JSON.stringify(outcome.result ?? null) : null,
          outcome.state === 'failed' ? outcome.error : null,
        ],
      );
      await finishRunIfDone(lock, runId);
    } finally {
      await lock.query('SELECT pg_advisory_unlock(hashtext($1), $2)', [runId, index]).catch(() => {
        lockBroken = true;
      });
      // A connection that failed (and may still hold the lock) is closed, not returned to the pool.
      lock.release(lockBroken);
    }
  }
}
