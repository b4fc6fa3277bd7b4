import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { versionedEvents } from '@portal/api';
import { migrateEventStore, type NewEvent, PostgresEventStore, verifyEventChains } from '@portal/event-store';
import { createTestDatabase, type TestDatabase } from '@portal/event-store/test/test-servers';
import { allProjections, createReadModelDb, migrateReadModels, rebuildReadModels } from '@portal/projections';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusDirectory, loadCorpusStreams, readCorpusJson } from './corpus';

// The corpus' streams, appended as they were stored (each with the metadata that says its version), read
// back through the portal's versioned store: the events read are the current versions, the read models
// they project equal the committed expectation, and the store never rewrote what it holds.
const updating = process.env.UPDATE_EVENT_CORPUS === '1';
const readModelsFile = 'expected-read-models.json';
/** Bookkeeping, not what the events say: positions, checkpoints, migrations, projection times. */
const notProjected = new Set([
  'events',
  'projection_checkpoint',
  'read_model_migration',
  'read_model_migration_lock',
  'event_store_migration',
  'event_store_migration_lock',
  'event_chain_starts',
  'event_seal_heads',
]);
/** Given at append (the event's id) or by the clock, not by the events' contents. */
const volatileColumns = new Set([
  'event_id',
  'updated_at',
  'recorded_at',
  'projected_at',
  'global_position',
  'transaction_id',
]);

let database: TestDatabase;
let pool: pg.Pool;
// As a site holds them: its users before anything they did (a ticket's log names its user when projected).
const streams = loadCorpusStreams().sort(
  (a, b) => Number(!a.streamId.startsWith('user-')) - Number(!b.streamId.startsWith('user-')),
);
/**
 * Small enough that the corpus is projected in several batches, as a site's rebuild is, and as it is
 * when other transactions on the server hold back the newest events: the read models must not depend
 * on where a batch ends.
 */
const rebuildBatchSize = 64;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  await migrateEventStore(pool);
  await migrateReadModels(createReadModelDb(pool));
  const stored = new PostgresEventStore({ pool });
  // As stored: the corpus' metadata is what the portal wrote (userId, occurredAt and the version).
  for (const stream of streams) await stored.append(stream.streamId, stream.events as NewEvent[]);
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

async function readModelRows(): Promise<Record<string, unknown[]>> {
  const { rows: tables } = await pool.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const dump: Record<string, unknown[]> = {};
  for (const { table_name: table } of tables) {
    if (notProjected.has(table)) continue;
    const { rows } = await pool.query(`SELECT * FROM ${table} ORDER BY 1`);
    if (rows.length === 0) continue;
    dump[table] = JSON.parse(
      JSON.stringify(rows, (key, value) => (volatileColumns.has(key) ? undefined : value)),
    ) as unknown[];
  }
  return dump;
}

/** Every read model rebuilt from the stored events, read at their current versions, `batchSize` at a time. */
const rebuildAllReadModels = (batchSize: number) =>
  rebuildReadModels({
    pool,
    db: createReadModelDb(pool),
    eventStore: versionedEvents(new PostgresEventStore({ pool })),
    projections: allProjections,
    batchSize,
  });

describe('the event corpus in PostgreSQL', () => {
  // First, while the store holds the corpus alone (the events table is append-only).
  it('projects into the read models recorded for it', async () => {
    await rebuildAllReadModels(rebuildBatchSize);
    const rows = await readModelRows();
    const file = path.join(corpusDirectory, readModelsFile);
    if (updating) writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
    expect(rows).toEqual(readCorpusJson(readModelsFile));
  });

  it('chains every event it appends, whatever its version: each stream verifies from its first event', async () => {
    const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM events');
    expect(await verifyEventChains(pool)).toEqual({
      ok: true,
      checkedEvents: Number(rows[0]?.n),
      firstBreak: null,
    });
  });

  it('projects the same read models in one batch as in many', async () => {
    await rebuildAllReadModels(5000);
    // A change log's id is its row's place in the table's sequence, which a rebuild does not restart.
    const withoutLogIds = (dump: Record<string, unknown[]>) =>
      Object.fromEntries(
        Object.entries(dump).map(([table, rows]) => [
          table,
          table.endsWith('_log') ? rows.map((row) => ({ ...(row as object), id: undefined })) : rows,
        ]),
      );
    expect(withoutLogIds(await readModelRows())).toEqual(withoutLogIds(readCorpusJson(readModelsFile)));
  });

  it('reads every event at its current version, without rewriting the stored one', async () => {
    const store = versionedEvents(new PostgresEventStore({ pool }));
    const weighing = streams.find((s) =>
      s.events.some((e) => e.type === 'TicketWeighed' && !('source' in (e.data as object))),
    );
    expect(weighing, 'the corpus holds a TicketWeighed from before weighings had a source').toBeDefined();
    const read = await store.readStream(weighing?.streamId ?? '');
    expect(read.find((e) => e.type === 'TicketWeighed')?.data).toMatchObject({ source: null });
    const { rows } = await pool.query(
      "SELECT data FROM events WHERE stream_id = $1 AND event_type = 'TicketWeighed'",
      [weighing?.streamId],
    );
    expect(rows[0]?.data).not.toHaveProperty('source');
  });

  it('records the current version of each event it appends, or the older one it is told', async () => {
    const store = versionedEvents(new PostgresEventStore({ pool }));
    const metadata = { userId: null, occurredAt: '2026-11-27T12:00:00.000Z' };
    await store.append('scale-999999', [
      {
        type: 'ScaleCreated',
        data: {
          id: 999_999,
          scaleName: 'Versioned',
          minimumWeightDivisions: 20,
          returnToZeroRequired: true,
          capacityKg: 60_000,
        },
        metadata,
      },
    ]);
    // History told as a site holds it: a scale saved before the rules, as version 1.
    await store.append('scale-999998', [
      {
        type: 'ScaleCreated',
        data: { id: 999_998, scaleName: 'From before the rules' },
        metadata: { ...metadata, schemaVersion: 1 },
      },
    ]);
    const { rows } = await pool.query(
      "SELECT metadata FROM events WHERE stream_id LIKE 'scale-99999_' ORDER BY stream_id DESC",
    );
    expect(rows.map((row) => row.metadata.schemaVersion)).toEqual([2, 1]);
    expect((await store.readStream('scale-999998'))[0]?.data).toEqual({
      id: 999_998,
      scaleName: 'From before the rules',
      minimumWeightDivisions: 20,
      returnToZeroRequired: true,
      capacityKg: null,
    });
  });
});
