import { performance } from 'node:perf_hooks';
import {
  comparePositions,
  type GlobalPosition,
  migrateEventStore,
  PostgresEventStore,
} from '@portal/event-store';
import {
  createReadModelDb,
  eventByEvent,
  migrateReadModels,
  type Projection,
  ProjectionRunner,
} from '@portal/projections';
import { sql } from 'kysely';
import pg from 'pg';
import { atMost, type BenchRow, inRounds, mustBeZero, percentile, perSecond, roundsRowOf } from './report';
import { scaled, sleep, userLikeEvent, withFreshDatabase } from './support';

const name = 'projection-lag';
// The rate measured before issue 16, and the rate its goal is set at (lag p99 <= 20 ms).
const appendRates = [200, 1000];
const durationSeconds = scaled(8);
/** The store's NOTIFY channel (postgres-event-store.ts): a bare LISTEN client on it is the lag's floor. */
const notifyChannel = 'portal_events';
const waitTimeoutMs = 10_000;

interface UserLikeData {
  userId: number;
  username: string;
  firstName: string;
  lastName: string;
}

/**
 * A bare LISTEN client on the store's channel: `woken(position)` resolves when a notification at or past
 * `position` arrives, which is how long any other process needs at least to hear of an append.
 */
async function bareListener(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let heard: GlobalPosition | undefined;
  const waiting: { position: GlobalPosition; resolve: () => void }[] = [];
  client.on('notification', ({ payload }) => {
    const match = /^(\d+):(\d+)$/.exec(payload ?? '');
    if (!match) return;
    heard = { commit: BigInt(match[1] as string), prepare: BigInt(match[2] as string) };
    for (let i = waiting.length - 1; i >= 0; i--) {
      const wait = waiting[i] as (typeof waiting)[number];
      if (comparePositions(wait.position, heard) <= 0) {
        waiting.splice(i, 1);
        wait.resolve();
      }
    }
  });
  await client.query(`LISTEN ${notifyChannel}`);
  return {
    woken: (position: GlobalPosition) =>
      new Promise<void>((resolve) => {
        if (heard && comparePositions(position, heard) <= 0) resolve();
        else waiting.push({ position, resolve });
      }),
    close: () => client.end(),
  };
}

/** Like a real read model: one row inserted per event, in the runner's batch transaction. */
const benchProjection: Projection = {
  name: 'bench-user-view',
  handles: ['UserRegistered'],
  apply: eventByEvent(async (trx, event) => {
    const data = event.data as UserLikeData;
    await sql`
      INSERT INTO bench_user_view (user_id, username, first_name, last_name, stream_id, stream_version, projected_at)
      VALUES (${data.userId}, ${data.username}, ${data.firstName}, ${data.lastName},
        ${event.streamId}, ${event.streamVersion}, clock_timestamp())`.execute(trx);
  }),
  async reset(trx) {
    await sql`DELETE FROM bench_user_view`.execute(trx);
  },
};

/**
 * Lag from an append to the read model at fixed append rates, open loop, in rounds; beside it the floor of the
 * same appends: commit to a bare LISTEN client woken (goal: lag p99 <= 3 x that floor, and <= 20 ms).
 */
