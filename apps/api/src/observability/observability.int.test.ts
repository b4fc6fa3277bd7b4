import { bearer, startTestPortal, type TestPortal } from '@portal/api/test/portal';
import { freePort, startWorkerProcess } from '@portal/api/test/processes';
import type { BridgeReport } from '@portal/contract';
import { allProjections } from '@portal/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueueNames } from '../job-registry';

/**
 * Issue 17, item 4: /healthz, /readyz and /metrics of the API and the worker, on real PostgreSQL
 * and Redis. The public port serves the probes; /metrics only the internal listener, with its token.
 */

const metricsToken = 'scrape-token-for-tests-0123456789';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let portal: TestPortal;
let admin: Record<string, string>;
let internal: string;

beforeAll(async () => {
  const port = await freePort();
  portal = await startTestPortal({
    env: {
      REDIS_URL: redisUrl,
      METRICS_PORT: String(port),
      METRICS_TOKEN: metricsToken,
      READY_MAX_PROJECTION_LAG: '3',
    },
  });
  admin = bearer(await portal.login());
  internal = portal.healthUrl ?? '';
});
afterAll(() => portal?.stop());

const scrape = async (): Promise<string> => {
  const response = await fetch(`${internal}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
};

/** The value of one series (`name{labels}`), or undefined when the scrape has no such series. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('the API process', () => {
  it('documents /healthz and /readyz in the API reference (public, no credentials), not /metrics', async () => {
    const document = (await portal.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>();
    expect(document.paths['/healthz']?.get?.security).toEqual([]);
    expect(document.paths['/readyz']?.get?.security).toEqual([]);
    expect(document.paths['/metrics']).toBeUndefined();
  });

  it('/healthz answers 200 on the public port with no token', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 when PostgreSQL, the event store, Redis and the projections are fine', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', eventStore: 'ok', queues: 'ok', projections: 'ok' },
    });
    const onInternal = await fetch(`${internal}/readyz`);
    expect(onInternal.status).toBe(200);
  });

  it('does not serve /metrics on the public port; the internal listener wants its token', async () => {
    for (const headers of [{}, admin, bearer(metricsToken)])
      expect((await portal.app.inject({ method: 'GET', url: '/metrics', headers })).statusCode).toBe(404);
    expect((await fetch(`${internal}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${internal}/metrics`, { headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(401);
    expect(internal).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect((await fetch(`${internal}/healthz`)).status).toBe(200);
  });

  it('times requests by route template, never by the raw URL', async () => {
    const missing = await portal.app.inject({ method: 'GET', url: '/api/scale/987654', headers: admin });
    expect(missing.statusCode).toBe(404);
    await portal.app.inject({ method: 'GET', url: '/no/such/place/unique-probe-path' });
    const text = await scrape();
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/scale/:id",status_code="404"}',
      ),
    ).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}'),
    ).toBeGreaterThanOrEqual(1);
    // A route of a scope registered before the API's own (the reference's) is timed too.
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/docs/json",status_code="200"}',
    );
    expect(text).not.toContain('987654');
    expect(text).not.toContain('unique-probe-path');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('counts appended events (a command), scale readings and scale errors', async () => {
    const appended = 'portal_events_appended_total{category="scale"}';
    const before = sample(await scrape(), appended) ?? 0;
    const created = await portal.app.inject({
      method: 'POST',
      url: '/api/scale/new',
      headers: admin,
      payload: { scaleName: 'Metrics bridge' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const scaleId = created.json<{ id: number }>().id;
    expect(sample(await scrape(), appended)).toBe(before + 1);

    const issued = await portal.app.inject({
      method: 'POST',
      url: `/api/scale/${scaleId}/key`,
      headers: admin,
    });
    const bridge = { authorization: `Bridge ${issued.json<{ key: string }>().key}` };
    const statusSince = new Date().toISOString();
    const withReading: BridgeReport = {
      status: 'ok',
      statusSince,
      reading: {
        weightKg: 31_200,
        mode: 'gross',
        stable: true,
        range: 'ok',
        rawFrame: '02',
        readAt: statusSince,
      },
    };
    for (const payload of [withReading, withReading, { status: 'error', statusSince, reading: null }]) {
      const posted = await portal.app.inject({
        method: 'PUT',
        url: '/api/scale/bridge/report',
        headers: bridge,
        payload,
      });
      expect(posted.statusCode, posted.body).toBe(204);
    }
    const text = await scrape();
    expect(sample(text, `portal_scale_readings_total{scale="${scaleId}"}`)).toBe(2);
    expect(sample(text, `portal_scale_errors_total{scale="${scaleId}",status="error"}`)).toBe(1);
  });

  it('reports queue depth per queue and state, and the lag of every projection', async () => {
    const text = await scrape();
    for (const queue of jobQueueNames)
      for (const state of ['waiting', 'active', 'delayed', 'failed'])
        expect(
          sample(text, `portal_queue_jobs{queue="${queue}",state="${state}"}`),
          `${queue} ${state}`,
        ).toBe(0);
    for (const { name } of allProjections)
      expect(sample(text, `portal_projection_lag_events{projection="${name}"}`), name).toBe(0);
  });

  it('counts a failed job per queue, as a failed attempt and in the failed state', async () => {
    const failures = 'portal_queue_job_failures_total{queue="mail"}';
    const failed = 'portal_queue_jobs{queue="mail",state="failed"}';
    const before = sample(await scrape(), failures) ?? 0;
    // An unknown mail job is refused for good (UnrecoverableError): one attempt, then the failed set.
    await portal.infra.jobs.queue('mail').add('no-such-mail-job', {}, { jobId: 'metrics-probe' });
    await expect.poll(async () => sample(await scrape(), failed), { timeout: 15_000 }).toBe(1);
    expect(sample(await scrape(), failures)).toBe(before + 1);
  });

  // Last: it stops this portal's projections.
  it('/readyz answers 503 naming the projections once they lag past READY_MAX_PROJECTION_LAG', async () => {
    await portal.infra.projections.stop();
    for (let i = 0; i < 5; i++)
      await portal.infra.eventStore.append('lag-probe-1', [
        { type: 'LagProbed', data: {}, metadata: { userId: null, occurredAt: new Date().toISOString() } },
      ]);
    // Probes within a quarter second share one answer: ask until the fresh one comes.
    const readyz = () => portal.app.inject({ method: 'GET', url: '/readyz' });
    await expect.poll(async () => (await readyz()).statusCode).toBe(503);
    const response = await readyz();
    const body = response.json<{ status: string; checks: Record<string, string> }>();
    expect(body.status).toBe('not ready');
    expect(body.checks).toMatchObject({ database: 'ok', eventStore: 'ok', queues: 'ok' });
    expect(body.checks.projections).toMatch(/^more than 3 events behind: .*tickets \(\d+\)/);
    expect(
      sample(await scrape(), 'portal_projection_lag_events{projection="tickets"}'),
    ).toBeGreaterThanOrEqual(5);
  });
});

describe('an API process whose Redis is unreachable', () => {
  let down: TestPortal;
  beforeAll(async () => {
    const closedPort = await freePort();
    down = await startTestPortal({
      env: { REDIS_URL: `redis://127.0.0.1:${closedPort}`, WORKERS: 'off', READY_CHECK_TIMEOUT_MS: '1500' },
    });
  });
  afterAll(() => down?.stop());

  it('is alive but not ready: /readyz answers 503 naming the queues, and no address or stack', async () => {
    expect((await down.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const response = await down.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'not ready',
      checks: { database: 'ok', eventStore: 'ok', queues: 'unreachable', projections: 'ok' },
    });
    expect(response.body).not.toMatch(/redis:|127\.0\.0\.1|ECONNREFUSED|postgres/i);
  });
});

describe('the worker process (npm run worker)', () => {
  it('serves /healthz, /readyz (PostgreSQL and its queue backend) and /metrics on METRICS_PORT', async () => {
    const port = await freePort();
    const worker = await startWorkerProcess({
      DATABASE_URL: portal.database.url,
      METRICS_PORT: String(port),
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      const health = await fetch(`${base}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', queues: 'ok' } });
      const metrics = await (await fetch(`${base}/metrics`)).text();
      expect(metrics).toContain('portal_queue_jobs{queue="mail",state="waiting"} 0');
      expect(metrics).toContain('portal_queue_job_failures_total');
      expect(metrics).toContain('process_resident_memory_bytes');
    } finally {
      await worker.stop();
    }
  });
});
