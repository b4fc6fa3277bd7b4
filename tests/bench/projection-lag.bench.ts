import { performance } from 'node:perf_hooks';
import { migrateEventStore, PostgresEventStore } from '@portal/event-store';
import {
  createReadModelDb,
  eventByEvent,
  migrateReadModels,
  type Projection,
  ProjectionRunner,
} from '@portal/projections';
import { sql } from 'kysely';
import { type BenchRow, mustBeZero, percentile, perSecond, row } from './report';
import { sleep, userLikeEvent, withFreshDatabase } from './support';

const name = 'projection-lag';
// The rate measured before issue 16, and the rate its goal is set at (lag p99 <= 20 ms).
const appendRates = [200, 1000];
const durationSeconds = 15;
const waitTimeoutMs = 10_000;

interface UserLikeData {
  userId: number;
  username: string;
  firstName: string;
  lastName: string;
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

export async function projectionLagBench(): Promise<BenchRow[]> {
  return withFreshDatabase(
    async (pool) => {
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
      try {
        await runner.start();
        if (!runner.isOwner) throw new Error('The bench runner did not get the projection lock');

        const rows: BenchRow[] = [];
        let appended = 0;
        for (const appendsPerSecond of appendRates) {
          const total = appendsPerSecond * durationSeconds;
          const first = appended;
          appended += total;
          const intervalMs = 1000 / appendsPerSecond;
          const appendMs: number[] = [];
          const lagFromCall: number[] = [];
          const lagFromCommit: number[] = [];
          let timeouts = 0;
          const measureOne = async (i: number) => {
            const called = performance.now();
            const result = await store.append(`user-${i}`, [userLikeEvent(i)], {
              expectedVersion: 'no_stream',
            });
            const committed = performance.now();
            const reached = await runner.waitFor(result.lastPosition, waitTimeoutMs);
            const projected = performance.now();
            appendMs.push(committed - called);
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
          const projectedRows = Number(counted[0]?.count ?? 0);

          const at = `at ${appendsPerSecond} appends/s`;
          const lagGoal = appendsPerSecond === 1000 ? '<= 20' : undefined;
          rows.push(
            row(
              name,
              `achieved append rate (${appendsPerSecond} appends/s target, ${durationSeconds} s)`,
              perSecond(total, lastAppendDone - started),
              'appends/s',
            ),
            row(name, `append latency p50, ${at}`, percentile(appendMs, 50), 'ms'),
            row(name, `append latency p99, ${at}`, percentile(appendMs, 99), 'ms'),
            row(name, `lag append call -> read model p50, ${at}`, percentile(lagFromCall, 50), 'ms'),
            row(name, `lag append call -> read model p99, ${at}`, percentile(lagFromCall, 99), 'ms', lagGoal),
            row(name, `lag append call -> read model max, ${at}`, Math.max(...lagFromCall), 'ms'),
            row(name, `lag append committed -> read model p50, ${at}`, percentile(lagFromCommit, 50), 'ms'),
            row(name, `lag append committed -> read model p99, ${at}`, percentile(lagFromCommit, 99), 'ms'),
            mustBeZero(name, `waitFor timeouts (> ${waitTimeoutMs} ms), ${at}`, timeouts),
            mustBeZero(name, `events missing from the read model, ${at}`, appended - projectedRows),
          );
        }
        rows.push(mustBeZero(name, 'projection batch errors', projectionErrors));
        return rows;
      } finally {
        await runner.stop();
        await store.close();
      }
    },
    { max: 20 },
  );
}
