import { type ChunkView, type RunView, statusChunkLimits } from '@portal/contract';
import type pg from 'pg';
import type { CommandHost } from '../plugins/infrastructure';
import type { RunDefinition } from './job-runs';

/** A whole uuid: 36 dashes would pass a looser pattern and make PostgreSQL refuse the lookup (a 500). */
export const isRunId = (runId: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(runId);

/** The run's row, its totals and its chunks counted by state, all summed in SQL. */
interface RunRow {
  id: string;
  kind: string;
  createdAt: Date;
  finishedAt: Date | null;
  cancelledAt: Date | null;
  total: number;
  done: number;
  chunkCounts: RunView['chunkCounts'];
}

const runRowQuery = `
  SELECT r.id, r.kind, r.created_at AS "createdAt", r.finished_at AS "finishedAt", r.cancelled_at AS "cancelledAt",
         coalesce(sum(c.total), 0)::int AS total,
         coalesce(sum(least(c.done, c.total)), 0)::int AS done,
         json_build_object(
           'pending', count(*) FILTER (WHERE c.state = 'pending'),
           'running', count(*) FILTER (WHERE c.state = 'running'),
           'completed', count(*) FILTER (WHERE c.state = 'completed'),
           'failed', count(*) FILTER (WHERE c.state = 'failed'),
           'cancelled', count(*) FILTER (WHERE c.state = 'cancelled')
         ) AS "chunkCounts"
  FROM job_run r LEFT JOIN job_run_chunk c ON c.run_id = r.id
  WHERE r.id = $1
  GROUP BY r.id`;

const chunkColumns = 'chunk_index AS index, spec, state, total, done, result, error';

/** A run's chunks in index order: a page of them (`limit`, `offset`), or all. */
export async function chunksOf(
  pool: pg.Pool,
  runId: string,
  page: { limit: number; offset: number } | null = null,
): Promise<ChunkView[]> {
  const { rows } = await pool.query<ChunkView>(
    `SELECT ${chunkColumns} FROM job_run_chunk WHERE run_id = $1 ORDER BY chunk_index
     LIMIT $2 OFFSET $3`,
    [runId, page?.limit ?? null, page?.offset ?? 0],
  );
  return rows;
}

/** How many chunks a run has; null when there is no such run. */
export async function chunkCountOf(pool: pg.Pool, runId: string): Promise<number | null> {
  if (!isRunId(runId)) return null;
  const { rows } = await pool.query<{ chunks: number }>(
    'SELECT (SELECT count(*) FROM job_run_chunk WHERE run_id = $1)::int AS chunks FROM job_run WHERE id = $1',
    [runId],
  );
  return rows[0]?.chunks ?? null;
}

/** The chunks the status document lists: its running and failed ones first, then the others from the first. */
async function listedChunks(pool: pg.Pool, runId: string): Promise<ChunkView[]> {
  const { rows } = await pool.query<ChunkView>(
    `SELECT ${chunkColumns} FROM job_run_chunk
     WHERE run_id = $1 AND chunk_index IN (
       SELECT chunk_index FROM job_run_chunk WHERE run_id = $1
       ORDER BY state IN ('running', 'failed') DESC, chunk_index LIMIT $2)
     ORDER BY chunk_index`,
    [runId, statusChunkLimits.listed],
  );
  return rows;
}

const chunksCounted = (counts: RunView['chunkCounts']) =>
  counts.pending + counts.running + counts.completed + counts.failed + counts.cancelled;

function stateOf(run: RunRow): RunView['state'] {
  if (run.finishedAt) {
    if (run.cancelledAt) return 'cancelled';
    return run.chunkCounts.failed > 0 ? 'failed' : 'completed';
  }
  return run.chunkCounts.pending === chunksCounted(run.chunkCounts) ? 'queued' : 'running';
}

/**
 * The run: as the UI polls it (GET /api/job/{id}, bounded however many chunks the run has), or `whole`, every
 * chunk and the kind's answer from them all, for the answer of a finished run (read once per request; the
 * kinds bound their chunks: 2,000 ranges of a bulk receive at most). Null when there is no such run.
 */
export async function readRun(
  host: CommandHost,
  definitions: readonly RunDefinition[],
  runId: string,
  { whole = false } = {},
): Promise<RunView | null> {
  const { pool } = host.infra;
  if (!isRunId(runId)) return null;
  const { rows } = await pool.query<RunRow>(runRowQuery, [runId]);
  const run = rows[0];
  if (!run) return null;
  const chunkCount = chunksCounted(run.chunkCounts);
  const withResult = whole || chunkCount <= statusChunkLimits.withResult;
  const allChunks = withResult ? await chunksOf(pool, runId) : null;
  const definition = definitions.find((candidate) => candidate.kind === run.kind);
  return {
    id: run.id,
    kind: run.kind,
    state: stateOf(run),
    total: run.total,
    done: run.done,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    cancelledAt: run.cancelledAt?.toISOString() ?? null,
    chunkCounts: run.chunkCounts,
    chunks:
      whole || chunkCount <= statusChunkLimits.listed ? (allChunks ?? []) : await listedChunks(pool, runId),
    result: allChunks && definition?.summarize ? await definition.summarize(allChunks, host) : null,
  };
}
