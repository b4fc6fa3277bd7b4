import type { Database } from '@portal/projections';
import type { Kysely } from 'kysely';
import type { PortalConfig } from '../config';
import { mailJobFamily } from '../mail/mail-jobs';
import { createMailer } from '../mail/mailer';
import type { JobFamily } from './job-queues';

/**
 * Every family of background work the workers run (one queue each). The bulk-work release adds
 * generate, bulk update/clear/receive, exports and e-mailed reports here.
 */
export const jobFamilies = (deps: { config: PortalConfig; db: Kysely<Database> }): JobFamily[] => [
  mailJobFamily(createMailer(deps.config, deps.db)) as JobFamily,
];
