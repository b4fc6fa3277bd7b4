import type { ChunkView } from '@portal/contract';
import { DomainError } from '@portal/domain';
import { comparePositions, type GlobalPosition, isConnectionLoss } from '@portal/event-store';
import type { Job } from 'bullmq';
import type pg from 'pg';
import { retriedAcrossOutages } from '../database-pool';
import type { CommandHost } from '../plugins/infrastructure';
import { type JobFamily, jobAttempts } from './job-queues';
import { type ChunkJobData, jobIdOf, type RunDefinition, unexpectedChunkError } from './job-runs';

type ChunkState = ChunkView['state'];

/** How long a finished chunk waits for the read models to show its work (they normally take milliseconds). */
const readModelsWaitMs = 10_000;

/** How often a chunk's progress is written while it runs. */
const progressEveryMs = 250;
/** How long a chunk cut off by a lost connection (or the record of one given up) waits for the database. */
const databaseOutageWaitMs = 5 * 60_000;

/**
 * Ends the run once none of its chunks is left to do. Whoever records a run's last chunk calls it after that
 * record has committed (a worker, or a cancel), so one of them sees every chunk ended.
 */
export const finishRunIfDone = (db: pg.Pool | pg.PoolClient, runId: string) =>
  db.query(
    `UPDATE job_run SET finished_at = now()
     WHERE id = $1 AND finished_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM job_run_chunk
                       WHERE run_id = $1 AND state IN ('pending', 'running'))`,
    [runId],
  );

/** The worker side of a kind: one queue, each job one chunk. */
export function runFamily(host: CommandHost, definition: RunDefinition): JobFamily<ChunkJobData, void> {
  const { pool } = host.infra;
  return {
    queue: definition.queue,
    concurrency: definition.concurrency,
    // A chunk is safe to run again (see job-runs.ts): one cut off by a crash is handed out again as often as
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
             WHERE run_id = $1 AND chunk_index = $2 AND state IN ('pending', 'running')`,
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
        cancelled: boolean;
      }>(
        `SELECT r.user_id AS "userId", r.params, c.spec, c.total, c.state, r.cancelled_at IS NOT NULL AS cancelled
           FROM job_run r JOIN job_run_chunk c ON c.run_id = r.id
           WHERE r.id = $1 AND c.chunk_index = $2`,
        [runId, index],
      );
      const row = rows[0];
      if (!row) return;
      // A chunk of a cancelled run not started yet (its queue job was already waiting) is dropped; one the
      // cancel raced with, still pending, is dropped here too. A running one (a crashed worker's) goes on.
      if (row.cancelled && row.state === 'pending')
        await lock.query(
          `UPDATE job_run_chunk SET state = 'cancelled', finished_at = now()
             WHERE run_id = $1 AND chunk_index = $2 AND state = 'pending'`,
          [runId, index],
        );
      // Only a chunk still to do starts (cancelled meanwhile, it is left alone).
      const started =
        !row.cancelled || row.state === 'running'
          ? await lock.query(
              `UPDATE job_run_chunk SET state = 'running', attempts = attempts + 1
                 WHERE run_id = $1 AND chunk_index = $2 AND state IN ('pending', 'running')`,
              [runId, index],
            )
          : null;
      if (!started?.rowCount) {
        // Ended before: handed out again after its worker died between recording the chunk and ending the
        // run, or cancelled.
        await finishRunIfDone(lock, runId);
        return;
      }
      let lastWrite = 0;
      // Once the chunk's work has returned or thrown, a late progress write must not undo its outcome.
      let workEnded = false;
      const progress = async (done: number) => {
        if (workEnded || Date.now() - lastWrite < progressEveryMs) return;
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
        workEnded = true;
        if (furthest) await host.infra.projections.waitFor(furthest, readModelsWaitMs);
        outcome = { state: 'completed', result };
      } catch (error) {
        workEnded = true;
        // The database, not the chunk, failed: the chunk's row cannot be written now anyway.
        if (isConnectionLoss(error)) throw error;
        // A business refusal will not change on a retry; anything else is retried by the queue
        // and recorded as failed only after its last attempt.
        const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        if (!(error instanceof DomainError) && !lastAttempt) {
          // Its retry is dropped if the run has been cancelled meanwhile.
          await lock.query(
            `UPDATE job_run_chunk
               SET state = CASE WHEN (SELECT cancelled_at FROM job_run WHERE id = $1) IS NULL
                                THEN 'pending' ELSE 'cancelled' END
               WHERE run_id = $1 AND chunk_index = $2`,
            [runId, index],
          );
          await finishRunIfDone(lock, runId);
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
