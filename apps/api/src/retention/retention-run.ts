import type { RetentionRunResult } from '@portal/contract';
import type { RunDefinition } from '../jobs/job-runs';
import { applyRetention } from './apply-retention';

/** How many tickets were due when the run started: the progress bar's whole. */
interface RetentionParams {
  dueTickets: number;
}

/**
 * POST /api/retention/run: the hourly retention, now, as a run of one chunk; its progress is the tickets
 * handled. Safe to run again after a crash: a ticket already without personal data is skipped.
 */
export const retentionRun: RunDefinition<RetentionParams, RetentionParams, RetentionRunResult> = {
  kind: 'retention',
  queue: 'records-retention',
  chunks: (params) => [{ spec: params, total: params.dueTickets }],
  processChunk: ({ host, run, progress }) => applyRetention(host, { userId: run.userId, progress }),
  summarize: (chunks) => chunks[0]?.result ?? null,
};
