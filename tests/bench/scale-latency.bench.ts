import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { bearer, startTestPortal } from '@portal/api/test/portal';
import type { LiveScale } from '@portal/contract';
import { configFromEnv, encodeToledo, startScaleBridge } from '@portal/scale-bridge';
import { SerialPort } from 'serialport';
import { openPtyPair } from '../../scale-bridge/src/simulator/socat-pty';
import { type BenchRow, mustBeZero, percentile, row } from './report';

const name = 'scale-latency';
const samples = 40;

/**
 * End to end, as the Scale page sees it: a Toledo frame written to one end of a socat pty pair, read
 * by the scale bridge at the other, posted to the portal, until GET /api/scale/{id} answers its weight.
 */
export async function scaleLatencyBench(): Promise<BenchRow[]> {
  const portal = await startTestPortal();
  const dir = await mkdtemp(path.join(tmpdir(), 'scale-latency-'));
  const pty = await openPtyPair({ bridgeSide: path.join(dir, 'bridge'), scaleSide: path.join(dir, 'scale') });
  const indicator = new SerialPort({ path: pty.scaleSide, baudRate: 9600, autoOpen: false });
  try {
    const admin = bearer(await portal.login());
    const headers = { ...admin, 'content-type': 'application/json' };
    const scale = (await (
      await fetch(`${portal.url}/api/scale/new`, { method: 'POST', headers, body: '{"scaleName":"Bench"}' })
    ).json()) as { id: number };
    const { key } = (await (
      await fetch(`${portal.url}/api/scale/${scale.id}/key`, { method: 'POST', headers: admin })
    ).json()) as { key: string };
    await new Promise<void>((resolve, reject) =>
      indicator.open((error) => (error ? reject(error) : resolve())),
    );
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
    /** Writes a frame of `weight`; answers how long until the API shows it, or null if not within `withinMs`. */
    const shown = async (weight: number, withinMs: number): Promise<number | null> => {
      const frame = encodeToledo({
        weight,
        unit: 'kg',
        decimals: 0,
        mode: 'gross',
        motion: false,
        range: 'ok',
      });
      const writtenAt = performance.now();
      indicator.write(frame);
      while (performance.now() - writtenAt < withinMs) {
        const answer = await fetch(`${portal.url}/api/scale/${scale.id}`, { headers: admin });
        if (((await answer.json()) as LiveScale).currentWeight === weight)
          return performance.now() - writtenAt;
      }
      return null;
    };
    const latencies: number[] = [];
    let missed = 0;
    try {
      // The bridge opens its port in the background and frames written before that are lost: the
      // samples start once one frame has come through.
      for (let attempt = 0; attempt < 50 && (await shown(5_000 + attempt, 200)) === null; attempt++);
      for (let i = 1; i <= samples; i++) {
        const latency = await shown(10_000 + i * 20, 5000);
        if (latency === null) missed++;
        else latencies.push(latency);
        // Past the bridge's post interval, so each sample starts from a quiet bridge.
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      await bridge.stop();
    }
    return [
      row(name, 'frame to GET /api/scale/{id}, p50', percentile(latencies, 50), 'ms'),
      row(name, 'frame to GET /api/scale/{id}, p99', percentile(latencies, 99), 'ms'),
      mustBeZero(name, 'frames never shown within 5 s', missed),
    ];
  } finally {
    if (indicator.isOpen) await new Promise<void>((resolve) => indicator.close(() => resolve()));
    await pty.stop();
    await rm(dir, { recursive: true, force: true });
    await portal.stop();
  }
}
