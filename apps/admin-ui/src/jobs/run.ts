import type { ChunkView, RunView } from '@portal/contract';
/**
 * Bulk runs as the API reports them (RunView, the contract): a starting route answers 202
 * with the run, and GET /api/job/{id} is polled until the run has finished. Pure helpers only; the
 * polling lives in `useRun`.
 */

/** How often a run is polled while it goes (about every 500 ms). */
export const RUN_POLL_MS = 500;

/** Completed, failed or cancelled: nothing of it runs any more. */
export const isRunFinished = (run: Pick<RunView, 'state'>): boolean =>
  run.state === 'completed' || run.state === 'failed' || run.state === 'cancelled';

const isChunkFinished = (chunk: Pick<ChunkView, 'state'>): boolean =>
  chunk.state === 'completed' || chunk.state === 'failed';

/** The progress bar's value, 0 to 100: done of total (a finished run with nothing to do is full). */
export function runPercent(run: Pick<RunView, 'state' | 'done' | 'total'>): number {
  if (run.total <= 0) return isRunFinished(run) ? 100 : 0;
  return Math.round((Math.min(Math.max(run.done, 0), run.total) / run.total) * 100);
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;

/**
 * What a chunk has to warn about: its own error (a failed chunk, e.g. 'Unexpected error has occurred.')
 * or its result's `error` (e.g. generate's 'Tickets 5, 6 already exist and were not generated again.').
 */
export function chunkWarning(chunk: Pick<ChunkView, 'error' | 'result'>): string | null {
  if (chunk.error) return chunk.error;
  const error = asRecord(chunk.result)?.error;
  return typeof error === 'string' && error.trim() !== '' ? error : null;
}

/** The numbers a chunk covers when its spec is a {from, to} range (generate, bulk edit, bulk receive). */
export function chunkRange(chunk: Pick<ChunkView, 'spec'>): { from: number; to: number } | null {
  const spec = asRecord(chunk.spec);
  const from = spec?.from;
  const to = spec?.to;
  return typeof from === 'number' && typeof to === 'number' ? { from, to } : null;
}

/** The chunks that have finished in `next` but had not in `previous` (each reported once while polling). */
export function newlyFinishedChunks<Spec, Result>(
  next: RunView<unknown, Result, Spec>,
  reported: ReadonlySet<number>,
): ChunkView<Spec, Result>[] {
  return next.chunks.filter((chunk) => isChunkFinished(chunk) && !reported.has(chunk.index));
}

/** How the mail of an export or report run is doing (the run's `result.mail`, read on every poll). */
interface MailDelivery {
  mailId: string;
  state: 'queued' | 'sent' | 'failed' | 'unknown';
  attempts: number;
  failedReason: string | null;
}

export function mailDeliveryOf(run: Pick<RunView, 'result'> | null): MailDelivery | null {
  const mail = asRecord(asRecord(run?.result)?.mail);
  return mail && typeof mail.state === 'string' ? (mail as unknown as MailDelivery) : null;
}

/** A finished run whose mail is still waiting to go out (or between retries): worth polling on. */
export const isMailQueued = (run: Pick<RunView, 'result'>): boolean =>
  mailDeliveryOf(run)?.state === 'queued';
