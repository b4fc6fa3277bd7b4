import { mailJobFamily, mailQueue } from '../mail/mail-jobs';
import { createMailer } from '../mail/mailer';
import type { CommandHost } from '../plugins/infrastructure';
import { externalReceiptJobFamily, externalReceiptQueue } from '../soilflo/external-receipts';
import type { JobFamily } from './job-queues';
import { runFamily } from './job-runs';
import { runDefinitions } from './run-definitions';

/** Every queue the families below use (the queue-depth metric reads each). */
export const jobQueueNames: readonly string[] = [
  mailQueue,
  externalReceiptQueue,
  ...runDefinitions.map((definition) => definition.queue),
];

/** Every family of background work the workers run: one queue per kind of run, plus mail and SoilFLO receipts. */
export const jobFamilies = (host: CommandHost): JobFamily[] => [
  mailJobFamily(createMailer(host.infra.config, host.infra.db)) as JobFamily,
  externalReceiptJobFamily(host) as JobFamily,
  ...runDefinitions.map((definition) => runFamily(host, definition) as JobFamily),
];
