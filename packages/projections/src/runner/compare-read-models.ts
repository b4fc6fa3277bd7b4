import { randomBytes } from 'node:crypto';
import { comparePositions, type EventStore, type GlobalPosition } from '@portal/event-store';
import pg from 'pg';
import { createReadModelDb } from '../database';
import { migrateReadModels } from '../migrations';
import { projectBatch } from './project-batch';
import type { Projection } from './projection';

/** A read-model table whose rows differ from the same table rebuilt from the events. */
export interface ReadModelMismatch {
  table: string;
  /** Rows in the live table that the rebuild did not make (edited or added behind the events' back). */
  onlyLive: number;
  /** Rows the rebuild made that the live table lacks (deleted or edited there). */
  onlyRebuilt: number;
  /** The `id` of the first live row that differs, when the table has one. */
  firstLiveId: string | null;
}

export interface ReadModelComparison {
  ok: boolean;
  tablesCompared: number;
  mismatches: ReadModelMismatch[];
}

/**
 * Tables whose rows are not derived from the events alone: projection bookkeeping, and the outbox, the
 * SoilFLO receipts and the webhooks' subscriptions and deliveries, whose state the API and the senders
 * write (a rebuild keeps them, it does not remake them).
 */
const notDerived = new Set([
  'projection_checkpoint',
  'read_model_migration',
  'read_model_migration_lock',
  'outbox_mail',
  'external_receipts',
  'webhook_subscriptions',
  'webhook_deliveries',
]);

/** Columns a rebuild numbers afresh (bigserial ids of log rows): compared without them. */
const renumbered: Record<string, readonly string[]> = { project_log: ['id'], ticket_log: ['id'] };

/** How often the live read models may move on between catching up and comparing before the check gives up. */
const maxAttempts = 5;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Rebuilds every read model from the event store into a scratch schema of the same database and compares
 * each derived table with the live one, row for row, at the same position of the event log (the live
 * models may go on projecting: the scratch copy catches up to them and the live rows are read in one
 * snapshot). The scratch schema is dropped afterwards, whatever happens.
 */
export async function compareReadModels(options: {
  pool: pg.Pool;
  eventStore: EventStore;
  projections: Projection[];
  batchSize?: number;
}): Promise<ReadModelComparison> {
  const { pool } = options;
  const scratch = `read_model_check_${randomBytes(6).toString('hex')}`;
  const liveSchema = (await pool.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]
    ?.schema;
  if (!liveSchema) throw new Error('The read models have no schema to compare with.');
  await pool.query(`CREATE SCHEMA ${quote(scratch)}`);
  // Unqualified names resolve to the scratch tables first; extensions (pg_trgm) stay found in the live schema.
  const scratchPool = new pg.Pool({
    ...pool.options,
    max: 2,
    options: `-c search_path=${scratch},${liveSchema}`,
  });
  try {
    const db = createReadModelDb(scratchPool);
    await migrateReadModels(db, scratch);
    // The scratch users table must not tell signed-in sessions that users changed.
    await scratchPool.query(
      'DROP TRIGGER session_user_changed ON users; DROP TRIGGER session_users_emptied ON users',
    );
    let rebuiltTo: GlobalPosition | undefined;
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      const live = await liveCheckpoint(pool);
      rebuiltTo = await replayUpTo({ ...options, db, after: rebuiltTo, upTo: live });
      const compared = await compareAt(pool, liveSchema, scratch, live);
      if (compared) return compared;
    }
    throw new Error(
      `The live read models moved on ${maxAttempts} times during the comparison: compare again later.`,
    );
  } finally {
    await scratchPool.end();
    await pool.query(`DROP SCHEMA ${quote(scratch)} CASCADE`);
  }
}

/** The position every live read model has reached (all move together, batch by batch), if any. */
async function liveCheckpoint(client: pg.Pool | pg.PoolClient): Promise<GlobalPosition | undefined> {
  const { rows } = await client.query<{ commit: string; prepare: string }>(
    `SELECT commit_position AS commit, prepare_position AS prepare FROM projection_checkpoint
     ORDER BY commit_position, prepare_position LIMIT 1`,
  );
  const row = rows[0];
  return row ? { commit: BigInt(row.commit), prepare: BigInt(row.prepare) } : undefined;
}

const samePosition = (a: GlobalPosition | undefined, b: GlobalPosition | undefined) =>
  a === undefined || b === undefined ? a === b : comparePositions(a, b) === 0;

/** Projects the events after `after` up to and including `upTo` into the scratch read models. */
async function replayUpTo(options: {
  db: ReturnType<typeof createReadModelDb>;
  eventStore: EventStore;
  projections: Projection[];
  batchSize?: number;
  after: GlobalPosition | undefined;
  upTo: GlobalPosition | undefined;
}): Promise<GlobalPosition | undefined> {
  const { db, eventStore, projections, upTo } = options;
  let position = options.after;
  while (upTo && !(position && comparePositions(position, upTo) >= 0)) {
    const read = await eventStore.readAll({ after: position, maxCount: options.batchSize ?? 5000 });
    const events = read.filter((event) => comparePositions(event.position, upTo) <= 0);
    if (events.length === 0) break;
    await db.transaction().execute((trx) => projectBatch(trx, projections, events, new Map()));
    position = events.at(-1)?.position;
  }
  return position;
}

/**
 * Compares every derived table in one snapshot of the live models, if they still stand at `position`;
 * undefined when they moved on meanwhile (the caller catches up and asks again).
 */
async function compareAt(
  pool: pg.Pool,
  liveSchema: string,
  scratch: string,
  position: GlobalPosition | undefined,
): Promise<ReadModelComparison | undefined> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const now = await liveCheckpoint(client);
    if (!samePosition(now, position)) return undefined;
    const { rows: columns } = await client.query<{ table: string; column: string }>(
      `SELECT table_name AS table, column_name AS column FROM information_schema.columns
       WHERE table_schema = $1 ORDER BY table_name, ordinal_position`,
      [scratch],
    );
    const tables = new Map<string, string[]>();
    for (const { table, column } of columns) {
      if (notDerived.has(table) || renumbered[table]?.includes(column)) continue;
      tables.set(table, [...(tables.get(table) ?? []), column]);
    }
    const mismatches: ReadModelMismatch[] = [];
    for (const [table, tableColumns] of tables) {
      const list = tableColumns.map(quote).join(', ');
      const live = `${quote(liveSchema)}.${quote(table)}`;
      const rebuilt = `${quote(scratch)}.${quote(table)}`;
      const hasId = tableColumns.includes('id');
      const { rows } = await client.query<{
        onlyLive: string;
        onlyRebuilt: string;
        firstLiveId: string | null;
      }>(
        `WITH only_live AS (SELECT ${list} FROM ${live} EXCEPT ALL SELECT ${list} FROM ${rebuilt}),
              only_rebuilt AS (SELECT ${list} FROM ${rebuilt} EXCEPT ALL SELECT ${list} FROM ${live})
         SELECT (SELECT count(*) FROM only_live) AS "onlyLive", (SELECT count(*) FROM only_rebuilt) AS "onlyRebuilt",
                ${hasId ? '(SELECT min(id)::text FROM only_live)' : 'NULL'} AS "firstLiveId"`,
      );
      const row = rows[0];
      if (row && (row.onlyLive !== '0' || row.onlyRebuilt !== '0'))
        mismatches.push({
          table,
          onlyLive: Number(row.onlyLive),
          onlyRebuilt: Number(row.onlyRebuilt),
          firstLiveId: row.firstLiveId,
        });
    }
    return { ok: mismatches.length === 0, tablesCompared: tables.size, mismatches };
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}
