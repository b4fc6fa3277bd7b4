import type { Readiness } from '@portal/observability';
import { afterEach, describe, expect, it } from 'vitest';
import { openScaleEnd, recordingLog, startRecordingPortal, tempLinks } from '../test/bridge-kit';
import { configFromEnv } from './config';
import { createCrFramer } from './protocols/line-framers';
import { encodeSma } from './protocols/sma';
import { frame } from './protocols/test-frames';
import { encodeToledo } from './protocols/toledo';
import { type ScaleBridge, startScaleBridge } from './scale-bridge';
import { openPtyPair, type PtyPair } from './simulator/socat-pty';

const key = 'scale-7-Fq2kP9xZ';
const sevenEvenOne = { baudRate: 9600, dataBits: 7, parity: 'even', stopBits: 1 } as const;
// Reconnection waits up to 1 s between tries; the portal may back off its posts up to 10 s: polls wait past that.
const poll = { timeout: 20_000, interval: 50 };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(env: Record<string, string>) {
  const links = await tempLinks();
  cleanups.push(links.remove);
  const portal = await startRecordingPortal(key);
  cleanups.push(portal.close);
  const log = recordingLog();
  const config = configFromEnv({
    SCALE_PORT: links.bridgeSide,
    SCALE_BRIDGE_KEY: key,
    PORTAL_URL: portal.url,
    ...env,
  });
  const bridge: ScaleBridge = await startScaleBridge(
    { ...config, metrics: { host: '127.0.0.1', port: 0, token: config.metrics?.token ?? null } },
    { log },
  );
  cleanups.push(bridge.stop);
  const plug = async () => {
    const pair: PtyPair = await openPtyPair(links);
    cleanups.push(pair.stop);
    return pair;
  };
  const opened = () => log.lines.filter((line) => line.startsWith('opened')).length;
  const get = (path: string) => fetch(`${bridge.metricsUrl}${path}`);
  return { links, portal, log, bridge, plug, opened, get };
}

