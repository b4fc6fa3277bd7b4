import { describe, expect, it } from 'vitest';
import { createStableCapture } from './stable-capture';

const options = { divisionKg: 20, stableAfterMs: 500 };

describe('stable capture', () => {
  it('takes the indicator at its word', () => {
    const stable = createStableCapture(options);
    expect(stable(12_340, true, 0)).toBe(true);
  });

  it('counts a weight held within one division for stableAfterMs as stable, to the millisecond', () => {
    const stable = createStableCapture(options);
    expect(stable(12_340, false, 1000)).toBe(false);
    expect(stable(12_360, false, 1200)).toBe(false);
    expect(stable(12_340, false, 1499)).toBe(false);
    expect(stable(12_360, false, 1500)).toBe(true);
  });

  it('starts again when the weight moves more than one division, measured over the whole hold', () => {
    const stable = createStableCapture(options);
    stable(12_340, false, 0);
    stable(12_360, false, 300);
    // 12 340 to 12 380 spans two divisions: the hold restarts at 12 380.
    expect(stable(12_380, false, 600)).toBe(false);
    expect(stable(12_380, false, 1099)).toBe(false);
    expect(stable(12_380, false, 1100)).toBe(true);
  });

  it('allows for float noise at exactly one division (pounds converted to KG)', () => {
    const stable = createStableCapture({ divisionKg: 4.5359237, stableAfterMs: 500 });
    stable(20 * 0.45359237, false, 0);
    expect(stable(30 * 0.45359237, false, 500)).toBe(true);
  });

  it('forgets the hold when the indicator shows no weight', () => {
    const stable = createStableCapture(options);
    stable(12_340, false, 0);
    expect(stable(null, true, 400)).toBe(false);
    expect(stable(12_340, false, 600)).toBe(false);
    expect(stable(12_340, false, 1100)).toBe(true);
  });
});
