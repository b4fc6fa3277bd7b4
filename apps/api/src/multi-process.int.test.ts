import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { testAdmin } from '@portal/api/test/portal';
import {
  type PortalProcess,
  type ProcessEnv,
  startProjectorProcess,
  startTopology,
} from '@portal/api/test/processes';
import { createTestDatabase, type TestDatabase } from '@portal/event-store/test/test-servers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './config';

// Issue 17, items 2 and 3: the production topology on this machine. Two API processes (`npm run api`), a
// projector (`npm run projector`) and a worker (`npm run worker`), each its own process, on the machine's
// PostgreSQL and Redis.
let database: TestDatabase;
let env: ProcessEnv;
let apiA: PortalProcess & { url: string };
let apiB: PortalProcess & { url: string };
let worker: PortalProcess;
/** The projectors running now; the test kills and starts them. */
const projectors: PortalProcess[] = [];
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const topology = await startTopology(database, 2);
  env = topology.env;
  projectors.push(topology.projector);
  worker = topology.worker;
  [apiA, apiB] = topology.apis as [typeof apiA, typeof apiB];
  token = await call(apiA, 'POST', '/api/auth/Authenticate', {
    username: testAdmin.username,
    password: testAdmin.password,
  });
});

afterAll(async () => {
  await Promise.all([apiA, apiB, worker, ...projectors].map((process) => process?.stop()));
  await database?.drop();
});

/** A call to one API process over HTTP as the administrator; anything but 2xx throws. */
async function call<T>(api: { url: string }, method: string, url: string, body?: object): Promise<T> {
  const response = await fetch(`${api.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} on ${api.url}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const contractorNames = async (api: { url: string }) =>
  (
    await call<{ contractorCompanies: { name: string }[] }>(api, 'GET', '/api/contractorcompany/all')
  ).contractorCompanies.map((company) => company.name);

const createContractor = (api: { url: string }, name: string) =>
  call(api, 'POST', '/api/contractorcompany/new', { name });

/** Runs `work` on a connection of its own to the test database. */
async function onDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The processes (by application name) that hold advisory locks on the test database now. */
const advisoryLockHolders = () =>
  onDatabase(async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `SELECT DISTINCT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a USING (pid)
        WHERE l.locktype = 'advisory' AND a.datname = current_database()`,
    );
    return rows.map((row) => row.name);
  });

/** Every read model's rows, comparable across a rebuild (log rows without their serial ids). */
const readModels = () =>
  onDatabase(async (client) => {
    const tables: Record<string, string> = {
      users: 'to_jsonb(t)',
      contractor_companies: 'to_jsonb(t)',
      tickets: 'to_jsonb(t)',
      ticket_log: "to_jsonb(t) - 'id'",
    };
    const snapshot: Record<string, unknown[]> = {};
    for (const [table, row] of Object.entries(tables)) {
      const { rows } = await client.query<{ row: unknown }>(
        `SELECT ${row} AS row FROM ${table} t ORDER BY 1::text`,
      );
      snapshot[table] = rows.map((found) => found.row);
    }
    return snapshot;
  });

describe('two APIs, a projector and a worker as separate processes', () => {
  it('see each other’s commands at once, and a queued run goes to the worker', async () => {
    await createContractor(apiA, 'Acme Excavating');
    expect(await contractorNames(apiB)).toContain('Acme Excavating');
    await createContractor(apiB, 'Birch Earthworks');
    expect(await contractorNames(apiA)).toContain('Birch Earthworks');

    // The APIs run no workers: the worker process generates, and the answer waits for it.
    const generated = await call<{ success: boolean }>(apiA, 'POST', '/api/ticket/generate', {
      from: 1,
      to: 20,
    });
    expect(generated).toMatchObject({ success: true });
    const found = await call<unknown[]>(apiB, 'POST', '/api/ticket/search', {});
    expect(found).toHaveLength(20);
  });

  it('a projector killed mid-load is restarted, catches up, and its read models equal a rebuild', async () => {
    const names = Array.from({ length: 30 }, (_, n) => `Load ${String(n).padStart(2, '0')}`);
    let created = 0;
    // While no projector runs, a command is saved but cannot show its record: after the 5 s
    // read-your-writes wait it answers 404. Those answers are collected, never left unhandled.
    const unconfirmed: string[] = [];
    const load = (async () => {
      for (let next = 0; next < names.length; next += 3) {
        await Promise.all(
          names.slice(next, next + 3).map(async (name, i) => {
            await createContractor(i % 2 ? apiB : apiA, name).catch((error: Error) => {
              if (!error.message.includes(': 404 ')) throw error;
              unconfirmed.push(name);
            });
            created += 1;
          }),
        );
      }
    })();
    load.catch(() => undefined); // awaited below; a failure before then is not an unhandled one
    await expect.poll(() => created, { timeout: 30_000, interval: 10 }).toBeGreaterThanOrEqual(6);
    await projectors.shift()?.kill();
    const restarted = await startProjectorProcess(env);
    projectors.push(restarted);
    expect(restarted.ready[1]).toBe('projecting');
    await load;
    expect(unconfirmed.length).toBeLessThan(names.length);
    await expect
      .poll(async () => (await contractorNames(apiB)).filter((name) => name.startsWith('Load ')).length, {
        timeout: 15_000,
      })
      .toBe(names.length);

    // A rebuild needs the read models to itself: stop the projector, rebuild, compare, start it again.
    await projectors.shift()?.stop();
    const live = await readModels();
    const rebuild = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/cli/rebuild-projections.ts'],
      { cwd: repoRoot, env: { ...process.env, ...env } },
    );
    expect(rebuild.stdout).toMatch(/^Rebuilt \d+ read model\(s\) from [\d,]+ events/);
    expect(await readModels()).toEqual(live);
    expect(live.contractor_companies?.length).toBe(names.length + 2);
    projectors.push(await startProjectorProcess(env));
  });

  it('a standing-by projector takes over when the projecting one dies', async () => {
    const standby = await startProjectorProcess(env);
    expect(standby.ready[1]).toBe('standing by');
    await projectors.shift()?.kill();
    projectors.push(standby);

    await createContractor(apiA, 'After the takeover');
    await expect.poll(() => contractorNames(apiB), { timeout: 5_000 }).toContain('After the takeover');
    // The projections' lock is the projector's: the APIs and the worker (PROJECTIONS=off) never stand by.
    expect(await advisoryLockHolders()).toEqual(['portal-projector']);
  });

  it('one API stopped, the other keeps serving', async () => {
    await apiA.stop();
    await createContractor(apiB, 'Served by B alone');
    expect(await contractorNames(apiB)).toContain('Served by B alone');
  });
});
