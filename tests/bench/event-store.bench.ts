import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import {
  eventContentHash,
  type GlobalPosition,
  migrateEventStore,
  PostgresEventStore,
  verifyEventChains,
} from '@portal/event-store';
import { createTestDatabase, type TestDatabase } from '@portal/event-store/test/test-servers';
import pg from 'pg';
import { type BenchRow, percentile, perSecond, row } from './report';
import { userLikeEvent, withFreshDatabase } from './support';

const name = 'event-store';
const singleAppends = 2_000;
const concurrentWriters = 8;
/** The batched appends: `events` in all, `perCall` to an append. */
const batched = { events: 50_000, perCall: 100 };
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

/** One event store under comparison, opened afresh for each round on a pool of `connections`. */
interface Contender {
  label: string;
  url: string;
  open(pool: pg.Pool): Promise<{
    /** Appends one event at exactly `expectedVersion`; returns the stream's next version. */
    append(streamId: string, expectedVersion: number, n: number): Promise<number>;
    close(): Promise<void>;
  }>;
}

const comparedWriters = [1, 8, 32];
const comparisonRounds = 5;
const roundMs = 1_500;
const warmUpAppendsPerWriter = 20;

const ours = (url: string): Contender => ({
  label: 'ours',
  url,
  async open(pool) {
    const store = new PostgresEventStore({ pool });
    return {
      append: async (streamId, expectedVersion, n) =>
        (await store.append(streamId, [userLikeEvent(n)], { expectedVersion })).nextExpectedVersion,
      close: () => store.close(),
    };
  },
});

/** The same event as ours appends; Emmett types data as a record. */
const emmettEvent = (n: number) => {
  const { type, data, metadata } = userLikeEvent(n);
  return { type, data: data as Record<string, unknown>, metadata };
};

const emmett = (url: string): Contender => ({
  label: 'Emmett',
  url,
  async open(pool) {
    const store = getPostgreSQLEventStore(url, { connectionOptions: { pool } });
    return {
      append: async (streamId, expectedVersion, n) =>
        Number(
          (
            await store.appendToStream(streamId, [emmettEvent(n)], {
              expectedStreamVersion: BigInt(expectedVersion),
            })
          ).nextExpectedStreamVersion,
        ),
      close: () => store.close(),
    };
  },
});

/**
 * One round: `writers` writers, each on its own streams (so no version conflicts), append for `roundMs`
 * after a warm-up that opens the connections. `versions` carries the streams' versions across rounds.
 */
async function compareRound(
  contender: Contender,
  writers: number,
  versions: Map<string, number>,
): Promise<{ appends: number; elapsedMs: number; latencies: number[] }> {
  const pool = new pg.Pool({ connectionString: contender.url, max: writers });
  pool.on('error', (error) => console.warn(`bench pool: ${error.message}`));
  const store = await contender.open(pool);
  const latencies: number[] = [];
  let n = 0;
  const writer = async (w: number, until: () => boolean, measured: boolean) => {
    for (let s = w; until(); s = (s + writers) % streams) {
      const streamId = `bench-${writers}w-${s}`;
      const started = performance.now();
      versions.set(streamId, await store.append(streamId, versions.get(streamId) ?? 0, n++));
      if (measured) latencies.push(performance.now() - started);
    }
  };
  try {
    const writersOf = (until: () => boolean, measured: boolean) =>
      Promise.all(Array.from({ length: writers }, (_, w) => writer(w, until, measured)));
    let warmUps = 0;
    await writersOf(() => warmUps++ < warmUpAppendsPerWriter * writers, false);
    const started = performance.now();
    const deadline = started + roundMs;
    await writersOf(() => performance.now() < deadline, true);
    return { appends: latencies.length, elapsedMs: performance.now() - started, latencies };
  } finally {
    await store.close();
    if (!pool.ended) await pool.end();
  }
}

/** Two contenders' totals at one writer count, over interleaved rounds. */
interface PairedRounds {
  totals: { appends: number; elapsedMs: number; latencies: number[] }[];
  rates: [number, number];
  /** The first contender's rate over the second's, round by round. */
  roundRatios: number[];
}

/**
 * `comparisonRounds` rounds of each contender at `writers` writers, alternating which goes first, so load
 * from elsewhere falls on both alike.
 */
async function pairedRounds(contenders: [Contender, Contender], writers: number): Promise<PairedRounds> {
  const totals = contenders.map(() => ({ appends: 0, elapsedMs: 0, latencies: [] as number[] }));
  const roundRatios: number[] = [];
  const versions = contenders.map(() => new Map<string, number>());
  for (let round = 0; round < comparisonRounds; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    const roundRates = [0, 0];
    for (const c of order) {
      const result = await compareRound(
        contenders[c] as Contender,
        writers,
        versions[c] as Map<string, number>,
      );
      const total = totals[c] as (typeof totals)[number];
      total.appends += result.appends;
      total.elapsedMs += result.elapsedMs;
      total.latencies.push(...result.latencies);
      roundRates[c] = perSecond(result.appends, result.elapsedMs);
    }
    roundRatios.push((roundRates[0] ?? 0) / (roundRates[1] ?? 1));
  }
  const rates = totals.map((total) => perSecond(total.appends, total.elapsedMs)) as [number, number];
  return { totals, rates, roundRatios };
}

/** A fresh database per contender, migrated as `migrate` says; all dropped afterwards. */
async function withContenderDatabases<T>(
  migrations: ((pool: pg.Pool) => Promise<void>)[],
  body: (urls: string[]) => Promise<T>,
): Promise<T> {
  const databases: TestDatabase[] = [];
  try {
    for (const migrate of migrations) {
      const database = await createTestDatabase();
      databases.push(database);
      const migrationPool = new pg.Pool({ connectionString: database.url, max: 1 });
      await migrate(migrationPool).finally(() => migrationPool.end());
    }
    return await body(databases.map((database) => database.url));
  } finally {
    for (const database of databases) await database.drop();
  }
}

