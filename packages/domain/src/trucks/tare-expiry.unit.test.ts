import { describe, expect, it } from 'vitest';
import { isTareExpired } from './tare-expiry';

const weighedAt = new Date('2026-03-01T08:00:00Z');
const later = (days: number, ms = 0) => new Date(weighedAt.getTime() + days * 86_400_000 + ms);

describe('isTareExpired', () => {
  it('never expires a tare when the site sets no rule, dated or not', () => {
    expect(isTareExpired(weighedAt, null, later(10_000))).toBe(false);
    expect(isTareExpired(null, null, later(0))).toBe(false);
  });

  it('keeps a tare up to exactly N days old and expires it a moment later', () => {
    expect(isTareExpired(weighedAt, 30, later(29))).toBe(false);
    expect(isTareExpired(weighedAt, 30, later(30))).toBe(false);
    expect(isTareExpired(weighedAt, 30, later(30, 1))).toBe(true);
    expect(isTareExpired(weighedAt, 1, later(2))).toBe(true);
  });

  it('expires an undated tare once a rule is set (nothing proves it recent)', () => {
    expect(isTareExpired(null, 30, later(0))).toBe(true);
  });

  it('does not expire a tare dated after now (a clock ahead of the server)', () => {
    expect(isTareExpired(later(1), 1, weighedAt)).toBe(false);
  });
});
