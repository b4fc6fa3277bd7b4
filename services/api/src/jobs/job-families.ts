import { mailJobFamily } from '../mail/mail-jobs';
import { createMailer } from '../mail/mailer';
import type { CommandHost } from '../plugins/infrastructure';
import type { JobFamily } from './job-queues';
import { runFamily } from './job-runs';
import { runDefinitions } from './run-definitions';

/** Every family of background work the workers run: one queue per kind of run, plus mail. */
export const jobFamilies = (host: CommandHost): JobFamily[] => [
  mailJobFamily(createMailer(host.infra.config, host.infra.db)) as JobFamily,
  ...runDefinitions.map((definition) => runFamily(host, definition) as JobFamily),
];
