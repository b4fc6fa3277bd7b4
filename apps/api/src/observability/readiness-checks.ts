import { NotReady, type ReadinessCheck } from '@portal/observability';
import { allProjections, projectionLags } from '@portal/projections';
import { sql } from 'kysely';
import type { Infrastructure } from '../plugins/infrastructure';

/** The checks a process may run; each process picks those it depends on (see `readinessChecksFor`). */
export type CheckName = 'database' | 'eventStore' | 'queues' | 'projections';

const checks = (infra: Infrastructure): Record<CheckName, ReadinessCheck['check']> => ({
  async database() {
    await sql`SELECT 1`.execute(infra.db);
  },
  async eventStore() {
    await infra.eventStore.headPosition();
  },
  async queues() {
    await infra.jobs.ping();
  },
  async projections() {
    const bound = infra.config.readyMaxProjectionLag;
    const lags = await projectionLags(infra.db, infra.eventStore, allProjections);
    const behind = [...lags].filter(([, lag]) => lag > bound).map(([name, lag]) => `${name} (${lag})`);
    if (behind.length > 0) throw new NotReady(`more than ${bound} events behind: ${behind.join(', ')}`);
  },
});

/**
 * The API answers requests from the read models and appends events: it needs all four. A worker
 * needs its database and its queue backend; a projector its database, the event store and its
 * projections' progress.
 */
export function readinessChecksFor(infra: Infrastructure, names: readonly CheckName[]): ReadinessCheck[] {
  const all = checks(infra);
  return names.map((name) => ({ name, check: all[name] }));
}

export const apiChecks: readonly CheckName[] = ['database', 'eventStore', 'queues', 'projections'];
export const workerChecks: readonly CheckName[] = ['database', 'queues'];
export const projectorChecks: readonly CheckName[] = ['database', 'eventStore', 'projections'];
