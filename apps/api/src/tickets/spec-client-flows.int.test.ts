import type { AddressInfo } from 'node:net';
import {
  bearer,
  type Headers,
  respondAsync,
  startTestPortal,
  type TestPortal,
} from '@portal/api/test/portal';
import type { RunView, Ticket } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { unexpectedChunkError } from '../jobs/job-runs';
import { portalLoggerOptions } from '../logging';

/**
 * A client of the product's original API knows nothing of job runs: generate, bulk update, bulk clear and bulk
 * receive answer the spec's shapes once their work is done (docs/architecture.md,
 * "Jobs"). The same calls with `Prefer: respond-async` answer 202 with where to follow the run. Plain
 * HTTP requests, as a client sends them.
 */

const numbersFrom = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Checks `condition` every 20 ms until it holds (the test's own time limit bounds the wait). */
async function until(condition: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** A client of one portal's HTTP address. */
function clientOf(baseUrl: () => string, headers: () => Headers) {
  const send = (method: 'GET' | 'POST' | 'PUT', path: string, body?: object, extra: Headers = {}) =>
    fetch(`${baseUrl()}${path}`, {
      method,
      headers: { ...headers(), ...(body ? { 'content-type': 'application/json' } : {}), ...extra },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const ok = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: object): Promise<T> => {
    const response = await send(method, path, body);
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(200);
    return (await response.json()) as T;
  };
  return { send, ok };
}

describe('the spec client, on a portal with its workers', () => {
  let portal: TestPortal;
  let admin: Headers;
  const { send, ok } = clientOf(
    () => portal.url,
    () => admin,
  );
  const ticketNumbered = async (ticketNumber: number) =>
    (await ok<Ticket[]>('POST', '/api/ticket/search', { ticketNumber: String(ticketNumber) }))[0];
  const numbersOf = (tickets: Ticket[]) => tickets.map((ticket) => ticket.ticketNumber);
  /** Each ticket as GET /api/ticket/{id} answers it now: the full Ticket, as every ticket route answers. */
  const reread = (tickets: Ticket[]) =>
    Promise.all(tickets.map((t) => ok<Ticket>('GET', `/api/ticket/${t.id}`)));
  const receiveFromDashboard = async (ticketNumber: number) => {
    const ticket = await ticketNumbered(ticketNumber);
    await ok('PUT', '/api/ticket/receive', { ticketId: ticket?.id, source: 'dashboard' });
  };

  beforeAll(async () => {
    portal = await startTestPortal();
    admin = bearer(await portal.login());
  });
  afterAll(() => portal?.stop());

  describe('without a Prefer header, each call answers when its work is done', () => {
    it('generate answers {success, tickets, error}, and a search right after it finds the last ticket', async () => {
      const response = await send('POST', '/api/ticket/generate', {
        from: 1,
        to: 1500,
        isSoilFLOTicket: false,
        email: null,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.json()).toEqual({ success: true, tickets: numbersFrom(1, 1500), error: null });
      expect(await ticketNumbered(1500)).toMatchObject({ ticketNumber: 1500, prefix: 0 });

      // Numbers that exist are named in `error`, and only the new one is generated.
      expect(await ok('POST', '/api/ticket/generate', { from: 1499, to: 1501 })).toEqual({
        success: false,
        tickets: [1501],
        error: 'Tickets 1499, 1500 already exist and were not generated again.',
      });
      expect(await ticketNumbered(1501)).toMatchObject({ ticketNumber: 1501 });
    });

    it('bulk update answers the tickets it updated, in number order; a received one is not among them', async () => {
      await receiveFromDashboard(3);
      const updated = await ok<Ticket[]>('POST', '/api/ticket/bulk', {
        from: 1,
        to: 5,
        jobSite: 'North Pit',
        isSaltImpacted: true,
        loggedInUserId: 1,
        forceUpdate: false,
      });
      expect(numbersOf(updated)).toEqual([1, 2, 4, 5]);
      expect(updated).toEqual(await reread(updated));
      for (const ticket of updated)
        expect(ticket).toMatchObject({ jobSite: 'North Pit', isSaltImpacted: true });
      expect(await ticketNumbered(3)).toMatchObject({ isReceived: true, jobSite: null });
    });

    it('bulk clear answers the tickets it cleared, as bulk update does', async () => {
      const cleared = await ok<Ticket[]>('POST', '/api/ticket/bulk/clear', {
        from: 1,
        to: 5,
        clearJobSite: true,
        loggedInUserId: 1,
      });
      expect(numbersOf(cleared)).toEqual([1, 2, 4, 5]);
      expect(cleared).toEqual(await reread(cleared));
      for (const ticket of cleared) expect(ticket).toMatchObject({ jobSite: null, isSaltImpacted: true });
    });

    it('bulk receive answers {success, fail, results}, one result per range', async () => {
      expect(
        await ok('POST', '/api/ticket/bulk/receive', {
          ticketRange: '6-8,3',
          loggedInUserId: 1,
          forceReceive: false,
        }),
      ).toEqual({
        success: 1,
        fail: 1,
        results: [
          { key: '6-8', value: 'success' },
          { key: '3', value: 'failed', message: 'already received: 3' },
        ],
      });
      for (const ticketNumber of [6, 7, 8])
        expect((await ticketNumbered(ticketNumber))?.isReceived).toBe(true);
    });
  });

  describe('with Prefer: respond-async, each call answers 202 at once with where to follow its run', () => {
    /** Follows a Location until the run there has finished. */
    const followToEnd = async (location: string): Promise<RunView> => {
      for (;;) {
        const run = await ok<RunView>('GET', location);
        if (run.state === 'completed' || run.state === 'failed') return run;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    it.each([
      {
        call: 'generate',
        path: '/api/ticket/generate',
        body: { from: 1601, to: 1700, isSoilFLOTicket: false, email: null },
        kind: 'generate',
        result: { success: true, tickets: numbersFrom(1601, 1700), error: null },
      },
      {
        call: 'bulk update',
        path: '/api/ticket/bulk',
        body: { from: 1601, to: 1610, jobSite: 'South Pit', forceUpdate: false },
        kind: 'bulk-update',
        result: { updated: 10, skipped: [], errors: [] },
      },
      {
        call: 'bulk clear',
        path: '/api/ticket/bulk/clear',
        body: { from: 1601, to: 1605, clearJobSite: true },
        kind: 'bulk-clear',
        result: { updated: 5, skipped: [], errors: [] },
      },
      {
        call: 'bulk receive',
        path: '/api/ticket/bulk/receive',
        body: { ticketRange: '1601-1602', forceReceive: false },
        kind: 'bulk-receive',
        result: { success: 1, fail: 0, results: [{ key: '1601-1602', value: 'success' }] },
      },
    ])('$call', async ({ path, body, kind, result }) => {
      const response = await send('POST', path, body, respondAsync);
      expect(response.status).toBe(202);
      expect(response.headers.get('preference-applied')).toBe('respond-async');
      const run = (await response.json()) as RunView;
      expect(run).toMatchObject({ kind, finishedAt: null });
      expect(response.headers.get('location')).toBe(`/api/job/${run.id}`);
      const finished = await followToEnd(`/api/job/${run.id}`);
      expect(finished).toMatchObject({ id: run.id, state: 'completed', result });
    });

    it('left the tickets as those runs made them', async () => {
      expect(await ticketNumbered(1700)).toMatchObject({ ticketNumber: 1700 });
      expect(await ticketNumbered(1605)).toMatchObject({ jobSite: null });
      expect(await ticketNumbered(1606)).toMatchObject({ jobSite: 'South Pit' });
      expect(await ticketNumbered(1602)).toMatchObject({ isReceived: true });
    });
  });
});

describe('a run that does not finish in time (no workers: none ever does)', () => {
  let portal: TestPortal;
  let admin: Headers;
  const calls = [
    { call: 'generate', path: '/api/ticket/generate', body: { from: 1, to: 10 } },
    { call: 'bulk update', path: '/api/ticket/bulk', body: { from: 1, to: 10, jobSite: 'North Pit' } },
    { call: 'bulk clear', path: '/api/ticket/bulk/clear', body: { from: 1, to: 10, clearAll: true } },
    { call: 'bulk receive', path: '/api/ticket/bulk/receive', body: { ticketRange: '1-3' } },
  ];
  const runIds = async () =>
    new Set(
      (await portal.infra.pool.query<{ id: string }>('SELECT id FROM job_run')).rows.map((row) => row.id),
    );
  /** The run a request started: the one that was not there before it. */
  const runStartedSince = async (before: Set<string>): Promise<string> => {
    let started: string | undefined;
    await until(async () => {
      started = [...(await runIds())].find((id) => !before.has(id));
      return started !== undefined;
    });
    return started as string;
  };
  /** An API on this portal's services that waits up to 10 minutes for a run, on a port of its own. */
  const waitingApi = async (logLines: string[] = []) => {
    const app: FastifyInstance = await buildApp(
      { ...portal.infra, config: { ...portal.infra.config, runWaitSeconds: 600 } },
      { logger: portalLoggerOptions('info', { write: (line) => logLines.push(line) }) },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    return {
      app,
      url,
      ...clientOf(
        () => url,
        () => admin,
      ),
    };
  };

  beforeAll(async () => {
    portal = await startTestPortal({ env: { WORKERS: 'off', RUN_WAIT_SECONDS: '1' } });
    admin = bearer(await portal.login());
  });
  afterAll(() => portal?.stop());

  it.each(calls)(
    '$call answers 202 with the Location of its run after RUN_WAIT_SECONDS, without a Prefer header',
    async ({ path, body }) => {
      const response = await portal.app.inject({ method: 'POST', url: path, headers: admin, payload: body });
      expect(response.statusCode, response.body).toBe(202);
      expect(response.headers['preference-applied']).toBeUndefined();
      const run = response.json<RunView>();
      expect(response.headers.location).toBe(`/api/job/${run.id}`);
      const followed = await portal.app.inject({ method: 'GET', url: `/api/job/${run.id}`, headers: admin });
      expect(followed.json()).toMatchObject({ id: run.id, state: 'queued', finishedAt: null });
    },
  );

  it('a bulk update whose run failed answers 500 with the Location of the run', async () => {
    const api = await waitingApi();
    try {
      const before = await runIds();
      const answer = api.send('POST', '/api/ticket/bulk', { from: 1, to: 10, jobSite: 'North Pit' });
      const runId = await runStartedSince(before);
      // As a worker records a chunk's last failed attempt.
      await portal.infra.pool.query(
        `UPDATE job_run_chunk SET state = 'failed', error = $2, finished_at = now() WHERE run_id = $1`,
        [runId, unexpectedChunkError],
      );
      await portal.infra.pool.query('UPDATE job_run SET finished_at = now() WHERE id = $1', [runId]);
      const response = await answer;
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ message: unexpectedChunkError });
      expect(response.headers.get('location')).toBe(`/api/job/${runId}`);
    } finally {
      await api.app.close();
    }
  });

  it('stops waiting when the client goes away, and the run goes on', async () => {
    const logLines: string[] = [];
    const api = await waitingApi(logLines);
    try {
      const before = await runIds();
      const client = new AbortController();
      const answer = fetch(`${api.url}/api/ticket/generate`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ from: 20, to: 30 }),
        signal: client.signal,
      });
      const runId = await runStartedSince(before);
      client.abort();
      await expect(answer).rejects.toThrow('aborted');
      await until(() =>
        logLines
          .map((line) => JSON.parse(line) as { msg: string; runId?: string })
          .some(
            (entry) =>
              entry.msg === 'the client went away while waiting; its run goes on' && entry.runId === runId,
          ),
      );
      const run = await portal.app.inject({ method: 'GET', url: `/api/job/${runId}`, headers: admin });
      expect(run.json()).toMatchObject({ state: 'queued' });
    } finally {
      await api.app.close();
    }
  });

  it('answers a waiting request 202 with its Location at once when the API shuts down, and closes its connection', async () => {
    const api = await waitingApi();
    const before = await runIds();
    const answer = api.send('POST', '/api/ticket/bulk/receive', { ticketRange: '4-5' });
    const runId = await runStartedSince(before);
    await api.app.close();
    const response = await answer;
    expect(response.status).toBe(202);
    expect(response.headers.get('location')).toBe(`/api/job/${runId}`);
    // A connection kept alive would hold the shutdown up until the client closed it.
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toMatchObject({ id: runId, state: 'queued' });
  });
});
