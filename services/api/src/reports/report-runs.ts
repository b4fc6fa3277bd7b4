import type { RunDefinition } from '../jobs/job-runs';

/** Export and e-mailed reports (spec sections 7 and 8). */
export const reportRunDefinitions: RunDefinition[] = [];
