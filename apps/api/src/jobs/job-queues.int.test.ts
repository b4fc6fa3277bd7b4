import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase, testRedisUrl } from '@portal/event-store/test/test-servers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueues, type JobFamily, type QueueBackend } from './job-queues';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

const backends: [string, () => QueueBackend][] = [
  ['PostgreSQL (embedded mode)', () => ({ kind: 'postgres', url: database.url })],
  ['Redis', () => ({ kind: 'redis', url: testRedisUrl })],
];

describe.each(backends)('job queues on %s', (_name, backend) => {
  it('runs a job through a worker, reports progress, and a repeated job id adds no second job', async () => {
    const queues = await createJobQueues(backend());
    const queueName = `probe-${randomUUID()}`;
    const seen: number[] = [];
    const family: JobFamily<{ value: number }, number> = {
      queue: queueName,
      async process(job) {
        seen.push(job.data.value);
        await job.updateProgress(50);
        return job.data.value * 2;
      },
    };
    try {
      await queues.startWorkers([family as JobFamily]);
      const queue = queues.queue<{ value: number }, number>(queueName);
      const first = await queue.add('double', { value: 21 }, { jobId: 'double-21' });
      await queue.add('double', { value: 21 }, { jobId: 'double-21' });
      const deadline = Date.now() + 15_000;
      let state = await first.getState();
      while (state !== 'completed' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        state = await first.getState();
      }
      expect(state).toBe('completed');
      const done = await queue.getJob('double-21');
      expect(done?.returnvalue).toBe(42);
      expect(done?.progress).toBe(50);
      expect(seen).toEqual([21]);
    } finally {
      await queues.close();
    }
  });
});

describe('job queues on PostgreSQL (embedded mode)', () => {
  it('a job whose wake-up was lost (a LISTEN connection dropped in a failover) still runs within seconds', async () => {
    const queues = await createJobQueues({ kind: 'postgres', url: database.url });
    const queueName = `missed-wake-up-${randomUUID()}`;
    const ranAt = new Map<string, number>();
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    try {
      await queues.startWorkers([
        {
          queue: queueName,
          async process(job) {
            ranAt.set(job.name, Date.now());
          },
        },
      ]);
      const queue = queues.queue(queueName);
      // A job due in an hour, then one due now: having run the second, the worker waits for the first.
      const later = await queue.add('later', {}, { delay: 3_600_000 });
      await queue.add('now', {});
      const ranNow = Date.now() + 10_000;
      while (!ranAt.has('now') && Date.now() < ranNow)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ranAt.has('now'), 'the job due now never ran').toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Due now, and nobody told: as if the NOTIFY had gone to a connection that was dying.
      const dueAt = Date.now();
      const { rowCount } = await sql.query(
        `UPDATE bullmq.job SET process_at_ms = $3 WHERE queue = $1 AND id = $2 AND state = 'delayed'`,
        [queueName, later.id, dueAt],
      );
      expect(rowCount).toBe(1);
      const deadline = Date.now() + 20_000;
      while (!ranAt.has('later') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(ranAt.has('later'), 'the job whose wake-up was lost never ran').toBe(true);
      expect((ranAt.get('later') ?? 0) - dueAt).toBeLessThan(15_000);
    } finally {
      await sql.end();
      await queues.close();
    }
  }, 30_000);
});
