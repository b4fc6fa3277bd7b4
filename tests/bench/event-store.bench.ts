import { performance } from 'node:perf_hooks';
import { type GlobalPosition, migrateEventStore, PostgresEventStore } from '@portal/event-store';
import { type BenchRow, percentile, perSecond, row } from './report';
import { userLikeEvent, withFreshDatabase } from './support';

const name = 'event-store';
const singleAppends = 2_000;
const concurrentWriters = 8;
const batchSize = 100;
const batchedEvents = 50_000;
const pageSize = 1_000;
// A multiple of the writer count, so each stream belongs to exactly one writer (no version races).
const streams = 512;

/**
 * Appends one event per call, `writers` at a time, round-robin over `streams` streams with the exact
 * expected version each time (as the command handler does). Returns the wall time and per-append latencies.
 */
async function appendSingles(
  store: PostgresEventStore,
  prefix: string,
  total: number,
  writers: number,
): Promise<{ elapsedMs: number; latencies: number[] }> {
  const versions = new Map<string, number>();
  const latencies: number[] = [];
  const writer = async (w: number) => {
    for (let i = w; i < total; i += writers) {
      const streamId = `${prefix}-${i % streams}`;
      const expectedVersion = versions.get(streamId) ?? 0;
      const started = performance.now();
      const result = await store.append(streamId, [userLikeEvent(i)], { expectedVersion });
      latencies.push(performance.now() - started);
      versions.set(streamId, result.nextExpectedVersion);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
  return { elapsedMs: performance.now() - started, latencies };
}

async function readEverything(store: PostgresEventStore): Promise<{ read: number; elapsedMs: number }> {
  let read = 0;
  let after: GlobalPosition | undefined;
  const started = performance.now();
  for (;;) {
    const page = await store.readAll({ after, maxCount: pageSize });
    const last = page.at(-1);
    if (!last) break;
    read += page.length;
    after = last.position;
  }
  return { read, elapsedMs: performance.now() - started };
}

export async function eventStoreBench(): Promise<BenchRow[]> {
  return withFreshDatabase(async (pool) => {
    await migrateEventStore(pool);
    const store = new PostgresEventStore({ pool });
    try {
      const rows: BenchRow[] = [];
      // Warm-up (connections, plans, buffers); not measured.
      await appendSingles(store, 'warmup', 200, concurrentWriters);

      const sequential = await appendSingles(store, 'seq', singleAppends, 1);
      rows.push(
        row(
          name,
          `append 1 event/call, 1 writer (${singleAppends} appends)`,
          perSecond(singleAppends, sequential.elapsedMs),
          'events/s',
        ),
        row(name, 'append 1 event/call, 1 writer: latency p50', percentile(sequential.latencies, 50), 'ms'),
        row(name, 'append 1 event/call, 1 writer: latency p99', percentile(sequential.latencies, 99), 'ms'),
      );

      const concurrent = await appendSingles(store, 'conc', singleAppends, concurrentWriters);
      const label = `append 1 event/call, ${concurrentWriters} writers`;
      rows.push(
        row(
          name,
          `${label} (${singleAppends} appends)`,
          perSecond(singleAppends, concurrent.elapsedMs),
          'events/s',
        ),
        row(name, `${label}: latency p50`, percentile(concurrent.latencies, 50), 'ms'),
        row(name, `${label}: latency p99`, percentile(concurrent.latencies, 99), 'ms'),
      );

      const batchStarted = performance.now();
      for (let b = 0; b < batchedEvents / batchSize; b++) {
        const events = Array.from({ length: batchSize }, (_, i) => userLikeEvent(b * batchSize + i));
        await store.append(`batch-${b}`, events, { expectedVersion: 'no_stream' });
      }
      const batchMs = performance.now() - batchStarted;
      rows.push(
        row(
          name,
          `append ${batchSize} events/call, 1 writer (${batchedEvents} events)`,
          perSecond(batchedEvents, batchMs),
          'events/s',
        ),
      );

      // The first pass also sets the fresh rows' hint bits (dirtying their pages); the second reads them clean.
      for (const pass of ['first', 'second']) {
        const { read, elapsedMs } = await readEverything(store);
        rows.push(
          row(
            name,
            `readAll, pages of ${pageSize} (${read} events), ${pass} pass`,
            perSecond(read, elapsedMs),
            'events/s',
          ),
        );
      }
      return rows;
    } finally {
      await store.close();
    }
  });
}
