import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { repoRoot } from '@portal/api';
import { bearer, startTestPortal } from '@portal/api/test/portal';
import type { LiveScale } from '@portal/contract';
import { configFromEnv, encodeToledo, openPtyPair, startScaleBridge } from '@portal/scale-bridge';
import { SerialPort } from 'serialport';
import { type BenchRow, mustBeZero, percentile, row } from './report';

const name = 'scale-latency';
const samples = 40;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stable gross frame of `weight` kg, as a Toledo indicator streams it. */
const toledoFrame = (weight: number) =>
  encodeToledo({ weight, unit: 'kg', decimals: 0, mode: 'gross', motion: false, range: 'ok' });

async function openIndicator(portPath: string): Promise<SerialPort> {
  const port = new SerialPort({ path: portPath, baudRate: 9600, autoOpen: false });
  port.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
  return port;
}

/**
 * A bridge process (`npm run scale-bridge`) reading the indicator until the scale shows ok, then
 * killed with SIGKILL: how long until GET /api/scale/{id} says disconnected.
 */
async function bridgeKilled(
  portalUrl: string,
  admin: Record<string, string>,
  scaleId: number,
  key: string,
  links: { bridgeSide: string; scaleSide: string },
): Promise<number> {
  const pty = await openPtyPair(links);
  const indicator = await openIndicator(pty.scaleSide);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/scale-bridge/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      SCALE_PORT: links.bridgeSide,
      SCALE_PROTOCOL: 'toledo',
      SCALE_BRIDGE_KEY: key,
      PORTAL_URL: portalUrl,
      SCALE_BRIDGE_METRICS_PORT: '0',
    },
    stdio: 'ignore',
  });
  const streaming = setInterval(() => indicator.write(toledoFrame(40_000)), 66);
  const status = async () =>
    ((await (await fetch(`${portalUrl}/api/scale/${scaleId}`, { headers: admin })).json()) as LiveScale)
      .status;
  try {
    const deadline = performance.now() + 30_000;
    while ((await status()) !== 'ok') {
      if (performance.now() > deadline) throw new Error('the bridge process never reported');
      await pause(50);
    }
    const killedAt = performance.now();
    child.kill('SIGKILL');
    while ((await status()) !== 'disconnected') {
      if (performance.now() - killedAt > 30_000) throw new Error('never disconnected');
      await pause(10);
    }
    return performance.now() - killedAt;
  } finally {
    clearInterval(streaming);
    child.kill('SIGKILL');
    await new Promise<void>((resolve) => indicator.close(() => resolve()));
    await pty.stop();
  }
}

/**
 * End to end, as the Scale page sees it: a Toledo frame written to one end of a socat pty pair, read
 * by the scale bridge at the other, posted to the portal, until GET /api/scale/{id} answers its weight,
 * and until it answers it as a legal reading a weigh-in would take (issue 29). Then the cable is
 * unplugged and plugged back (socat stopped and started on the same links) until readings show again,
 * and a bridge process is killed (SIGKILL, no goodbye) until the scale shows disconnected.
 */
