import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { eightNoneOne, recordingLog, startRecordingPortal } from '../../test/bridge-kit';
import { configFromEnv } from '../config';
import type { ProtocolName } from '../protocols/protocol';
import { startScaleBridge } from '../scale-bridge';
import type { SerialSettings } from '../serial-connection';
import { startSimulatedScaleOnPty } from './simulated-scale';

const key = 'simulated-scale-key';
const quickCycle = { emptyMs: 300, driveOnMs: 600, settleMs: 300, holdMs: 1500, driveOffMs: 400 };
const poll = { timeout: 20_000, interval: 50 };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the simulated scale on its own pty pair', () => {
  it.each<[ProtocolName, Omit<SerialSettings, 'path'>]>([
    ['rice-lake', eightNoneOne],
    ['toledo', { ...eightNoneOne, dataBits: 7, parity: 'even' }],
    ['csv', { ...eightNoneOne, baudRate: 1200 }],
    ['cardinal-738', eightNoneOne],
    // Formats that speak only when asked: `auto` polls each format's way in turn until one answers.
    ['mt-sics', eightNoneOne],
    ['rice-lake-print', eightNoneOne],
  ])(
    'weighs trucks in %s, and the bridge detects the format and posts the weighings',
    async (protocol, line) => {
      const scale = await startSimulatedScaleOnPty({ protocol, cycle: quickCycle, serial: line });
      cleanups.push(scale.stop);
      const portal = await startRecordingPortal(key);
      cleanups.push(portal.close);
      const config = configFromEnv({
        SCALE_PORT: scale.bridgeSide,
        SCALE_BRIDGE_KEY: key,
        PORTAL_URL: portal.url,
        SCALE_BRIDGE_METRICS_PORT: '0',
        SCALE_DIVISION_KG: '20',
        SCALE_BAUD: String(line.baudRate),
        SCALE_DATA_BITS: String(line.dataBits),
        SCALE_PARITY: line.parity,
      });
      const bridge = await startScaleBridge(config, { log: recordingLog() });
      cleanups.push(bridge.stop);

      // A truck drove on (motion), then held still (a stable weight of a loaded truck: over 20 t).
      const weighed = () =>
        portal.received.some(
          ({ report }) => report.status === 'ok' && (report.reading?.weightKg ?? 0) > 20_000,
        );
      await expect.poll(weighed, poll).toBe(true);
      expect(portal.received.some(({ report }) => report.status === 'motion')).toBe(true);
      expect(bridge.protocol).toBe(protocol);
      expect(bridge.stats).toMatchObject({ checksumErrors: 0, garbageBytes: 0 });
      expect(portal.invalid).toEqual([]);
    },
  );

  it('removes its links when stopped', async () => {
    const scale = await startSimulatedScaleOnPty({ protocol: 'sma' });
    expect(existsSync(scale.bridgeSide) && existsSync(scale.scaleSide)).toBe(true);
    await scale.stop();
    expect(existsSync(scale.bridgeSide) || existsSync(scale.scaleSide)).toBe(false);
  });

  it('says so plainly when socat is missing', async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await expect(startSimulatedScaleOnPty({ protocol: 'toledo' })).rejects.toThrow(
        /socat is not installed/,
      );
    } finally {
      process.env.PATH = path;
    }
  });
});
