import type { ChunkView, RunView } from '@portal/contract';
import type { CommandHost } from '../plugins/infrastructure';
import type { RunDefinition } from './job-runs';

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
