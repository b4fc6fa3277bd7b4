import {
  bearer,
  createStandardUser,
  deleteStandardUser,
  type Headers,
  testStandardUser,
  useTestPortal,
} from '@portal/api/test/portal';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningPortal, startPortal } from '../portal';

// Issue 16, item 3: the signed-in user's role and session version are cached briefly, so an authenticated
// read costs one query, and a change to the user reaches every API process's cache at once.
const ctx = useTestPortal();
/** A second API process on the same database, as in a deployment with two replicas. */
let second: RunningPortal;
let admin: pg.Client;

beforeAll(async () => {
  second = await startPortal(
    { ...ctx.portal.config, port: 0, runWorkers: false },
    { print: () => undefined },
  );
  admin = new pg.Client({ connectionString: ctx.portal.config.databaseUrl });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await second?.close();
});

/** Lookups the authentication hook made on `portal` so far, by source. */
async function lookups(portal: RunningPortal): Promise<{ cached: number; loaded: number }> {
  const { values } = await portal.infra.metrics.sessionUserLookups.get();
  const count = (source: string) => values.find((value) => value.labels.source === source)?.value ?? 0;
  return { cached: count('cached'), loaded: count('loaded') };
}

const readSettings = (portal: RunningPortal, headers: Headers) =>
  portal.app.inject({ method: 'GET', url: '/api/setting', headers });

async function freshStandardUser(): Promise<{ id: number; headers: Headers }> {
  await deleteStandardUser(ctx.portal, ctx.admin);
  return createStandardUser(ctx.portal, ctx.admin);
}

/** Gives the standard user `roleId` as an administrator would, naming their current version. */
async function setRole(id: number, roleId: 1 | 2): Promise<void> {
  const { version } = (
    await ctx.portal.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: ctx.admin })
  ).json<{ version: number }>();
  const response = await ctx.portal.app.inject({
    method: 'PUT',
    url: '/api/user/edit',
    headers: ctx.admin,
    payload: { ...testStandardUser, password: '', id, version, roleId },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('the signed-in user, cached briefly', () => {
  it('is read from the read model once, then from the cache', async () => {
    const { headers } = await freshStandardUser();
    const before = await lookups(ctx.portal);
    for (let round = 0; round < 5; round += 1)
      expect((await readSettings(ctx.portal, headers)).statusCode).toBe(200);

    const after = await lookups(ctx.portal);
    expect(after.loaded - before.loaded).toBe(1);
    expect(after.cached - before.cached).toBe(4);
  });

  it('is forgotten by the other API process when the user is demoted there, and refused at once', async () => {
    const { id } = await freshStandardUser();
    // Made an administrator, the user signs in again and reads an administrators-only list on the second API.
    await setRole(id, 1);
    const promoted = bearer(await ctx.portal.login(testStandardUser.username, testStandardUser.password));
    const adminList = () => second.app.inject({ method: 'GET', url: '/api/user/all', headers: promoted });
    expect((await adminList()).statusCode).toBe(200);
    expect((await adminList()).statusCode).toBe(200); // now from the second API's cache

    await setRole(id, 2);
    // The notification travels on its own connection: allow it a moment, far less than the cache's lifetime.
    await expect.poll(async () => (await adminList()).statusCode, { timeout: 2_000, interval: 20 }).toBe(401);
  });

  it('is read from the read model while the connection that hears changes is lost, and cached again once it listens anew', async () => {
    const { headers } = await freshStandardUser();
    await readSettings(second, headers);
    const { rows } = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND query = 'LISTEN session_user_changed' AND pid <> pg_backend_pid()`,
    );
    expect(rows.length).toBe(2); // one per API process
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [
      rows.map((row) => row.pid),
    ]);

    // Changes made while nobody listens would go unheard: the user is read from the read model again at
    // once, before the connection is opened anew (a second after the loss) and long before the cache's
    // lifetime would have ended.
    const cut = await lookups(second);
    await expect
      .poll(
        async () => {
          await readSettings(second, headers);
          return (await lookups(second)).loaded - cut.loaded;
        },
        { timeout: 900, interval: 20 },
      )
      .toBeGreaterThan(0);
    // Listening again (after about a second), it caches again.
    await expect
      .poll(
        async () => {
          const start = await lookups(second);
          await readSettings(second, headers);
          await readSettings(second, headers);
          return (await lookups(second)).cached - start.cached;
        },
        { timeout: 5_000, interval: 100 },
      )
      .toBeGreaterThan(0);
  });
});
