import type { Queue } from 'bullmq';
import type { Infrastructure } from '../plugins/infrastructure';
import { jobIdOf, type RunDefinition } from './job-runs';
import { isRunId } from './read-run';
import { finishRunIfDone } from './run-worker';

export const runMessages = {
  notFound: 'Job not found.',
  alreadyFinished: 'The job has already finished; there is nothing left to cancel.',
  /** A starting call that waited for its run, cancelled meanwhile (its Location tells what was done). */
  cancelled: 'The job was cancelled by an administrator.',
} as const;

/** How many queue jobs of a cancelled run are removed at once. */
const removalsAtOnce = 16;

/**
 * Takes the jobs of a run's cancelled chunks off its queue, from the last: workers take them from the first, so
 * the two meet once at most. A job a worker holds is left to it: that worker drops it (Redis would refuse to
 * remove it, and the PostgreSQL backend would remove it under the worker, which then logs that its job is gone).
 */
async function takeOffQueue(queue: Queue, runId: string, indexes: number[]): Promise<void> {
  const fromTheLast = indexes.sort((a, b) => b - a);
  try {
    for (let start = 0; start < fromTheLast.length; start += removalsAtOnce)
      await Promise.all(
        fromTheLast.slice(start, start + removalsAtOnce).map(async (index) => {
          const jobId = jobIdOf(runId, index);
          if ((await queue.getJobState(jobId)) !== 'active') await queue.remove(jobId);
        }),
      );
  } catch (error) {
    // The cancel holds without it: each job left finds its chunk cancelled.
    console.warn(
      `run ${runId} cancelled; its queue jobs are left to be dropped (${(error as Error).message})`,
    );
  }
}

/**
 * POST /api/job/{id}/cancel: marks the run cancelled and its chunks not started 'cancelled' (the chunk rows
 * are the truth), then takes their jobs off the queue so that they hold no other run up. A job that cannot
 * be taken off (a worker is picking it up) finds its chunk cancelled and is dropped (run-worker.ts). Running
 * chunks finish, and the last to end ends the run.
 */
export async function cancelRun(
  infra: Pick<Infrastructure, 'pool' | 'jobs'>,
  definitions: readonly RunDefinition[],
  runId: string,
): Promise<'cancelled' | 'not-found' | 'finished'> {
  const { pool, jobs } = infra;
  if (!isRunId(runId)) return 'not-found';
  // Only a run with a chunk left to do: one whose last chunk has just ended is finished, not cancelled.
  const { rows: runs } = await pool.query<{ kind: string }>(
    `UPDATE job_run SET cancelled_at = coalesce(cancelled_at, now())
     WHERE id = $1 AND finished_at IS NULL
       AND EXISTS (SELECT 1 FROM job_run_chunk WHERE run_id = $1 AND state IN ('pending', 'running'))
     RETURNING kind`,
    [runId],
  );
  const run = runs[0];
  if (!run) {
    const { rowCount: exists } = await pool.query('SELECT 1 FROM job_run WHERE id = $1', [runId]);
    return exists ? 'finished' : 'not-found';
  }
  const { rows: dropped } = await pool.query<{ index: number }>(
    `UPDATE job_run_chunk SET state = 'cancelled', finished_at = now()
     WHERE run_id = $1 AND state = 'pending' RETURNING chunk_index AS index`,
    [runId],
  );
  await finishRunIfDone(pool, runId);
  const queueName = definitions.find((definition) => definition.kind === run.kind)?.queue;
  if (queueName)
    await takeOffQueue(
      jobs.queue(queueName),
      runId,
      dropped.map(({ index }) => index),
    );
  return 'cancelled';
}
