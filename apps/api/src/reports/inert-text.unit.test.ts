import { describe, expect, it } from 'vitest';
import { inertCell, inertText } from './inert-text';

describe('inertText', () => {
  it.each(['=1+1', '+1', '-1+2', '@SUM(A1)', '\t=1', '\r=1'])('puts an apostrophe before %j', (text) => {
    expect(inertText(text)).toBe(`'${text}`);
  });

  it.each(['Acme', '(905)555-0142', "'quoted", '', 'a=b'])('keeps %j as it is', (text) => {
    expect(inertText(text)).toBe(text);
  });

  it('leaves numbers, dates and empty cells alone', () => {
    const day = new Date('2026-03-10T00:00:00Z');
    expect([inertCell(-5), inertCell(day), inertCell(null)]).toEqual([-5, day, null]);
  });
});
