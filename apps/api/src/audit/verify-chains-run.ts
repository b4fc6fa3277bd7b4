import type { ChainVerificationAnswer } from '@portal/contract';
import type { RunDefinition } from '../jobs/job-runs';
import { verifyAndRecord } from './chain-verifications';

/** How many events the store held when the run started (the progress bar's whole), and whether to compare the read models. */
interface VerifyChainsParams {
  events: number;
  readModels?: boolean;
}

/**
 * GET /api/audit/verify with `Prefer: respond-async`: the same walk as a run of one chunk, its progress the
 * events checked so far, its result the verification (kept as the last one too). Safe to run again: it only
 * reads the events.
 */
export const verifyChainsRun: RunDefinition<VerifyChainsParams, VerifyChainsParams, ChainVerificationAnswer> =
  {
    kind: 'verify-chains',
    queue: 'audit-verify-chains',
    chunks: (params) => [{ spec: params, total: params.events }],
    processChunk: ({ host, run, chunk, progress }) =>
      verifyAndRecord(host, run.userId, { onProgress: progress, readModels: chunk.spec.readModels ?? false }),
    summarize: (chunks) => chunks[0]?.result ?? null,
  };
