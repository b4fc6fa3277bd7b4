import { verifyChainsRun } from './audit/verify-chains-run';
import type { JobFamily } from './jobs/job-queues';
import type { RunDefinition } from './jobs/job-runs';
import { runFamily } from './jobs/run-worker';
import { mailJobFamily, mailQueue } from './mail/mail-jobs';
import { createMailer } from './mail/mailer';
import type { CommandHost } from './plugins/infrastructure';
import { reportRunDefinitions } from './reports/report-runs';
import { retentionRun } from './retention/retention-run';
import { externalReceiptJobFamily, externalReceiptQueue } from './soilflo/external-receipts';
import { bulkClearRun, bulkUpdateRun } from './tickets/bulk-edit-tickets';
import { bulkReceiveRun } from './tickets/bulk-receive-tickets';
import { generateRun } from './tickets/generate-tickets';
import { webhookJobFamily, webhookQueue } from './webhooks/webhook-deliveries';

// Where the portal is composed, the features meet the job engine: the engine (jobs/) knows no feature,
// and each feature hands its work to the engine here.

/** Every kind of bulk run, each on a queue of its own: generate, bulk update/clear/receive, the reports, verify. */
export const runDefinitions: readonly RunDefinition[] = [
  generateRun,
  bulkUpdateRun,
  bulkClearRun,
  bulkReceiveRun,
  ...reportRunDefinitions,
  verifyChainsRun,
  retentionRun,
];

/** Every queue the families below use (the queue-depth metric reads each). */
export const jobQueueNames: readonly string[] = [
  mailQueue,
  externalReceiptQueue,
  webhookQueue,
  ...runDefinitions.map((definition) => definition.queue),
];

/** Every family of background work the workers run: one queue per kind of run, plus mail, SoilFLO receipts and webhooks. */
export const jobFamilies = (host: CommandHost): JobFamily[] => [
  mailJobFamily(createMailer(host.infra.config, host.infra.db)) as JobFamily,
  externalReceiptJobFamily(host) as JobFamily,
  webhookJobFamily(host) as JobFamily,
  ...runDefinitions.map((definition) => runFamily(host, definition) as JobFamily),
];
