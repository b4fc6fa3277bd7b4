import { clientOfPortal } from '@portal/api/test/portal';
import { useTicketPortal } from '@portal/api/test/ticket-kit';
import { type ChunkView, endpoints, type RunView, statusChunkLimits } from '@portal/contract';
import { testRedisUrl } from '@portal/event-store/test/test-servers';
import { describe, expect, it } from 'vitest';
import { bulkReceiveRun } from '../tickets/bulk-receive-tickets';
import { runMessages } from './cancel-run';
import { jobIdOf } from './job-runs';

// Issue 32, item 4: a run's status document stays small however many chunks it has (its chunks are paged at
// GET /api/job/{id}/chunks), and an administrator can cancel a run: its chunks not started never run.

const backends: [string, Record<string, string>][] = [
  ['PostgreSQL (embedded mode)', {}],
  ['Redis', { REDIS_URL: testRedisUrl }],
];

describe.each(backends)('runs on %s', (_backend, env) => {
  const kit = useTicketPortal({ standardUser: true, env });
  const api = clientOfPortal(() => kit.portal);

  /** A bulk receive started with `Prefer: respond-async`: its 202 (the status document). */
  const startBulkReceive = async (numbers: number[]) => {
    const response = await kit.portal.app.inject({
      method: 'POST',
      url: '/api/ticket/bulk/receive',
      headers: { ...kit.admin, prefer: 'respond-async' },
      payload: { ticketRange: numbers.join(','), forceReceive: false },
    });
    expect(response.statusCode, response.body).toBe(202);
    return response;
  };

  const status = async (runId: string) => {
    const response = await kit.call('GET', `/api/job/${runId}`);
    expect(response.statusCode, response.body).toBe(200);
    return { run: response.json<RunView>(), bytes: response.rawPayload.length };
  };

  const cancel = (runId: string, headers = kit.admin) =>
    kit.call('POST', `/api/job/${runId}/cancel`, {}, headers);

  /** Every chunk of the run, read a page at a time; `pages`: how many were read. */
  const allChunks = async (runId: string, perPage: 100 | 500) => {
    const chunks: ChunkView[] = [];
    for (let page = 1; ; page++) {
      const answer = await api(
        endpoints.getJobChunksById,
        { params: { id: runId }, query: { page, perPage } },
        kit.admin,
      );
      chunks.push(...answer.chunks);
      if (answer.chunks.length === 0 || chunks.length >= answer.total)
        return { chunks, total: answer.total, pages: page };
    }
  };

  const untilState = async (runId: string, done: (run: RunView) => boolean) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { run } = await status(runId);
      if (done(run)) return run;
      if (Date.now() > deadline) throw new Error(`run ${runId} never got there: ${JSON.stringify(run)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const bulkReceiveQueue = () => kit.portal.infra.jobs.queue(bulkReceiveRun.queue);

  /** Waits until no job waits in the bulk receive queue (dropped jobs go fast). */
  const untilQueueDrained = async () => {
    const deadline = Date.now() + 60_000;
    while (((await bulkReceiveQueue().getJobCounts('waiting')).waiting ?? 0) > 0) {
      if (Date.now() > deadline) throw new Error('the queue never drained');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const chunkRows = async (runId: string) =>
    (
      await kit.portal.infra.pool.query<{ state: string; attempts: number }>(
        'SELECT state, attempts FROM job_run_chunk WHERE run_id = $1 ORDER BY chunk_index',
        [runId],
      )
    ).rows;

  describe('a run of 2,000 chunks', () => {
    it('is a small status document, its chunks all on the pages; cancelled before it started, none of its chunks runs', async () => {
      // The queue is paused so that the run is still whole when it is read and cancelled.
      await bulkReceiveQueue().pause();
      try {
        const numbers = Array.from({ length: 2000 }, (_, index) => 900_001 + index);
        const started = await startBulkReceive(numbers);
        expect(started.rawPayload.length).toBeLessThan(20_000);
        const { id } = started.json<RunView>();

        const { run, bytes } = await status(id);
        expect(bytes).toBeLessThan(20_000);
        expect(run).toMatchObject({
          state: 'queued',
          total: 2000,
          done: 0,
          cancelledAt: null,
          chunkCounts: { pending: 2000, running: 0, completed: 0, failed: 0, cancelled: 0 },
          result: null,
        });
        expect(run.chunks).toHaveLength(statusChunkLimits.listed);

        const cancelled = await cancel(id);
        expect(cancelled.statusCode, cancelled.body).toBe(200);
        expect(cancelled.rawPayload.length).toBeLessThan(20_000);
        // Nothing was running: the run is cancelled at once.
        expect(cancelled.json<RunView>()).toMatchObject({
          state: 'cancelled',
          chunkCounts: { pending: 0, running: 0, completed: 0, failed: 0, cancelled: 2000 },
        });
        expect(cancelled.json<RunView>().finishedAt).not.toBeNull();

        for (const perPage of [100, 500] as const) {
          const paged = await allChunks(id, perPage);
          expect(paged.total).toBe(2000);
          expect(paged.pages).toBe(2000 / perPage);
          expect(paged.chunks.map((chunk) => chunk.index)).toEqual(numbers.map((_, index) => index));
          expect(paged.chunks.map((chunk) => chunk.spec)).toEqual(numbers.map((n) => ({ from: n, to: n })));
          expect(new Set(paged.chunks.map((chunk) => chunk.state))).toEqual(new Set(['cancelled']));
        }
        // Its queue jobs were taken off the queue. One that escapes (a worker was picking it up as the
        // cancel came) finds its chunk cancelled and is dropped: a few are put back to stand for them.
        const queue = bulkReceiveQueue();
        const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed');
        expect(counts).toEqual({ waiting: 0, prioritized: 0, delayed: 0 });
        await queue.addBulk(
          [0, 1, 1999].map((index) => ({
            name: bulkReceiveRun.kind,
            data: { runId: id, index },
            opts: { jobId: jobIdOf(id, index) },
          })),
        );
        await queue.resume();
        await untilQueueDrained();
        for (const index of [0, 1, 1999])
          expect(await (await queue.getJob(jobIdOf(id, index)))?.getState()).toBe('completed');
        expect(new Set((await chunkRows(id)).map((row) => JSON.stringify(row)))).toEqual(
          new Set([JSON.stringify({ state: 'cancelled', attempts: 0 })]),
        );
        expect((await status(id)).run.chunkCounts.cancelled).toBe(2000);
      } finally {
        await bulkReceiveQueue().resume();
      }
    });
  });

  describe('cancelling a run that goes', () => {
    it('drops the chunks not started (their tickets stay unreceived), lets the running ones finish, and the run says cancelled', async () => {
      const tickets = await kit.fresh(300);
      const started = await startBulkReceive(tickets.map((ticket) => ticket.ticketNumber));
      const { id } = started.json<RunView>();
      await untilState(id, (run) => run.chunkCounts.completed >= 3);

      const cancelled = await cancel(id);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json<RunView>().cancelledAt).not.toBeNull();

      const finished = await untilState(id, (run) => run.finishedAt !== null);
      expect(finished.state).toBe('cancelled');
      const counts = finished.chunkCounts;
      expect(counts.pending + counts.running).toBe(0);
      expect(counts.completed).toBeGreaterThanOrEqual(3);
      expect(counts.cancelled).toBeGreaterThan(0);
      expect(counts.completed + counts.cancelled + counts.failed).toBe(300);

      // Each ticket as its chunk says: received when it completed, never touched when it was cancelled.
      const { chunks } = await allChunks(id, 100);
      await kit.settle();
      const received = new Map(
        (
          await api(
            endpoints.postTicketReport,
            { body: { from: tickets[0]?.ticketNumber, to: tickets.at(-1)?.ticketNumber } },
            kit.admin,
          )
        ).map((ticket) => [ticket.ticketNumber, ticket.isReceived]),
      );
      const numberOf = (chunk: ChunkView) => (chunk.spec as { from: number }).from;
      const wrong = chunks.filter((chunk) => received.get(numberOf(chunk)) !== (chunk.state === 'completed'));
      expect(wrong.map((chunk) => [chunk.state, numberOf(chunk)])).toEqual([]);

      // Their queue jobs were already waiting: each was picked up and dropped, never run.
      await untilQueueDrained();
      const rows = await chunkRows(id);
      expect(rows.filter((row) => row.state === 'cancelled').every((row) => row.attempts === 0)).toBe(true);
      expect((await status(id)).run.chunkCounts).toEqual(counts);

      // A finished run cannot be cancelled.
      const again = await cancel(id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: runMessages.alreadyFinished });
    });

    it('a running chunk that fails unexpectedly after the cancel is not retried: the run ends cancelled at once', async () => {
      const [ticket] = await kit.fresh(1);
      if (!ticket) throw new Error('no ticket');
      // A fault no business rule foresaw: the receive's append is held 1.5 s, then fails in PostgreSQL.
      await kit.portal.infra.pool.query(`
        CREATE FUNCTION test_failing_receive() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_sleep(1.5);
          RAISE EXCEPTION 'test: the disk is full';
        END $$;
        CREATE TRIGGER test_failing_receive BEFORE INSERT ON events
        FOR EACH ROW WHEN (NEW.event_type = 'TicketReceived') EXECUTE FUNCTION test_failing_receive();`);
      try {
        const { id } = (await startBulkReceive([ticket.ticketNumber])).json<RunView>();
        await untilState(id, (run) => run.chunkCounts.running === 1);
        expect((await cancel(id)).statusCode).toBe(200);
        // No retry can be picked up from here on: the run must end on the failure's own record.
        await bulkReceiveQueue().pause();
        const finished = await untilState(id, (run) => run.finishedAt !== null);
        expect(finished).toMatchObject({
          state: 'cancelled',
          chunkCounts: { pending: 0, running: 0, completed: 0, failed: 0, cancelled: 1 },
        });
        await kit.portal.infra.pool.query('DROP TRIGGER test_failing_receive ON events');
        // The retry the queue still holds finds its chunk cancelled: it never runs, the ticket stays unreceived.
        await bulkReceiveQueue().resume();
        await untilQueueDrained();
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        expect(await chunkRows(id)).toEqual([{ state: 'cancelled', attempts: 1 }]);
        await kit.settle();
        const [after] = await api(
          endpoints.postTicketReport,
          { body: { from: ticket.ticketNumber, to: ticket.ticketNumber } },
          kit.admin,
        );
        expect(after?.isReceived).toBe(false);
      } finally {
        await bulkReceiveQueue().resume();
        await kit.portal.infra.pool.query(
          'DROP TRIGGER IF EXISTS test_failing_receive ON events; DROP FUNCTION test_failing_receive()',
        );
      }
    });

    it('answers a starting call still waiting for the run 409 with its Location', async () => {
      await bulkReceiveQueue().pause();
      try {
        const waiting = kit.call('POST', '/api/ticket/bulk/receive', {
          ticketRange: '990101,990102',
          forceReceive: false,
        });
        let runId: string | undefined;
        while (!runId) {
          const { rows } = await kit.portal.infra.pool.query<{ id: string }>(
            `SELECT id FROM job_run WHERE kind = 'bulk-receive' AND params->'ranges' = '[{"from":990101,"to":990101},{"from":990102,"to":990102}]'`,
          );
          runId = rows[0]?.id;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect((await cancel(runId)).statusCode).toBe(200);
        const answer = await waiting;
        expect(answer.statusCode, answer.body).toBe(409);
        expect(answer.json()).toEqual({ message: runMessages.cancelled });
        expect(answer.headers.location).toBe(`/api/job/${runId}`);
      } finally {
        await bulkReceiveQueue().resume();
      }
    });

    it('is for administrators: 403 for a standard user; an unknown run is 404', async () => {
      const started = await startBulkReceive([990_001]);
      const { id } = started.json<RunView>();
      expect((await cancel(id, kit.standard)).statusCode).toBe(403);
      expect((await kit.call('GET', `/api/job/${id}/chunks`, undefined, kit.standard)).statusCode).toBe(403);
      for (const unknown of ['00000000-0000-4000-8000-000000000000', 'not-a-run']) {
        for (const response of [await cancel(unknown), await kit.call('GET', `/api/job/${unknown}/chunks`)]) {
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({ message: runMessages.notFound });
        }
      }
      await untilState(id, (run) => run.finishedAt !== null);
    });
  });
});
