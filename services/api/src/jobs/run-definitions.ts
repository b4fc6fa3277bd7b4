import { verifyChainsRun } from '../audit/verify-chains-run';
import { reportRunDefinitions } from '../reports/report-runs';
import { bulkClearRun, bulkUpdateRun } from '../tickets/bulk-edit-tickets';
import { bulkReceiveRun } from '../tickets/bulk-receive-tickets';
import { generateRun } from '../tickets/generate-tickets';
import type { RunDefinition } from './job-runs';

/** Every kind of bulk run, each on a queue of its own (spec sections 5, 7 and 9; issue 31's verify). */
export const runDefinitions: RunDefinition[] = [
  generateRun,
  bulkUpdateRun,
  bulkClearRun,
  bulkReceiveRun,
  ...reportRunDefinitions,
  verifyChainsRun,
];