describe('the bridge on a real serial device (a socat pty pair)', () => {
  it('reads a 7E1 Toledo byte by byte through noise and a bad checksum, posts, and survives an unplug', async () => {
    const { links, portal, log, bridge, plug, opened, get } = await setup({
      SCALE_PROTOCOL: 'toledo',
      SCALE_TOLEDO_CHECKSUM: 'on',
      SCALE_DATA_BITS: '7',
      SCALE_PARITY: 'even',
    });
    let pair = await plug();
    await expect.poll(opened, poll).toBe(1);
    let scale = await openScaleEnd(links.scaleSide, sevenEvenOne);
    cleanups.push(() => scale.close());

    const badChecksum = encodeToledo(frame({ weight: 5000 }), { checksum: true });
    badChecksum[badChecksum.length - 1] = ((badChecksum.at(-1) ?? 0) + 1) & 0x7f;
    const noise = Buffer.from('\x02zz\r\x7f', 'latin1');
    await scale.writeByteByByte(
      Buffer.concat([
        noise,
        encodeToledo(frame({ weight: 1000, motion: true }), { checksum: true }),
        noise,
        badChecksum,
        encodeToledo(frame({ weight: 12_340 }), { checksum: true }),
      ]),
    );

    await expect.poll(() => portal.latest()?.reading?.weightKg, poll).toBe(12_340);
    expect(portal.latest()).toMatchObject({
      status: 'ok',
      reading: { stable: true, mode: 'gross', range: 'ok' },
    });
    expect(portal.received.every(({ authorization }) => authorization === `Bridge ${key}`)).toBe(true);
    // One bridge, one id on every report (two bridges on one key show as two ids).
    const bridgeIds = new Set(portal.received.map(({ report }) => report.bridgeId));
    expect([...bridgeIds]).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(portal.received.map(({ report }) => report.reading?.weightKg)).not.toContain(5000);
    expect(portal.invalid).toEqual([]);
    expect(bridge.stats).toMatchObject({ framesOk: 2, checksumErrors: 1, reconnects: 0 });
    expect(bridge.stats.garbageBytes).toBeGreaterThanOrEqual(2 * noise.length);
    expect((await get('/healthz')).status).toBe(200);
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { serial: 'ok', portal: 'ok' } });
    const metrics = await (await get('/metrics')).text();
    expect(metrics).toContain('scale_bridge_frames_total 2');
    expect(metrics).toContain('scale_bridge_checksum_errors_total 1');
    expect(metrics).toContain('scale_bridge_status{status="ok"} 1');

    // Unplug: socat goes away, both ends vanish.
    await scale.close();
    await pair.stop();
    await expect.poll(() => portal.latest()?.status, poll).toBe('disconnected');
    expect(portal.latest()?.reading).toBeNull();
    const unplugged = await get('/readyz');
    expect(unplugged.status).toBe(503);
    expect(await unplugged.json()).toEqual({
      status: 'not ready',
      checks: { serial: 'no frame from the scale within the frame timeout', portal: 'ok' },
    });

    // Replug at the same paths: the bridge reopens by itself and readings resume.
    pair = await plug();
    await expect.poll(opened, poll).toBe(2);
    scale = await openScaleEnd(links.scaleSide, sevenEvenOne);
    cleanups.push(() => scale.close());
    await scale.write(encodeToledo(frame({ weight: 20_000 }), { checksum: true }));
    await expect.poll(() => portal.latest()?.reading?.weightKg, poll).toBe(20_000);
    expect(bridge.stats.reconnects).toBe(1);
    expect(log.lines.some((line) => line.startsWith('lost '))).toBe(true);
    expect(portal.invalid).toEqual([]);
  });

  it('polls an SMA indicator and posts its answers', async () => {
    const { links, portal, plug, opened } = await setup({ SCALE_PROTOCOL: 'sma', SCALE_POLL_MS: '100' });
    await plug();
    await expect.poll(opened, poll).toBe(1);
    const scale = await openScaleEnd(links.scaleSide);
    cleanups.push(() => scale.close());
    let polls = 0;
    const requests = createCrFramer();
    requests.on('data', (chunk: Buffer) => {
      if (chunk.toString('latin1') !== '\nW\r') return;
      polls++;
      scale.port.write(encodeSma(frame({ weight: 27_000, unit: 'lb', motion: polls < 3 })));
    });
    scale.port.pipe(requests);

    await expect.poll(() => portal.latest()?.status, poll).toBe('ok');
    // 27,000 lb is 12,246.994 kg: to the tens of kg of the default 10 kg division.
    expect(portal.latest()?.reading?.weightKg).toBe(12_250);
    expect(polls).toBeGreaterThanOrEqual(3);
  });

  it('keeps trying when the port is missing and the portal refuses the key, and never logs the key', async () => {
    const { portal, bridge, log, get } = await setup({ SCALE_PROTOCOL: 'toledo' });
    portal.state.accept = false;
    await expect.poll(() => bridge.stats.postsFailed, poll).toBeGreaterThanOrEqual(3);
    expect(bridge.status.status).toBe('disconnected');
    const refused = await get('/readyz');
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as Readiness).checks.portal).toBe(
      'the last report could not be posted to the portal',
    );
    portal.state.accept = true;
    await expect.poll(() => bridge.stats.postsOk, poll).toBe(1);
    expect(((await (await get('/readyz')).json()) as Readiness).checks.portal).toBe('ok');
    expect(await (await get('/metrics')).text()).toContain('scale_bridge_posts_total{result="failed"}');
    expect(log.lines.filter((line) => line.includes('refused the bridge key (401)'))).toHaveLength(1);
    expect(log.lines.filter((line) => line.startsWith('cannot open'))).toHaveLength(1);
    expect(log.lines.some((line) => line.includes(key))).toBe(false);
  });

  it('serves /metrics only with its token when METRICS_TOKEN is set; /healthz and /readyz stay open', async () => {
    const { get, bridge } = await setup({ SCALE_PROTOCOL: 'toledo', METRICS_TOKEN: 'scrape-secret-1' });
    expect((await get('/metrics')).status).toBe(401);
    const wrong = await fetch(`${bridge.metricsUrl}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const scraped = await fetch(`${bridge.metricsUrl}/metrics`, {
      headers: { authorization: 'Bearer scrape-secret-1' },
    });
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toContain('scale_bridge_frames_total');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(await (await get('/healthz')).json()).toEqual({ status: 'ok' });
    expect([200, 503]).toContain((await get('/readyz')).status);
  });
});