const writersLabel = (writers: number) => `${writers} writer${writers === 1 ? '' : 's'}`;

/**
 * Ours against Emmett's PostgreSQL event store on the same server (a database each), single-event appends
 * with an exact expected version, in interleaved rounds so load from elsewhere falls on both alike.
 */
function compareWithEmmett(): Promise<BenchRow[]> {
  return withContenderDatabases([migrateEventStore, async () => {}], async ([oursUrl, emmettUrl]) => {
    const rows: BenchRow[] = [];
    const rates = new Map<string, number>();
    for (const writers of comparedWriters) {
      const {
        totals,
        rates: pair,
        roundRatios,
      } = await pairedRounds([ours(oursUrl as string), emmett(emmettUrl as string)], writers);
      const [oursRate, emmettRate] = pair;
      rates.set(`ours ${writers}`, oursRate);
      const label = writersLabel(writers);
      rows.push(
        row(name, `appends/s, ${label}: ours`, oursRate, 'appends/s', writers === 8 ? '>= 3,000' : undefined),
        row(name, `appends/s, ${label}: Emmett`, emmettRate, 'appends/s'),
        row(name, `appends/s, ${label}: ours vs Emmett`, oursRate / emmettRate, 'x', '>= 1.5'),
        // Robust to a burst of load from elsewhere that falls on one side of one round.
        row(
          name,
          `appends/s, ${label}: ours vs Emmett, median of ${comparisonRounds} paired rounds`,
          percentile(roundRatios, 50),
          'x',
          '>= 1.5',
        ),
        row(
          name,
          `append p99, ${label}: ours`,
          percentile(totals[0]?.latencies ?? [], 99),
          'ms',
          writers === 32 ? '<= 50' : undefined,
        ),
        row(name, `append p99, ${label}: Emmett`, percentile(totals[1]?.latencies ?? [], 99), 'ms'),
      );
    }
    const [at8, at32] = [rates.get('ours 8') ?? Number.NaN, rates.get('ours 32') ?? Number.NaN];
    rows.push(row(name, 'appends/s, 32 writers vs 8 writers: ours', at32 / at8, 'x', '>= 0.9 (no collapse)'));
    return rows;
  });
}

/** The schema before the hash chain: the same store's appends, but append_events neither reads nor writes hashes. */
const beforeTheChain = 'before the chain';
const migrateBeforeTheChain = (pool: pg.Pool) =>
  migrateEventStore(pool, { upTo: '2026-11-23-001-append-events-function' });

/**
 * What the hash chain costs appends (issue 31: at most 10 % at 8 and 32 writers): ours on the current schema
 * against ours on the schema before the chain, in interleaved rounds. Both sides hash in Node (the store
 * always does; the old function ignores the hash), so the "content hash" row gives that part alone.
 */
function compareChainCost(): Promise<BenchRow[]> {
  return withContenderDatabases(
    [migrateEventStore, migrateBeforeTheChain],
    async ([chainedUrl, unchainedUrl]) => {
      const rows: BenchRow[] = [];
      for (const writers of comparedWriters) {
        const chained = { ...ours(chainedUrl as string), label: 'chained' };
        const unchained = { ...ours(unchainedUrl as string), label: beforeTheChain };
        const { rates, roundRatios } = await pairedRounds([chained, unchained], writers);
        const label = writersLabel(writers);
        rows.push(
          row(name, `appends/s, ${label}: chained`, rates[0], 'appends/s'),
          row(name, `appends/s, ${label}: ${beforeTheChain}`, rates[1], 'appends/s'),
          row(
            name,
            `appends/s, ${label}: chained vs ${beforeTheChain}, median of ${comparisonRounds} paired rounds`,
            percentile(roundRatios, 50),
            'x',
            writers === 1 ? undefined : '>= 0.9',
          ),
        );
      }
      const hashed = 20_000;
      const events = Array.from({ length: hashed }, (_, i) => ({
        eventId: randomUUID(),
        ...userLikeEvent(i),
      }));
      const started = performance.now();
      for (const event of events) eventContentHash(event);
      rows.push(
        row(
          name,
          'content hash (RFC 8785 + SHA-256) of a user-like event',
          (performance.now() - started) / hashed,
          'ms',
        ),
      );
      return rows;
    },
  );
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
      for (let b = 0; b < batched.events / batched.perCall; b++) {
        const events = Array.from({ length: batched.perCall }, (_, i) =>
          userLikeEvent(b * batched.perCall + i),
        );
        await store.append(`batch-${b}`, events, { expectedVersion: 'no_stream' });
      }
      const batchMs = performance.now() - batchStarted;
      rows.push(
        row(
          name,
          `append ${batched.perCall} events/call, 1 writer (${batched.events} events)`,
          perSecond(batched.events, batchMs),
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
      const verifyStarted = performance.now();
      const verification = await verifyEventChains(pool);
      if (!verification.ok)
        throw new Error(`The bench's own chains do not verify: ${JSON.stringify(verification)}`);
      rows.push(
        row(
          name,
          `verify, every chain (${verification.checkedEvents} events)`,
          perSecond(verification.checkedEvents, performance.now() - verifyStarted),
          'events/s',
          '>= 50,000',
        ),
      );
      return rows;
    } finally {
      await store.close();
    }
  }).then(async (rows) => [...rows, ...(await compareWithEmmett()), ...(await compareChainCost())]);
}
