import {
  awaitRun,
  bearer,
  respondAsync,
  runToEnd,
  startTestPortal,
  type TestPortal,
} from '@portal/api/test/portal';
import {
  type PortalProcess,
  type RedisServer,
  startRedisServer,
  startWorkerProcess,
} from '@portal/api/test/processes';
import { startTcpProxy } from '@portal/api/test/tcp-proxy';
import type { RunView } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unexpectedChunkError } from './job-runs';

// Bulk runs processed by separate worker processes (`npm run worker`), on both queue backends:
// a worker killed mid-chunk, Redis killed mid-chunk, two workers on one queue. The API process
// runs no workers (WORKERS=off), so every chunk here is done by a child process.

/** A dead worker's job is handed on once its lock lapses: short here, so the tests stay short. */
const jobLockMs = '2000';

type Backend = 'Redis' | 'PostgreSQL (embedded mode)';

describe.each<Backend>(['Redis', 'PostgreSQL (embedded mode)'])('bulk runs on %s', (backend) => {
  let redis: RedisServer | null = null;
  let portal: TestPortal;
  let admin: Record<string, string>;
  const workers: PortalProcess[] = [];

  const startWorker = async (env: { DATABASE_URL?: string } = {}) => {
    const worker = await startWorkerProcess({
      DATABASE_URL: portal.database.url,
      QUEUE_PREFIX: portal.config.queuePrefix,
      JOB_LOCK_MS: jobLockMs,
      ...(redis ? { REDIS_URL: redis.url } : {}),
      ...env,
    });
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    if (backend === 'Redis') redis = await startRedisServer();
    portal = await startTestPortal({
      env: { WORKERS: 'off', JOB_LOCK_MS: jobLockMs, ...(redis ? { REDIS_URL: redis.url } : {}) },
    });
    admin = bearer(await portal.login());
  }, 120_000);
  // Each test starts the workers it needs; none outlives its test (each holds database connections).
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail')
      for (const worker of workers) console.error(`worker output:\n${worker.recentOutput()}`);
    await Promise.all(workers.splice(0).map((worker) => worker.kill()));
  });
  afterAll(async () => {
    await portal?.stop();
    await redis?.stop();
  });

  const start = async (url: string, payload: object): Promise<RunView> => {
    const response = await portal.app.inject({
      method: 'POST',
      url,
      headers: { ...admin, ...respondAsync },
      payload,
    });
    expect(response.statusCode, response.body).toBe(202);
    return response.json<RunView>();
  };
  const poll = async (runId: string) =>
    (await portal.app.inject({ method: 'GET', url: `/api/job/${runId}`, headers: admin })).json<RunView>();
  /** Polls until the first chunk is part-way done (progress written, not finished). */
  const untilMidChunk = async (runId: string) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const run = await poll(runId);
      const [first] = run.chunks;
      if (first?.state === 'running' && first.done > 0) return run;
      if (run.finishedAt || Date.now() > deadline)
        throw new Error(`never caught mid-chunk: ${JSON.stringify(run)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const query = async <Row>(text: string, values: unknown[] = []) =>
    (await portal.infra.pool.query(text, values)).rows as Row[];
  /** Tickets of [from, to] under prefix 0 in the read model, and TicketGenerated events in the store. */
  const generatedIn = async (from: number, to: number) => {
    const [tickets] = await query<{ count: number; distinct: number; min: number; max: number }>(
      `SELECT count(*)::int AS count, count(DISTINCT ticket_number)::int AS distinct,
              min(ticket_number) AS min, max(ticket_number) AS max
       FROM tickets WHERE prefix = 0 AND ticket_number BETWEEN $1 AND $2`,
      [from, to],
    );
    const [events] = await query<{ count: number }>(
      `SELECT count(*)::int AS count FROM events
       WHERE event_type = 'TicketGenerated' AND (data->>'ticketNumber')::int BETWEEN $1 AND $2`,
      [from, to],
    );
    return { ...tickets, events: events?.count };
  };
  /** Every number of [from, to] generated exactly once: one ticket and one TicketGenerated event each. */
  const expectGeneratedOnce = async (from: number, to: number) => {
    const count = to - from + 1;
    expect(await generatedIn(from, to)).toEqual({
      count,
      distinct: count,
      min: from,
      max: to,
      events: count,
    });
  };
  /**
   * The 2000-ticket run finished within 30 s by `worker`, still up (no other worker runs) and having
   * said `logged`, and it generated every number once. Then the worker is stopped.
   */
  const expectFinishedBy = async (
    worker: PortalProcess,
    runId: string,
    range: { from: number; to: number },
    logged: string | RegExp,
  ) => {
    const finished = await awaitRun(portal, admin, runId, 30_000);
    expect(finished).toMatchObject({ state: 'completed', total: 2000, done: 2000 });
    expect(worker.running()).toBe(true);
    expect(worker.recentOutput()).toMatch(logged);
    await expectGeneratedOnce(range.from, range.to);
    await worker.stop();
  };
  const attemptsOf = async (runId: string) =>
    (
      await query<{ attempts: number }>(
        'SELECT attempts FROM job_run_chunk WHERE run_id = $1 ORDER BY chunk_index',
        [runId],
      )
    ).map((row) => row.attempts);

  it('a 2000-ticket generation completes with exactly 2000 tickets', async () => {
    const worker = await startWorker();
    const run = await runToEnd(
      portal,
      admin,
      { method: 'POST', url: '/api/ticket/generate', payload: { from: 1, to: 2000 } },
      120_000,
    );
    expect(run).toMatchObject({ state: 'completed', total: 2000, done: 2000 });
    expect((run.result as { tickets: number[] }).tickets).toEqual(
      Array.from({ length: 2000 }, (_, i) => i + 1),
    );
    await expectGeneratedOnce(1, 2000);
    await worker.stop();
  }, 180_000);

  it('workers killed mid-chunk twice, and a third started, finish the run with no duplicates and no gaps', async () => {
    const first = await startWorker();
    const run = await start('/api/ticket/generate', { from: 10_001, to: 12_000 });
    await untilMidChunk(run.id);
    await first.kill();
    const partial = await generatedIn(10_001, 12_000);
    expect(partial.events).toBeGreaterThan(0);
    expect(partial.events).toBeLessThan(2000);

    // The second takes the chunk up once the first's lock lapses, and dies in it too.
    const second = await startWorker();
    const deadline = Date.now() + 60_000;
    while (((await attemptsOf(run.id))[0] ?? 0) < 2) {
      if (Date.now() > deadline) throw new Error('the second worker never took the chunk up');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await second.kill();

    await startWorker();
    const finished = await awaitRun(portal, admin, run.id, 120_000);
    expect(finished).toMatchObject({ state: 'completed', total: 2000, done: 2000 });
    // The cut-off chunk ran again and counted what it had done before as its own work.
    expect((await attemptsOf(run.id))[0]).toBeGreaterThanOrEqual(3);
    expect(finished.result).toEqual({
      success: true,
      tickets: Array.from({ length: 2000 }, (_, i) => 10_001 + i),
      error: null,
    });
    await expectGeneratedOnce(10_001, 12_000);
  }, 180_000);

  it('two workers on one queue never double a chunk, even when a chunk is delivered twice', async () => {
    await startWorker();
    await startWorker();
    const generated = await runToEnd(portal, admin, {
      method: 'POST',
      url: '/api/ticket/generate',
      payload: { from: 20_001, to: 21_000 },
    });
    expect(generated.state).toBe('completed');
    const run = await start('/api/ticket/bulk', { from: 20_001, to: 21_000, jobSite: 'Two Workers Site' });
    // The same chunk handed to the queue a second time, under another job id (a re-delivery).
    await portal.infra.jobs.queue('ticket-bulk-update').add('bulk-update', { runId: run.id, index: 0 });
    const finished = await awaitRun(portal, admin, run.id, 120_000);
    expect(finished).toMatchObject({ state: 'completed', total: 1000, done: 1000 });
    expect((finished.result as { updated: number }).updated).toBe(1000);
    expect(await attemptsOf(run.id)).toEqual(Array(10).fill(1));
    const [edits] = await query<{ count: number; tickets: number }>(
      `SELECT count(*)::int AS count, count(DISTINCT stream_id)::int AS tickets FROM events
       WHERE event_type = 'TicketEdited' AND metadata->>'correlationId' LIKE $1`,
      [`${run.id}.%`],
    );
    expect(edits).toEqual({ count: 1000, tickets: 1000 });
    const [sites] = await query<{ count: number }>(
      `SELECT count(*)::int AS count FROM tickets
       WHERE prefix = 0 AND ticket_number BETWEEN 20001 AND 21000 AND job_site = 'Two Workers Site'`,
    );
    expect(sites?.count).toBe(1000);
  }, 180_000);

  it('every database connection of the worker dropped mid-chunk: the run still completes, exactly once', async () => {
    const worker = await startWorker();
    const run = await start('/api/ticket/generate', { from: 40_001, to: 42_000 });
    await untilMidChunk(run.id);
    // As in a database failover: the server ends every connection but the API process's own.
    const [dropped] = await query<{ count: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS count FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()
         AND application_name NOT LIKE 'portal-api%'`,
    );
    expect(dropped?.count).toBeGreaterThan(0);
    // The same worker, still up, finishes the chunk once its retry comes round (a second, well within
    // the 30 s allowed here; no other worker runs). It says the drop hit it: an idle connection's loss
    // in the pool's words, or, when every connection was busy, the chunk's in the job's.
    await expectFinishedBy(
      worker,
      run.id,
      { from: 40_001, to: 42_000 },
      /PostgreSQL connection lost \(portal-worker|chunk \d+: database connection lost/,
    );
  }, 180_000);

  it('a chunk handed out again after its worker recorded it, but died before ending the run, ends the run', async () => {
    const run = await start('/api/ticket/generate', { from: 60_001, to: 61_000 });
    // The worker's last words: the chunk recorded as done, the run not yet ended.
    await query(
      `UPDATE job_run_chunk SET state = 'completed', done = total, finished_at = now(),
         result = '{"success": true, "tickets": [], "error": null}'
       WHERE run_id = $1`,
      [run.id],
    );
    await startWorker();
    const finished = await awaitRun(portal, admin, run.id, 60_000);
    expect(finished).toMatchObject({ state: 'completed', total: 1000, done: 1000 });
    expect(await generatedIn(60_001, 61_000)).toMatchObject({ count: 0, events: 0 });
  }, 120_000);

  // The PostgreSQL backend's job table can say so directly; on Redis only killing workers five times would.
  if (backend === 'PostgreSQL (embedded mode)')
    it('a chunk the queue gives up on ends the run as failed, not running for ever', async () => {
      const run = await start('/api/ticket/generate', { from: 50_001, to: 52_000 });
      // What BullMQ records on a job stalled past its limit: the next worker to take it fails it unrun.
      const given = await query(
        `UPDATE bullmq.job SET deferred_failure = 'job stalled more than allowable limit'
         WHERE queue = 'ticket-generate' AND id = $1`,
        [`${run.id}.0`],
      );
      expect(given).toEqual([]);
      await startWorker();
      const finished = await awaitRun(portal, admin, run.id, 60_000);
      expect(finished).toMatchObject({ state: 'failed', total: 2000 });
      expect(finished.chunks.map((chunk) => [chunk.state, chunk.error])).toEqual([
        ['failed', unexpectedChunkError],
        ['completed', null],
      ]);
      expect(await attemptsOf(run.id)).toEqual([0, 1]);
    }, 120_000);

  // On Redis the queue stays up while the database is away, so the chunk's job stays with its worker.
  // (On PostgreSQL the queue goes with the database: the tests above cover that backend.)
  if (backend === 'Redis')
    it('the database unreachable for 20 s mid-chunk: the same worker finishes the chunk once it answers, exactly once', async () => {
      const target = new URL(portal.database.url);
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      try {
        const behindProxy = new URL(portal.database.url);
        behindProxy.port = String(proxy.port);
        const worker = await startWorker({ DATABASE_URL: behindProxy.toString() });
        const run = await start('/api/ticket/generate', { from: 70_001, to: 72_000 });
        await untilMidChunk(run.id);
        // Longer than the queue's retries of one chunk take (1 + 2 + 4 + 8 s): without the worker's
        // own wait for the database, the chunk would spend every attempt on the outage and fail.
        proxy.cut();
        await new Promise((resolve) => setTimeout(resolve, 20_000));
        proxy.restore();
        await expectFinishedBy(
          worker,
          run.id,
          { from: 70_001, to: 72_000 },
          'running it again once the database answers',
        );
      } finally {
        await proxy.stop();
      }
    }, 120_000);

  // Only the Redis backend has a Redis to kill (the PostgreSQL one is covered by the test above).
  if (backend === 'Redis')
    it('Redis killed mid-chunk and restarted: the run still completes, exactly once', async () => {
      if (!redis) throw new Error('no Redis');
      await startWorker();
      const run = await start('/api/ticket/generate', { from: 30_001, to: 32_000 });
      await untilMidChunk(run.id);
      await redis.restart(1500);
      const finished = await awaitRun(portal, admin, run.id, 120_000);
      expect(finished).toMatchObject({ state: 'completed', total: 2000, done: 2000 });
      await expectGeneratedOnce(30_001, 32_000);
    }, 180_000);
});
