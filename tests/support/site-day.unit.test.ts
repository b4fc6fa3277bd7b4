import { describe, expect, it } from 'vitest';
import { earlierToday } from './site-day';

// The portal's default site zone is America/Toronto: 05:30 UTC in November is 00:30 there.
const halfPastMidnightAtSite = new Date('2026-11-25T05:30:00Z');
const siteMidnight = Date.parse('2026-11-25T05:00:00Z');

describe('earlierToday', () => {
  it('goes back whole hours once the site day is four hours old', () => {
    const now = new Date('2026-11-25T15:00:00Z');
    expect(earlierToday(2, now)).toBe('2026-11-25T13:00:00.000Z');
  });

  it('stays on the site day just after midnight there, a larger number of hours still the earlier instant', () => {
    const instants = [0.2, 1, 2, 3.9].map((hours) => Date.parse(earlierToday(hours, halfPastMidnightAtSite)));
    for (const instant of instants) expect(instant).toBeGreaterThan(siteMidnight);
    expect(instants).toEqual([...instants].sort((a, b) => b - a));
    expect(new Set(instants).size).toBe(instants.length);
  });

  it('refuses four hours or more, which no longer fit a young day', () => {
    expect(() => earlierToday(4, halfPastMidnightAtSite)).toThrow(RangeError);
  });
});
