import { performance } from 'node:perf_hooks';
import { bearer, startTestPortal, type TestPortal } from '@portal/api/test/portal';
import { type BenchRow, mustBeZero, percentile, row } from './report';
import { sleep } from './support';

const name = 'login';
const floodSize = 100;
const owner = { username: 'owner@portal.test', password: 'Quartz-lantern-meadow-42' };

interface Timed {
  status: number;
  ms: number;
}

let scenarios = 0;

/** Logs in over HTTP as the client a trusted proxy (TRUST_PROXY) names in X-Forwarded-For. */
async function login(portal: TestPortal, clientAddress: string, username: string, password: string) {
  const started = performance.now();
  const response = await fetch(`${portal.url}/api/auth/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress },
    body: JSON.stringify({ username, password }),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** Times one cheap authenticated GET after another until `until` resolves. */
async function timeGetsUntil(portal: TestPortal, token: string, until: Promise<unknown>): Promise<Timed[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const timed: Timed[] = [];
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${portal.url}/api/setting`, { headers: bearer(token) });
    await response.arrayBuffer();
    timed.push({ status: response.status, ms: performance.now() - started });
  }
  return timed;
}

const getLatencyRows = (label: string, timed: Timed[]): BenchRow[] => {
  const latencies = timed.map((t) => t.ms);
  return [
    ...[50, 99].map((p) => row(name, `${label}, p${p}`, percentile(latencies, p), 'ms')),
    row(name, `${label}, requests`, timed.length, 'count'),
    mustBeZero(name, `${label}, non-200`, timed.filter((t) => t.status !== 200).length),
  ];
};

/**
 * 100 concurrent bad logins (unknown names, so the login limits let each through to a password check)
 * from `floodAddress(i)`; once the flood holds its share of the hashing queue, a valid login from
 * another address. Cheap authenticated GETs run one after another the whole time.
 */
async function floodScenario(
  portal: TestPortal,
  token: string,
  label: string,
  floodAddress: (i: number) => string,
  validMustPass: boolean,
): Promise<BenchRow[]> {
  const checksBefore = portal.infra.passwords.checksPerformed;
  // Names not seen before: each bad login is a first failure for its account.
  const scenario = (scenarios++).toString();
  let firstAnswer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    firstAnswer = resolve;
  });
  const floodStarted = performance.now();
  const flood = Promise.all(
    Array.from({ length: floodSize }, async (_, i) => {
      const answer = await login(portal, floodAddress(i), `flood-${scenario}-${i}@portal.test`, 'not-it');
      firstAnswer();
      return answer;
    }),
  );
  const gets = timeGetsUntil(portal, token, flood);
  // A refusal (or the first check) means the flood has reached the hashing queue.
  await answered;
  const valid = await login(portal, '203.0.113.5', owner.username, owner.password);
  const floodAnswers = await flood;
  const floodMs = performance.now() - floodStarted;
  const getTimes = await gets;
  const checked = floodAnswers.filter((a) => a.status === 400).length;
  const refused = floodAnswers.filter((a) => a.status === 429).length;
  const prefix = `${floodSize} bad logins ${label}`;
  return [
    row(name, `${prefix}: valid login from another address, latency`, valid.ms, 'ms'),
    validMustPass
      ? mustBeZero(name, `${prefix}: valid login not answered 200`, valid.status === 200 ? 0 : 1)
      : row(name, `${prefix}: valid login answered`, valid.status, 'status'),
    ...getLatencyRows(`${prefix}: GET /api/setting during the flood`, getTimes),
    row(name, `${prefix}: flood answered 400 (password checked)`, checked, 'count'),
    row(name, `${prefix}: flood answered 429 (hashing queue full)`, refused, 'count'),
    mustBeZero(name, `${prefix}: flood answered neither 400 nor 429`, floodSize - checked - refused),
    row(
      name,
      `${prefix}: password checks performed (flood and valid login)`,
      portal.infra.passwords.checksPerformed - checksBefore,
      'count',
    ),
    row(name, `${prefix}: until the whole flood was answered`, floodMs, 'ms'),
  ];
}

export async function loginBench(): Promise<BenchRow[]> {
  // Requests come from 127.0.0.1 (this process) and name their client in X-Forwarded-For.
  const portal = await startTestPortal({ env: { TRUST_PROXY: '127.0.0.1' } });
  try {
    const token = await portal.login();
    const created = await fetch(`${portal.url}/api/user/new`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ ...owner, firstName: 'Olive', lastName: 'Owner' }),
    });
    if (!created.ok)
      throw new Error(`creating the owner answered ${created.status}: ${await created.text()}`);

    const quiet = await login(portal, '203.0.113.5', owner.username, owner.password);
    const quietGets = await timeGetsUntil(portal, token, sleep(2_000));
    const rows = [
      row(name, 'no flood: valid login, latency', quiet.ms, 'ms'),
      ...getLatencyRows('no flood: GET /api/setting', quietGets),
    ];
    rows.push(...(await floodScenario(portal, token, 'from one address', () => '198.51.100.1', true)));
    // Every address within its share: the turns cannot help, and past the queue's total (64) even a
    // valid login is refused at once (429, try again in a moment) rather than waiting for 100 checks.
    rows.push(
      ...(await floodScenario(portal, token, 'from 100 addresses', (i) => `198.51.100.${i + 10}`, false)),
    );
    return rows;
  } finally {
    await portal.stop();
  }
}
