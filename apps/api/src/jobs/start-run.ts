import { randomUUID } from 'node:crypto';
import type { RunView } from '@portal/contract';
import type { CommandHost } from '../plugins/infrastructure';
import { type ChunkJobData, jobIdOf, type RunDefinition } from './job-runs';
import { readRun } from './read-run';

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
