import type { JobFamily } from './job-queues';

/**
 * Every family of background work the workers run (one queue each). The bulk-work release adds
 * generate, bulk update/clear/receive, exports and e-mailed reports here.
 */
export const jobFamilies: JobFamily[] = [];
