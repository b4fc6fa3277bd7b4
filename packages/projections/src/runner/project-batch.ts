import { comparePositions, type GlobalPosition, type RecordedEvent } from '@portal/event-store';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../database';
import type { Projection } from './projection';

/** A batch folded ahead, by the name of each projection that folds ahead (Projection.foldAhead). */
export type Folds = ReadonlyMap<string, unknown>;

/**
 * Applies a batch to every projection that has not seen it yet and moves all checkpoints forward to the
 * batch's last position, inside the caller's transaction. Returns that position. A projection whose
 * part of the batch was folded ahead (`folds`) only writes it.
 */
export async function projectBatch(
  trx: Transaction<Database>,
  projections: Projection[],
  events: RecordedEvent[],
  checkpoints: ReadonlyMap<string, GlobalPosition>,
  folds: Folds = new Map(),
): Promise<GlobalPosition | undefined> {
  const last = events.at(-1)?.position;
  if (!last) return undefined;
  // The read models are derived: a batch a crash takes back goes with its checkpoint and is projected
  // again, so its commit need not wait for the disk (the events were, when they were appended).
  await sql`SET LOCAL synchronous_commit = off`.execute(trx);
  for (const projection of projections) {
    const folded = folds.get(projection.name);
    if (projection.foldAhead && folded !== undefined) {
      await projection.foldAhead.write(trx, folded);
      continue;
    }
    const checkpoint = checkpoints.get(projection.name);
    const unseen = events.filter(
      (event) =>
        projection.handles.includes(event.type) &&
        !(checkpoint && comparePositions(event.position, checkpoint) <= 0),
    );
    if (unseen.length > 0) await projection.apply(trx, unseen);
  }
  await trx
    .insertInto('projectionCheckpoint')
    .values(
      projections.map((p) => ({ name: p.name, commitPosition: last.commit, preparePosition: last.prepare })),
    )
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({
          commitPosition: (eb) => eb.ref('excluded.commitPosition'),
          preparePosition: (eb) => eb.ref('excluded.preparePosition'),
          updatedAt: sql`now()`,
        })
        // A checkpoint a rebuild keeps (Projection.keptByRebuild) is ahead of the rebuild's early batches.
        .where(
          sql<boolean>`(projection_checkpoint.commit_position, projection_checkpoint.prepare_position) < (excluded.commit_position, excluded.prepare_position)`,
        ),
    )
    .execute();
  return last;
}

/** Folds a batch for every projection that folds ahead, each from its fold of the batch before. */
export async function foldBatch(
  db: Kysely<Database>,
  projections: Projection[],
  events: readonly RecordedEvent[],
  previous: Folds,
): Promise<Folds> {
  const folds = new Map<string, unknown>();
  for (const projection of projections) {
    if (!projection.foldAhead) continue;
    const handled = events.filter((event) => projection.handles.includes(event.type));
    if (handled.length === 0) continue;
    folds.set(projection.name, await projection.foldAhead.fold(db, handled, previous.get(projection.name)));
  }
  return folds;
}
