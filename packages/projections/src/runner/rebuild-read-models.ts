import { setTimeout as sleep } from 'node:timers/promises';
import { comparePositions, type GlobalPosition } from '@portal/event-store';
import { type Folds, foldBatch, projectBatch } from './project-batch';
import { checkpointPosition, type ProjectionRunnerOptions, RUNNER_LOCK_KEY } from './projection-runner';

/** How often a rebuild looks again for events an open transaction holds back. */
const heldBackPollMs = 50;

/** Awaits both, and fails with the first one's error once neither is still running. */
async function both<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

/**
 * Empties every read model and its checkpoint, then replays the whole event store into them, one
 * transaction per batch (an outbox keeps its rows and checkpoint, and gets only events it has not had). While a batch is written, the next is read and folded in memory by the
 * projections that fold ahead: Node.js and PostgreSQL each take about half of a rebuild's time, and so
 * work at once. Refuses while a running portal owns the projections (it would keep projecting from its
 * own position).
 */
export async function rebuildReadModels(
  options: Omit<ProjectionRunnerOptions, 'standbyPollMs'> & { onProgress?: (applied: number) => void },
): Promise<number> {
  const { pool, db, eventStore, projections } = options;
  const maxCount = options.batchSize ?? 5000;
  const lockClient = await pool.connect();
  try {
    const { rows } = await lockClient.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1) AS locked',
      [RUNNER_LOCK_KEY],
    );
    if (!rows[0]?.locked)
      throw new Error('A running portal owns the read models: stop it before rebuilding.');
    const kept = projections.filter((projection) => projection.keptByRebuild).map((p) => p.name);
    const keptCheckpoints = await db.transaction().execute(async (trx) => {
      for (const projection of projections) await projection.reset(trx);
      let removed = trx.deleteFrom('projectionCheckpoint');
      if (kept.length > 0) removed = removed.where('name', 'not in', kept);
      await removed.execute();
      const rows = await trx.selectFrom('projectionCheckpoint').selectAll().execute();
      return new Map(rows.map((row) => [row.name, checkpointPosition(row)]));
    });
    // Everything committed before the rebuild began is replayed, including events that readAll holds
    // back while an older transaction (of any database on the server) is still open.
    const target = await eventStore.committedHeadPosition();
    let applied = 0;
    let position: GlobalPosition | undefined;
    /** A batch read after `after`, folded from `previous` by the projections that fold ahead. */
    const readAndFold = async (after: GlobalPosition | undefined, previous: Folds) => {
      const events = await eventStore.readAll({ after, maxCount });
      return { events, folds: await foldBatch(db, projections, events, previous) };
    };
    let next = await readAndFold(undefined, new Map());
    for (;;) {
      const { events, folds } = next;
      const last = events.at(-1)?.position;
      if (!last) {
        if (!target || (position && comparePositions(position, target) >= 0)) break;
        await sleep(heldBackPollMs);
        next = await readAndFold(position, new Map());
        continue;
      }
      const written = db
        .transaction()
        .execute((trx) => projectBatch(trx, projections, events, keptCheckpoints, folds));
      [, next] = await both(written, readAndFold(last, folds));
      applied += events.length;
      position = last;
      options.onProgress?.(applied);
    }
    return applied;
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    lockClient.release();
  }
}
