import { describe, expect, it } from 'vitest';
import { formatKg, ticketChoiceLabel, ticketMatches, weighInFigures } from './scale-weights';

describe('the Scale page figures', () => {
  it("uses the truck's tare, or the default tare when it has none: net to 2 decimals, gross = net + tare", () => {
    expect(weighInFigures(40_000.4, 14_500, 9_000)).toEqual({ tare: 14_500, net: 25_500.4, gross: 40_000.4 });
    expect(weighInFigures(40_000, null, 9_000)).toEqual({ tare: 9_000, net: 31_000, gross: 40_000 });
    expect(weighInFigures(null, 14_500, 0)).toEqual({ tare: 14_500, net: null, gross: null });
  });

  it('finds a ticket by its number or its plate', () => {
    const ticket = { prefix: 0, ticketNumber: 123, truckLicensePlate: 'AB12345' };
    expect(ticketChoiceLabel(ticket)).toBe('[0] 000123 · AB12345');
    expect(ticketMatches(ticket, '123')).toBe(true);
    expect(ticketMatches(ticket, 'b123')).toBe(true);
    expect(ticketMatches(ticket, '999')).toBe(false);
  });

  it('formats KG for a display read from a distance', () => {
    expect(formatKg(null)).toBe('—');
    expect(formatKg(25_500.4)).toMatch(/^25\s?500[.,]4$/);
  });
});
