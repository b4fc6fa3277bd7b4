import { describe, expect, it } from 'vitest';
import { createStableCapture } from './stable-capture';

const withFlag = { divisionKg: 20, stableAfterMs: 500, noMotionFlag: false };
const withoutFlag = { ...withFlag, noMotionFlag: true };

describe('stable capture: the indicator’s motion flag is final', () => {
  it('a weight the indicator calls stable is stable at once', () => {
    const stable = createStableCapture(withFlag);
    expect(stable(12_340, false, 0)).toBe(true);
  });

  it('a weight the indicator says is in motion is never stable, however long it holds (issue 29, defect 1)', () => {
    const stable = createStableCapture(withFlag);
    // Toledo SWB 0x38 (kg + motion) for 10 s at 25 360 kg: the truck half on the deck.
    for (let now = 0; now <= 10_000; now += 66) expect(stable(25_360, true, now)).toBe(false);
  });
});

describe('stable capture for an indicator configured as having no motion flag', () => {
  it('counts a weight held within one division for stableAfterMs as stable, to the millisecond', () => {
    const stable = createStableCapture(withoutFlag);
    expect(stable(12_340, false, 1000)).toBe(false);
    expect(stable(12_360, false, 1200)).toBe(false);
    expect(stable(12_340, false, 1499)).toBe(false);
    expect(stable(12_360, false, 1500)).toBe(true);
  });

  it('starts again when the weight moves more than one division, measured over the whole hold', () => {
    const stable = createStableCapture(withoutFlag);
    stable(12_340, false, 0);
    stable(12_360, false, 300);
    // 12 340 to 12 380 spans two divisions: the hold restarts at 12 380.
    expect(stable(12_380, false, 600)).toBe(false);
    expect(stable(12_380, false, 1099)).toBe(false);
    expect(stable(12_380, false, 1100)).toBe(true);
  });

  it('allows for float noise at exactly one division (pounds converted to KG)', () => {
    const stable = createStableCapture({ ...withoutFlag, divisionKg: 4.5359237 });
    stable(20 * 0.45359237, false, 0);
    expect(stable(30 * 0.45359237, false, 500)).toBe(true);
  });

  it('still obeys a motion flag that does come', () => {
    const stable = createStableCapture(withoutFlag);
    stable(12_340, false, 0);
    expect(stable(12_340, true, 600)).toBe(false);
    expect(stable(12_340, false, 700)).toBe(true);
  });

  it('forgets the hold when the indicator shows no weight', () => {
    const stable = createStableCapture(withoutFlag);
    stable(12_340, false, 0);
    expect(stable(null, false, 400)).toBe(false);
    expect(stable(12_340, false, 600)).toBe(false);
    expect(stable(12_340, false, 1100)).toBe(true);
  });
});
