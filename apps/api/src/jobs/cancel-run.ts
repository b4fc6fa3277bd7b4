import type { Infrastructure } from '../plugins/infrastructure';
import { eachConcurrently } from '../tickets/each-concurrently';
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
  if (queueName) {
    const queue = jobs.queue(queueName);
    await eachConcurrently(
      // From the last: workers take them from the first, so the two meet once at most.
      dropped.map(({ index }) => index).sort((a, b) => b - a),
      async (index) => {
        const jobId = jobIdOf(runId, index);
        // A job a worker holds is left to it: that worker drops it (Redis would refuse to remove it, and the
        // PostgreSQL backend would remove it under the worker, which then logs that its job is gone).
        if ((await queue.getJobState(jobId)) !== 'active') await queue.remove(jobId);
      },
      removalsAtOnce,
    ).catch((error: Error) =>
      // The cancel holds without it: each job left finds its chunk cancelled.
      console.warn(`run ${runId} cancelled; its queue jobs are left to be dropped (${error.message})`),
    );
  }
  return 'cancelled';
}
