import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase, testRedisUrl } from '@portal/event-store/test/test-servers';
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
