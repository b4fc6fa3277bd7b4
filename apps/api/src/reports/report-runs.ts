import type { RunDefinition } from '../jobs/job-runs';
import { dailySummaryRun } from './daily-summary';
import { projectsReportRun } from './projects-report';
import { exportRun } from './ticket-export';
import { reportExportRun } from './ticket-report';

/** Exports and e-mailed reports: one chunk each, ending in one queued mail. */
export const reportRunDefinitions: RunDefinition[] = [
  exportRun,
  reportExportRun,
  dailySummaryRun,
  projectsReportRun,
];
