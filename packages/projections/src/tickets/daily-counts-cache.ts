import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';
import { dailyCounts } from './tickets-queries';

type DailyCounts = Awaited<ReturnType<typeof dailyCounts>>;

/** At most this old, whatever else: a safety net for rows changed without an event (a hand-run fix). */
const maxAgeMs = 5_000;

/**
 * The 'Daily Trucks' metrics, worked out again only once the tickets read model has moved on (its
 * checkpoint, written in the transaction of every change) or the site's day has turned. A dashboard many
 * people keep open then costs a primary-key read per request instead of a pass over the day's tickets;
 * requests that arrive together share one pass. Read-your-writes holds: a command answers once the
 * checkpoint is past its events, and the next request sees a new checkpoint. One per process.
 */
export function cachedDailyCounts(db: Kysely<Database>, timeZone: string) {
  let cached: { key: string; at: number; counts: Promise<DailyCounts> } | undefined;
  return async (): Promise<DailyCounts> => {
    const { rows } = await sql<{ key: string }>`
      SELECT concat_ws(':', to_char(now() AT TIME ZONE ${timeZone}, 'YYYY-MM-DD'),
        (SELECT commit_position || '/' || prepare_position FROM projection_checkpoint WHERE name = 'tickets')) AS key`.execute(
      db.withoutPlugins(),
    );
    const key = rows[0]?.key ?? '';
    const now = performance.now();
    if (cached?.key !== key || now - cached.at > maxAgeMs) {
      const entry = { key, at: now, counts: dailyCounts(db, timeZone) };
      cached = entry;
      // A failed pass is not kept: the next request tries again.
      entry.counts.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.counts;
  };
}
