import { comparePositions, type EventStore, type GlobalPosition } from '@portal/event-store';
import type { Kysely } from 'kysely';
import type { Database } from '../database';
import type { Projection } from './projection';

/**
 * How far each projection is behind the event store's head, in events: the head's global sequence
 * number minus the checkpoint's (0 when caught up; the whole store for a projection that never ran).
 * Sequence numbers of rolled-back appends leave holes, so this is an upper bound, which is the safe
 * side for an alert. Read from the checkpoint table, so any process (owner or standby) can tell.
 */
export async function projectionLags(
  db: Kysely<Database>,
  eventStore: EventStore,
  projections: readonly Projection[],
): Promise<Map<string, number>> {
  const [head, rows] = await Promise.all([
    eventStore.headPosition(),
    db.selectFrom('projectionCheckpoint').select(['name', 'commitPosition', 'preparePosition']).execute(),
  ]);
  const checkpoints = new Map(
    rows.map((row): [string, GlobalPosition] => [
      row.name,
      { commit: BigInt(row.commitPosition), prepare: BigInt(row.preparePosition) },
    ]),
  );
  const lags = new Map<string, number>();
  for (const { name } of projections) {
    const checkpoint = checkpoints.get(name);
    if (!head) lags.set(name, 0);
    else if (!checkpoint) lags.set(name, Number(head.prepare));
    else if (comparePositions(checkpoint, head) >= 0) lags.set(name, 0);
    // Behind in commit order but not in sequence numbers (an older transaction committed late): 1 at least.
    else lags.set(name, Math.max(1, Number(head.prepare - checkpoint.prepare)));
  }
  return lags;
}
