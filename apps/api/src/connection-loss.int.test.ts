import { testAdmin } from '@portal/api/test/portal';
import { type PortalProcess, startTopology } from '@portal/api/test/processes';
import type { RunView } from '@portal/contract';
import { createTestDatabase, type TestDatabase } from '@portal/event-store/test/test-servers';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// Issue 36, item 3: the database ends every connection of one kind of process while it works, as a
// failover would (`pg_terminate_backend` on the process's application_name). The process stays up, and
// its work completes: the API mid-request, the projector mid-batch. (The worker mid-chunk, on both
// queue backends, is in jobs/bulk-runs.int.test.ts.)

let database: TestDatabase;
/** Outside every portal process: it ends their connections and reads what they left. */
let admin: pg.Client;
let api: PortalProcess & { url: string };
let projector: PortalProcess;
let worker: PortalProcess;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const topology = await startTopology(database, 1);
  ({ projector, worker } = topology);
  [api] = topology.apis as [typeof api];
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const login = await send('POST', '/api/auth/Authenticate', {
    username: testAdmin.username,
    password: testAdmin.password,
  });
  expect(login.status).toBe(200);
  token = (await login.json()) as string;
});

afterAll(async () => {
  await Promise.all([api, projector, worker].map((process) => process?.stop()));
  await admin?.end();
  await database?.drop();
});

// What a process printed tells why it died, or why its work did not complete.
afterEach((context) => {
  if (context.task.result?.state === 'fail')
    for (const [name, process] of Object.entries({ api, projector, worker }))
      console.error(`${name} output:\n${process?.recentOutput()}`);
});

