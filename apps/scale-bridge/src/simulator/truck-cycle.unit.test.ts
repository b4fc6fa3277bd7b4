import { describe, expect, it } from 'vitest';
import { defaultTruckCycle, scaleCycle, truckScaleAt } from './truck-cycle';

const { emptyMs, driveOnMs, settleMs, holdMs } = defaultTruckCycle;
const holdStarts = emptyMs + driveOnMs + settleMs;

describe('a simulated truck weighing', () => {
  it('starts empty and stable', () => {
    expect(truckScaleAt(0)).toEqual({ weightKg: 0, motion: false });
  });

  it('climbs in motion while the truck drives on, to a loaded truck held still', () => {
    const climbing = [0.2, 0.5, 0.9].map((part) => truckScaleAt(emptyMs + part * driveOnMs));
    expect(climbing.every((reading) => reading.motion)).toBe(true);
    expect(climbing.map((reading) => reading.weightKg)).toEqual(
      [...climbing.map((reading) => reading.weightKg)].sort((a, b) => a - b),
    );
    const held = truckScaleAt(holdStarts + holdMs / 2);
    expect(held.motion).toBe(false);
    expect(held.weightKg).toBeGreaterThanOrEqual(24_000);
    expect(held.weightKg).toBeLessThanOrEqual(42_000);
    expect(truckScaleAt(holdStarts + 1)).toEqual(held);
  });

  it('rounds every weight to the division', () => {
    for (let ms = 0; ms < 30_000; ms += 37)
      expect(truckScaleAt(ms, defaultTruckCycle, 20).weightKg % 20).toBe(0);
  });

  it('weighs a different truck each cycle, and replays the same run the same way', () => {
    const length = holdStarts + holdMs + defaultTruckCycle.driveOffMs;
    const first = truckScaleAt(holdStarts + 100);
    const second = truckScaleAt(length + holdStarts + 100);
    expect(second.weightKg).not.toBe(first.weightKg);
    expect(truckScaleAt(length + holdStarts + 100)).toEqual(second);
  });

  it('stretches or shrinks a cycle to a given length', () => {
    const short = scaleCycle(defaultTruckCycle, 2500);
    const total = short.emptyMs + short.driveOnMs + short.settleMs + short.holdMs + short.driveOffMs;
    expect(total).toBeCloseTo(2500);
    expect(short.holdMs / short.driveOnMs).toBeCloseTo(holdMs / driveOnMs);
  });
});