export async function projectionLagBench(): Promise<BenchRow[]> {
  return withFreshDatabase(
    async (pool, url) => {
      await migrateEventStore(pool);
      const db = createReadModelDb(pool);
      await migrateReadModels(db);
      await sql`
        CREATE TABLE bench_user_view (
          user_id integer PRIMARY KEY,
          username text NOT NULL UNIQUE,
          first_name text NOT NULL,
          last_name text NOT NULL,
          stream_id text NOT NULL,
          stream_version integer NOT NULL,
          projected_at timestamptz NOT NULL
        )`.execute(db);
      // Defaults as in the portal: notifications wake the subscription, 500 ms polling as the fallback.
      const store = new PostgresEventStore({ pool });
      let projectionErrors = 0;
      const runner = new ProjectionRunner({
        pool,
        db,
        eventStore: store,
        projections: [benchProjection],
        onError: (error) => {
          projectionErrors++;
          console.warn('bench projection batch failed', error);
        },
      });
      const listener = await bareListener(url);
      try {
        await runner.start();
        if (!runner.isOwner) throw new Error('The bench runner did not get the projection lock');

        const rows: BenchRow[] = [];
        let appended = 0;
        for (const appendsPerSecond of appendRates) {
          const total = appendsPerSecond * durationSeconds;
          const intervalMs = 1000 / appendsPerSecond;
          const measured = await inRounds(async () => {
            const first = appended;
            appended += total;
            const appendMs: number[] = [];
            const lagFromCall: number[] = [];
            const lagFromCommit: number[] = [];
            const notifyFromCommit: number[] = [];
            let timeouts = 0;
            const measureOne = async (i: number) => {
              const called = performance.now();
              const result = await store.append(`user-${i}`, [userLikeEvent(i)], {
                expectedVersion: 'no_stream',
              });
              const committed = performance.now();
              const notified = listener.woken(result.lastPosition).then(() => {
                notifyFromCommit.push(performance.now() - committed);
              });
              const reached = await runner.waitFor(result.lastPosition, waitTimeoutMs);
              const projected = performance.now();
              appendMs.push(committed - called);
              // Bounded, and the timer cleared, so thousands of waits do not outlive the round.
              let timer: NodeJS.Timeout | undefined;
              await Promise.race([
                notified,
                new Promise<void>((resolve) => (timer = setTimeout(resolve, waitTimeoutMs))),
              ]);
              clearTimeout(timer);
              if (!reached) {
                timeouts++;
                return;
              }
              lagFromCall.push(projected - called);
              lagFromCommit.push(projected - committed);
            };

            // Open loop: each append starts on its schedule whether or not earlier ones have finished.
            const started = performance.now();
            const inFlight: Promise<void>[] = [];
            let lastAppendDone = started;
            for (let i = 0; i < total; i++) {
              const wait = started + i * intervalMs - performance.now();
              if (wait > 0) await sleep(wait);
              inFlight.push(
                measureOne(first + i).finally(() => {
                  lastAppendDone = Math.max(lastAppendDone, performance.now());
                }),
              );
            }
            await Promise.all(inFlight);
            const { rows: counted } = await sql<{
              count: string;
            }>`SELECT count(*) FROM bench_user_view`.execute(db);
            const lagP99 = percentile(lagFromCommit, 99);
            const notifyP99 = percentile(notifyFromCommit, 99);
            return {
              rate: perSecond(total, lastAppendDone - started),
              appendP50: percentile(appendMs, 50),
              appendP99: percentile(appendMs, 99),
              callP50: percentile(lagFromCall, 50),
              callP99: percentile(lagFromCall, 99),
              callMax: Math.max(...lagFromCall),
              commitP50: percentile(lagFromCommit, 50),
              commitP99: lagP99,
              notifyP50: percentile(notifyFromCommit, 50),
              notifyP99,
              unheard: total - notifyFromCommit.length,
              timeouts,
              missing: appended - Number(counted[0]?.count ?? 0),
            };
          });
          const perRound = roundsRowOf(name, measured);
          const at = `at ${appendsPerSecond} appends/s`;
          const goalRate = appendsPerSecond === 1000;
          const worst = (key: 'unheard' | 'timeouts' | 'missing') =>
            Math.max(...measured.results.map((r) => r[key]));
          rows.push(
            perRound(
              `achieved append rate (${appendsPerSecond} appends/s target, ${durationSeconds} s)`,
              (r) => r.rate,
              'appends/s',
            ),
            perRound(`append latency p50, ${at}`, (r) => r.appendP50, 'ms'),
            perRound(`append latency p99, ${at}`, (r) => r.appendP99, 'ms'),
            perRound(`lag append call -> read model p50, ${at}`, (r) => r.callP50, 'ms'),
            perRound(
              `lag append call -> read model p99, ${at}`,
              (r) => r.callP99,
              'ms',
              goalRate ? atMost(20) : undefined,
            ),
            perRound(`lag append call -> read model max, ${at}`, (r) => r.callMax, 'ms'),
            perRound(`lag append committed -> read model p50, ${at}`, (r) => r.commitP50, 'ms'),
            perRound(`lag append committed -> read model p99, ${at}`, (r) => r.commitP99, 'ms'),
            perRound(
              `floor: append committed -> bare LISTEN client woken p50, ${at}`,
              (r) => r.notifyP50,
              'ms',
            ),
            perRound(
              `floor: append committed -> bare LISTEN client woken p99, ${at}`,
              (r) => r.notifyP99,
              'ms',
            ),
            perRound(
              `lag committed -> read model p99 / floor p99, ${at}`,
              (r) => r.commitP99 / r.notifyP99,
              'ratio',
              goalRate ? atMost(3) : undefined,
            ),
            mustBeZero(
              name,
              `appends the bare listener never heard of, ${at}, worst round`,
              worst('unheard'),
            ),
            mustBeZero(
              name,
              `waitFor timeouts (> ${waitTimeoutMs} ms), ${at}, worst round`,
              worst('timeouts'),
            ),
            mustBeZero(name, `events missing from the read model, ${at}, worst round`, worst('missing')),
          );
        }
        rows.push(mustBeZero(name, 'projection batch errors', projectionErrors));
        return rows;
      } finally {
        await listener.close();
        await runner.stop();
        await store.close();
      }
    },
    { max: 20 },
  );
}
