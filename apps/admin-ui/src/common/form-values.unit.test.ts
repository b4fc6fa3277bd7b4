import { describe, expect, it } from 'vitest';
import { chosenId, instant, text, textOrNull } from './form-values';

describe("a form's values as the API takes them", () => {
  it.each([[''], [null], [undefined], ['   ']])('reads the blank %j as none', (blank) => {
    expect(text(blank)).toBe('');
    expect(textOrNull(blank)).toBeNull();
    expect(chosenId(blank)).toBeNull();
    expect(instant(blank)).toBeNull();
  });

  it('trims text and keeps a number an input gave as typed', () => {
    expect(text('  North gate ')).toBe('North gate');
    expect(textOrNull(' 12 ')).toBe('12');
    expect(text(4021)).toBe('4021');
  });

  it('takes a chosen id only as a whole number above zero', () => {
    expect(chosenId('7')).toBe(7);
    expect(chosenId(7)).toBe(7);
    expect([chosenId('0'), chosenId('-3'), chosenId('2.5'), chosenId('x')]).toEqual([null, null, null, null]);
  });

  it('gives a picked date as ISO text, and an invalid one as none', () => {
    expect(instant(new Date('2026-11-27T08:30:00Z'))).toBe('2026-11-27T08:30:00.000Z');
    expect(instant(new Date('not a date'))).toBeNull();
    expect(instant('2026-11-27')).toBe('2026-11-27');
  });
});