/** One call to the API process over HTTP as the administrator. */
const send = (method: string, url: string, body?: object, headers: Record<string, string> = {}) =>
  fetch(`${api.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

const rowsOf = async <Row>(text: string, values: unknown[] = []) =>
  (await admin.query(text, values)).rows as Row[];

/** Ends every connection of the processes whose application_name starts with `prefix`; how many. */
const terminateConnectionsOf = async (prefix: string) => {
  const [row] = await rowsOf<{ ended: number }>(
    `SELECT count(pg_terminate_backend(pid))::int AS ended FROM pg_stat_activity
     WHERE datname = current_database() AND application_name LIKE $1 || '%'`,
    [prefix],
  );
  return row?.ended ?? 0;
};

/** Polls `condition` every few milliseconds until it holds; throws with `what` after `timeoutMs`. */
async function until(what: string, condition: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe('every database connection of a process ended while it works', () => {
  it('the projector mid-batch: it stays up, takes its projections back and projects every event once', async () => {
    // Three generations (at most 2000 tickets each, the spec's limit) keep the projector busy a while.
    const runs = await Promise.all(
      [1, 2001, 4001].map(async (from) => {
        const started = await send(
          'POST',
          '/api/ticket/generate',
          { from, to: from + 1999 },
          { prefer: 'respond-async' },
        );
        expect(started.status).toBe(202);
        return (await started.json()) as RunView;
      }),
    );
    // Mid-batch: some tickets projected, not all, and a projection transaction of the projector open.
    await until('a projection batch in hand', async () => {
      const [state] = await rowsOf<{ projected: number; batches: number }>(
        `SELECT (SELECT count(*)::int FROM tickets) AS projected,
                (SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database()
                   AND application_name LIKE 'portal-projector%' AND xact_start IS NOT NULL
                   AND query NOT LIKE '%pg_try_advisory_lock%') AS batches`,
      );
      return (state?.projected ?? 0) > 0 && (state?.projected ?? 0) < 6000 && (state?.batches ?? 0) > 0;
    });
    expect(await terminateConnectionsOf('portal-projector')).toBeGreaterThan(1);

    for (const run of runs)
      await until('the runs finished', async () => {
        const view = (await (await send('GET', `/api/job/${run.id}`)).json()) as RunView;
        return view.state === 'completed';
      });
    await until('every ticket projected', async () => {
      const [tickets] = await rowsOf<{ count: number }>('SELECT count(*)::int AS count FROM tickets');
      return tickets?.count === 6000;
    });
    const [projected] = await rowsOf<{ count: number; distinct: number; events: number }>(
      `SELECT count(*)::int AS count, count(DISTINCT ticket_number)::int AS distinct,
              (SELECT count(*)::int FROM events WHERE event_type = 'TicketGenerated') AS events
       FROM tickets`,
    );
    expect(projected).toEqual({ count: 6000, distinct: 6000, events: 6000 });
    expect(projector.running()).toBe(true);
    expect(projector.recentOutput()).toContain('PostgreSQL connection lost (portal-projector)');
    // It holds the projections' lock again: the next command is projected and answered at once.
    const created = await send('POST', '/api/contractorcompany/new', { name: 'After the failover' });
    expect(created.status).toBe(200);
  }, 120_000);

  it('the API mid-request: it stays up; a request cut off answers 503 and changes all or nothing', async () => {
    const names = Array.from({ length: 60 }, (_, n) => `Failover ${String(n).padStart(2, '0')}`);
    const requests = [
      ...names.map(async (name) => ({
        name,
        response: await send('POST', '/api/contractorcompany/new', { name }),
      })),
      ...names.map(async () => ({
        name: null,
        response: await send('GET', '/api/ticket/latest/active?page=1&perPage=50'),
      })),
    ];
    // Mid-request: a query of the API's in progress when its connections are ended.
    await until(
      'a query of the API in progress',
      async () =>
        (
          await rowsOf(
            `SELECT 1 FROM pg_stat_activity WHERE datname = current_database()
             AND application_name LIKE 'portal-api%' AND state = 'active' AND query NOT LIKE 'LISTEN%'`,
          )
        ).length > 0,
      30_000,
    );
    expect(await terminateConnectionsOf('portal-api')).toBeGreaterThan(0);
    const answers = await Promise.all(requests);

    const statuses = answers.map(({ response }) => response.status);
    expect(
      statuses.filter((status) => status !== 200 && status !== 503),
      String(statuses),
    ).toEqual([]);
    const cutOff = answers.filter(({ response }) => response.status === 503);
    expect(cutOff.length, 'no request was cut off').toBeGreaterThan(0);
    for (const { response } of cutOff) {
      expect(response.headers.get('retry-after')).toBe('1');
      expect(await response.json()).toEqual({ message: 'An unexpected error occurred.' });
    }
    expect(api.running()).toBe(true);

    // All or nothing: every contractor saved is in the read model and every one in the read model was
    // saved; every one answered 200 is among them.
    await until('the read models caught up', async () => {
      const [counts] = await rowsOf<{ saved: number; listed: number }>(
        `SELECT (SELECT count(*)::int FROM events WHERE event_type = 'ContractorCompanyCreated'
                   AND data->>'name' LIKE 'Failover %') AS saved,
                (SELECT count(*)::int FROM contractor_companies WHERE name LIKE 'Failover %') AS listed`,
      );
      return counts?.saved === counts?.listed;
    });
    const listed = (
      await rowsOf<{ name: string }>(
        `SELECT name FROM contractor_companies WHERE name LIKE 'Failover %' ORDER BY name`,
      )
    ).map((row) => row.name);
    const answeredCreated = answers
      .filter(({ name, response }) => name && response.status === 200)
      .map(({ name }) => name);
    expect(listed).toEqual(expect.arrayContaining(answeredCreated));
    expect(new Set(listed).size).toBe(listed.length);

    // The next requests find new connections.
    const list = await send('GET', '/api/contractorcompany/all');
    expect(list.status).toBe(200);
    const again = await send('POST', '/api/contractorcompany/new', { name: 'Failover again' });
    expect(again.status).toBe(200);
    expect(api.recentOutput()).toContain('PostgreSQL connection lost (portal-api)');
  }, 120_000);
});
