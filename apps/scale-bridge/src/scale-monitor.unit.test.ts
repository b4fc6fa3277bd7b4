import { describe, expect, it } from 'vitest';
import type { DecodeResult, IndicatorFrame } from './protocols/protocol';
import { ScaleMonitor } from './scale-monitor';

const options = { divisionKg: 20, stableAfterMs: 500, noMotionFlag: false, frameTimeoutMs: 3000 };
const at = (ms: number) => new Date(ms).toISOString();
const raw = Buffer.from([0x02, 0x41, 0x0d]);

const reading = (fields: Partial<IndicatorFrame>): DecodeResult => ({
  kind: 'frame',
  frame: { weight: 12_340, unit: 'kg', decimals: 0, mode: 'gross', motion: false, range: 'ok', ...fields },
  raw,
  garbageBytes: 0,
});

const opened = (now = 0, settings = options) => {
  const monitor = new ScaleMonitor(settings, now);
  monitor.portOpened(now);
  return monitor;
};

describe('scale monitor', () => {
  it('is disconnected, and since when, until the port opens and the scale is heard', () => {
    const monitor = new ScaleMonitor(options, 1000);
    expect(monitor.report).toEqual({ status: 'disconnected', statusSince: at(1000), reading: null });
    monitor.portOpened(2000);
    expect(monitor.report.status).toBe('disconnected');
    expect(monitor.ready(2000)).toBe(false);
  });

  it('reports a reading in KG, with the unit sent, the raw frame in hex, the time it was read and the division', () => {
    const monitor = opened();
    monitor.result(reading({ weight: 27_000, unit: 'lb', mode: 'net' }), 100);
    expect(monitor.report).toEqual({
      status: 'ok',
      statusSince: at(100),
      reading: {
        // 12,246.994 kg, to the tens of kg of a 20 kg division.
        weightKg: 12_250,
        mode: 'net',
        stable: true,
        range: 'ok',
        unit: 'lb',
        rawFrame: '02410d',
        readAt: at(100),
        divisionKg: 20,
      },
    });
    expect(monitor.ready(100)).toBe(true);
  });

  it('issue 29: converts to KG rounded to the decimal place of the division, never with false decimals', () => {
    const monitor = opened();
    monitor.result(reading({ weight: 25.34, unit: 't' }), 100);
    expect(monitor.report.reading).toMatchObject({ weightKg: 25_340, unit: 't' });
    const lbScale = opened(0, { ...options, divisionKg: 9.07 });
    lbScale.result(reading({ weight: 55_000, unit: 'lb' }), 100);
    expect(lbScale.report.reading?.weightKg).toBe(24_948);
    lbScale.result(reading({ weight: 27.95, unit: 'ton' }), 200);
    expect(lbScale.report.reading?.weightKg).toBe(25_356);
    lbScale.result(reading({ weight: 24.96, unit: 'long-ton' }), 300);
    expect(lbScale.report.reading?.weightKg).toBe(25_361);
    const bench = opened(0, { ...options, divisionKg: 0.001 });
    bench.result(reading({ weight: 500, unit: 'g' }), 100);
    expect(bench.report.reading?.weightKg).toBe(0.5);
    // A KG weight is the indicator's own: never rounded.
    monitor.result(reading({ weight: 12_345 }), 200);
    expect(monitor.report.reading?.weightKg).toBe(12_345);
  });

  it('issue 29: carries the tare a frame holds, in KG, and none when it holds none', () => {
    const monitor = opened();
    monitor.result(reading({ weight: 24.02, unit: 't', mode: 'net', tare: 14 }), 100);
    expect(monitor.report.reading).toMatchObject({ weightKg: 24_020, mode: 'net', tareKg: 14_000 });
    monitor.result(reading({ weight: 25_340 }), 200);
    expect(monitor.report.reading).not.toHaveProperty('tareKg');
  });

  it('judges a frame with no motion flag (motion null) by the hold rule, whatever SCALE_NO_MOTION_FLAG says', () => {
    const monitor = opened();
    monitor.result(reading({ weight: 9000, motion: null }), 1000);
    expect(monitor.report).toMatchObject({ status: 'motion', reading: { stable: false } });
    monitor.result(reading({ weight: 9000, motion: null }), 1500);
    expect(monitor.report).toMatchObject({ status: 'ok', reading: { stable: true } });
  });

  it('goes to motion and back to ok, holding the time of each change', () => {
    const monitor = opened();
    monitor.result(reading({ weight: 0 }), 100);
    monitor.result(reading({ weight: 5000, motion: true }), 200);
    monitor.result(reading({ weight: 9000, motion: true }), 300);
    expect(monitor.report).toMatchObject({ status: 'motion', statusSince: at(200) });
    expect(monitor.report.reading).toMatchObject({ weightKg: 9000, stable: false });
    monitor.result(reading({ weight: 9000 }), 400);
    expect(monitor.report).toMatchObject({ status: 'ok', statusSince: at(400) });
  });

  it('never calls a weight stable while the indicator says motion, however long it holds', () => {
    const monitor = opened();
    monitor.result(reading({ weight: 9000, motion: true }), 1000);
    monitor.result(reading({ weight: 9020, motion: true }), 1499);
    monitor.result(reading({ weight: 9000, motion: true }), 5000);
    expect(monitor.report).toMatchObject({ status: 'motion', reading: { stable: false } });
  });

  it('without a motion flag, takes a weight held within a division for stableAfterMs as stable', () => {
    const monitor = opened(0, { ...options, noMotionFlag: true });
    monitor.result(reading({ weight: 9000 }), 1000);
    monitor.result(reading({ weight: 9020 }), 1499);
    expect(monitor.report.status).toBe('motion');
    monitor.result(reading({ weight: 9000 }), 1500);
    expect(monitor.report).toMatchObject({ status: 'ok', statusSince: at(1500), reading: { stable: true } });
  });

  it('does not carry a hold across an unplug', () => {
    const monitor = opened(0, { ...options, noMotionFlag: true });
    monitor.result(reading({ weight: 9000 }), 0);
    monitor.portClosed(100);
    monitor.portOpened(200);
    monitor.result(reading({ weight: 9000 }), 600);
    expect(monitor.report).toMatchObject({ status: 'motion', reading: { stable: false } });
  });

  it('is in error, without a reading, while the indicator shows no weight', () => {
    const monitor = opened();
    monitor.result(reading({}), 100);
    monitor.result(reading({ weight: null }), 200);
    expect(monitor.report).toEqual({ status: 'error', statusSince: at(200), reading: null });
  });

  it('is in error when no frame comes within the timeout, and not ready', () => {
    const monitor = opened();
    monitor.result(reading({}), 100);
    monitor.tick(3100);
    expect(monitor.report.status).toBe('ok');
    monitor.tick(3101);
    expect(monitor.report).toEqual({ status: 'error', statusSince: at(3101), reading: null });
    expect(monitor.ready(3101)).toBe(false);
  });

  it('is in error when the port opens but no frame ever comes', () => {
    const monitor = opened(1000);
    monitor.result({ kind: 'garbage', garbageBytes: 40 }, 2000);
    monitor.tick(4001);
    expect(monitor.report.status).toBe('error');
  });

  it('counts the bytes since the last frame that decoded to none: a line that talks another format', () => {
    const monitor = opened();
    monitor.result({ kind: 'garbage', garbageBytes: 40 }, 100);
    monitor.result({ kind: 'checksum-error', raw, garbageBytes: 2 }, 200);
    expect(monitor.stats.unrecognisedBytes).toBe(42);
    monitor.result(reading({}), 300);
    expect(monitor.stats.unrecognisedBytes).toBe(0);
  });

  it('counts frames, checksum errors, garbage and reconnections', () => {
    const monitor = opened();
    monitor.result(reading({}), 1);
    monitor.result({ kind: 'checksum-error', raw, garbageBytes: 2 }, 2);
    monitor.result({ kind: 'garbage', garbageBytes: 5 }, 3);
    monitor.result({ ...reading({}), garbageBytes: 1 }, 4);
    monitor.portClosed(5);
    expect(monitor.report).toEqual({ status: 'disconnected', statusSince: at(5), reading: null });
    monitor.portOpened(6);
    expect(monitor.stats).toEqual({
      framesOk: 2,
      checksumErrors: 1,
      garbageBytes: 8,
      unrecognisedBytes: 0,
      reconnects: 1,
      postsOk: 0,
      postsFailed: 0,
    });
  });
});