export async function scaleLatencyBench(): Promise<BenchRow[]> {
  const portal = await startTestPortal();
  const dir = await mkdtemp(path.join(tmpdir(), 'scale-latency-'));
  const links = { bridgeSide: path.join(dir, 'bridge'), scaleSide: path.join(dir, 'scale') };
  let pty = await openPtyPair(links);
  let indicator = new SerialPort({ path: pty.scaleSide, baudRate: 9600, autoOpen: false });
  try {
    const admin = bearer(await portal.login());
    const headers = { ...admin, 'content-type': 'application/json' };
    const scale = (await (
      await fetch(`${portal.url}/api/scale/new`, { method: 'POST', headers, body: '{"scaleName":"Bench"}' })
    ).json()) as { id: number };
    const { key } = (await (
      await fetch(`${portal.url}/api/scale/${scale.id}/key`, { method: 'POST', headers: admin })
    ).json()) as { key: string };
    indicator = await openIndicator(pty.scaleSide);
    const bridge = await startScaleBridge(
      {
        ...configFromEnv({
          SCALE_PORT: pty.bridgeSide,
          SCALE_PROTOCOL: 'toledo',
          SCALE_BRIDGE_KEY: key,
          PORTAL_URL: portal.url,
        }),
        metrics: null,
      },
      { log: { info: () => undefined, warn: () => undefined } },
    );
    const live = async () =>
      (await (await fetch(`${portal.url}/api/scale/${scale.id}`, { headers: admin })).json()) as LiveScale;
    /**
     * Writes a frame of `weight`; answers how long until the API shows it (as a legal reading, with
     * `legal`), or null if not within `withinMs`.
     */
    const shown = async (weight: number, withinMs: number, legal = false): Promise<number | null> => {
      const writtenAt = performance.now();
      indicator.write(toledoFrame(weight));
      while (performance.now() - writtenAt < withinMs) {
        const view = await live();
        if (view.currentWeight === weight && (!legal || view.notWeighableBecause === null))
          return performance.now() - writtenAt;
      }
      return null;
    };
    const latencies: number[] = [];
    const legalLatencies: number[] = [];
    const replugs: number[] = [];
    let missed = 0;
    let missedLegal = 0;
    let missedReplugs = 0;
    try {
      // The bridge opens its port in the background and frames written before that are lost: the
      // samples start once one frame has come through.
      for (let attempt = 0; attempt < 50 && (await shown(5_000 + attempt, 200)) === null; attempt++);
      for (let i = 1; i <= samples; i++) {
        const latency = await shown(10_000 + i * 20, 5000);
        if (latency === null) missed++;
        else latencies.push(latency);
        // Past the bridge's post interval, so each sample starts from a quiet bridge.
        await pause(250);
      }
      // A truck after an empty deck each time: zero shown first, then the load until it may be weighed.
      for (let i = 1; i <= samples; i++) {
        if ((await shown(0, 5000)) === null) missedLegal++;
        await pause(250);
        const latency = await shown(20_000 + i * 20, 5000, true);
        if (latency === null) missedLegal++;
        else legalLatencies.push(latency);
        await pause(250);
      }
      // Unplugged and plugged back: socat goes away with both ends, and comes back on the same links.
      for (let i = 1; i <= 3; i++) {
        await new Promise<void>((resolve) => indicator.close(() => resolve()));
        await pty.stop();
        await pause(500);
        pty = await openPtyPair(links);
        const pluggedAt = performance.now();
        indicator = await openIndicator(pty.scaleSide);
        const weight = 30_000 + i * 20;
        let sinceReplug: number | null = null;
        while (sinceReplug === null && performance.now() - pluggedAt < 10_000) {
          indicator.write(toledoFrame(weight));
          if ((await live()).currentWeight === weight) sinceReplug = performance.now() - pluggedAt;
          else await pause(66);
        }
        if (sinceReplug === null) missedReplugs++;
        else replugs.push(sinceReplug);
      }
    } finally {
      await bridge.stop();
    }
    const killedToDisconnected = await bridgeKilled(portal.url, admin, scale.id, key, links);
    return [
      row(name, 'frame to GET /api/scale/{id}, p50', percentile(latencies, 50), 'ms'),
      row(name, 'frame to GET /api/scale/{id}, p99', percentile(latencies, 99), 'ms'),
      mustBeZero(name, 'frames never shown within 5 s', missed),
      row(
        name,
        'frame to a legal reading in GET /api/scale/{id}, p99',
        percentile(legalLatencies, 99),
        'ms',
        '≤ 100 ms',
      ),
      mustBeZero(name, 'legal readings never shown within 5 s', missedLegal),
      row(name, 'replug to readings shown, slowest of 3', Math.max(...replugs, 0), 'ms', '≤ 1,500 ms'),
      mustBeZero(name, 'replugs never read again within 10 s', missedReplugs),
      row(name, 'bridge killed to disconnected', killedToDisconnected, 'ms', '≤ 2,000 ms'),
    ];
  } finally {
    if (indicator.isOpen) await new Promise<void>((resolve) => indicator.close(() => resolve()));
    await pty.stop();
    await rm(dir, { recursive: true, force: true });
    await portal.stop();
  }
}
