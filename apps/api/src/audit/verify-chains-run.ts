import type { ChainVerification } from '@portal/event-store';
import type { RunDefinition } from '../jobs/job-runs';
import { verifyAndRecord } from './chain-verifications';

/** How many events the store held when the run started: the progress bar's whole. */
interface VerifyChainsParams {
  events: number;
}

/**
 * GET /api/audit/verify with `Prefer: respond-async`: the same walk as a run of one chunk, its progress the
 * events checked so far, its result the verification (kept as the last one too). Safe to run again: it only
 * reads the events.
 */
export const verifyChainsRun: RunDefinition<VerifyChainsParams, VerifyChainsParams, ChainVerification> = {
  kind: 'verify-chains',
  queue: 'audit-verify-chains',
  chunks: (params) => [{ spec: params, total: params.events }],
  processChunk: ({ host, run, progress }) => verifyAndRecord(host, run.userId, progress),
  summarize: (chunks) => chunks[0]?.result ?? null,
};
