import type { EventStore, GlobalPosition } from '@portal/event-store';
import type { Database, ProjectionRunner } from '@portal/projections';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { AttemptCounters } from '../auth/attempt-counters';
import type { LoginLimiter } from '../auth/login-limiter';
import type { PasswordHashing } from '../auth/passwords';
import type { PortalConfig } from '../config';
import type { JobQueues } from '../jobs/job-queues';
import type { PortalMetrics } from '../observability/portal-metrics';
import type { WorkbookThreads } from '../reports/workbook-threads';
import type { LiveScales } from '../scales/live-scales';
import type { SoilFloClient } from '../soilflo/soilflo-client';
import type { CommandContext } from '../write-side/command-handler';

/** The infrastructure every slice uses; owned (and closed) by whoever built it, not by the app. */
export interface Infrastructure {
  config: PortalConfig;
  pool: pg.Pool;
  db: Kysely<Database>;
  eventStore: EventStore;
  projections: ProjectionRunner;
  jobs: JobQueues;
  loginLimiter: LoginLimiter;
  passwords: PasswordHashing;
  liveScales: LiveScales;
  /** Counts what anonymous holders of a ticket's link do (the driver's dispatch), per address and ticket. */
  linkAttempts: AttemptCounters;
  /** The external load-tracking system (SoilFLO). */
  soilFlo: SoilFloClient;
  /** This process's Prometheus metrics. */
  metrics: PortalMetrics;
  /** The threads that build workbooks off the event loop (EXPORT_THREADS). */
  workbooks: WorkbookThreads;
}

declare module 'fastify' {
  interface FastifyInstance {
    infra: Infrastructure;
    commands: CommandContext;
  }
}

/** How long a command's response may wait for the read models before answering anyway. */
const READ_YOUR_WRITES_TIMEOUT_MS = 5000;

/** What commands run on: the HTTP app is one, a worker process (no HTTP) another. */
export interface CommandHost {
  infra: Infrastructure;
  commands: CommandContext;
}

export const commandHostFor = (infra: Infrastructure): CommandHost => ({
  infra,
  commands: {
    eventStore: infra.eventStore,
    waitForProjections: (position: GlobalPosition) =>
      infra.projections.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS),
  },
});

/**
 * Waits until the read models hold every event committed so far, so work that reads them (a bulk
 * check, a report) sees the ticket changed a moment ago. `required`: the work must not go ahead on
 * stale data, so a wait that times out throws (a queued chunk is then retried); otherwise it only waits.
 */
export async function readModelsCurrent(host: CommandHost, options: { required: boolean }): Promise<void> {
  const head = await host.infra.eventStore.headPosition();
  if (!head) return;
  const caughtUp = await host.infra.projections.waitFor(head, 10_000);
  if (!caughtUp && options.required) throw new Error('The read models did not catch up within 10 s.');
}

export default fp<Infrastructure>(
  async (app, infra) => {
    const host = commandHostFor(infra);
    app.decorate('infra', host.infra);
    app.decorate('commands', host.commands);
  },
  { name: 'infrastructure' },
);
