import { performance } from 'node:perf_hooks';
import { bearer, startTestPortal, testAdmin } from '@portal/api/test/portal';
import type autocannon from 'autocannon';
import { type BenchRow, mustBeZero, percentile, perSecond, row } from './report';
import { cannon, cannonRows } from './support';

const name = 'http';
/** The logins' and the lists' load, as autocannon takes it (connections, seconds). */
const loginLoad = { connections: 4, duration: 10 };
const listLoad = { connections: 10, duration: 10 };
const usersToCreate = 50;
const createConcurrency = 2;

const resultRows = (label: string, result: autocannon.Result) => cannonRows(name, label, result);

export async function httpUsersBench(): Promise<BenchRow[]> {
  const portal = await startTestPortal();
  try {
    const rows: BenchRow[] = [];

    // Argon2id verification on every request: deliberately slow, so few connections suffice to saturate it.
    const login = await cannon({
      url: `${portal.url}/api/auth/Authenticate`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: testAdmin.username, password: testAdmin.password }),
      ...loginLoad,
    });
    rows.push(
      ...resultRows(
        `POST /api/auth/Authenticate (${loginLoad.connections} conn, ${loginLoad.duration} s)`,
        login,
      ),
    );

    const auth = bearer(await portal.login());
    const headers = { ...auth, 'content-type': 'application/json' };
    const createMs: number[] = [];
    let createFailures = 0;
    const createUser = async (n: number) => {
      const started = performance.now();
      const response = await fetch(`${portal.url}/api/user/new`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          username: `bench-${n}@portal.test`,
          password: 'Bench-saffron-glacier-64',
          firstName: 'Bench',
          lastName: `User ${n}`,
          phoneNumber: '(416)555-0101',
        }),
      });
      await response.arrayBuffer();
      createMs.push(performance.now() - started);
      if (!response.ok) createFailures++;
    };
    const createStarted = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: createConcurrency }, async () => {
        while (next < usersToCreate) await createUser(next++);
      }),
    );
    const createElapsed = performance.now() - createStarted;
    const label = `POST /api/user/new (${usersToCreate} users, ${createConcurrency} at a time)`;
    rows.push(
      row(name, `${label}: throughput`, perSecond(usersToCreate, createElapsed), 'req/s'),
      row(name, `${label}: latency p50`, percentile(createMs, 50), 'ms'),
      row(name, `${label}: latency max`, Math.max(...createMs), 'ms'),
      mustBeZero(name, `${label}: non-2xx responses`, createFailures),
    );

    const listed = await fetch(`${portal.url}/api/user/all`, { headers });
    if (!listed.ok) throw new Error(`GET /api/user/all answered ${listed.status}: ${await listed.text()}`);
    const users = ((await listed.json()) as unknown[]).length;
    rows.push(row(name, 'GET /api/user/all: users per response', users, 'users'));

    const list = await cannon({
      url: `${portal.url}/api/user/all`,
      headers: auth,
      ...listLoad,
    });
    rows.push(
      ...resultRows(`GET /api/user/all (${listLoad.connections} conn, ${listLoad.duration} s)`, list),
    );
    return rows;
  } finally {
    await portal.stop();
  }
}
