import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DisplayUnit,
  displayUnits,
  formatWeight,
  formatWeightNumber,
  inDisplayUnit,
  inSpreadsheetUnit,
  kgFromDisplayUnit,
  kgPerUnit,
  spreadsheetWeightFormat,
} from './display-unit';

/** Stored weights: KG with at most 2 decimals (the read models' numeric(12, 2)), up to a loaded B-train. */
const storedKg = fc.integer({ min: 0, max: 20_000_000 }).map((hundredths) => hundredths / 100);
const unit = fc.constantFrom(...displayUnits);
const shownDecimals: Record<DisplayUnit, number> = { kg: 2, lb: 0, t: 2, ton: 2 };

describe('display units', () => {
  it('convert with the legal factors: the pound is 0.45359237 kg, a short ton 2,000 lb, a tonne 1,000 kg', () => {
    expect(kgPerUnit.lb).toBe(0.45359237);
    expect(kgPerUnit.ton).toBeCloseTo(907.18474, 9);
    expect(inDisplayUnit(27_380, 't')).toBe(27.38);
    expect(inDisplayUnit(27_380, 'lb')).toBe(60_363);
    expect(inDisplayUnit(27_380, 'ton')).toBe(30.18);
    expect(inDisplayUnit(27_380.25, 'kg')).toBe(27_380.25);
  });

  it('round a half tonne hundredth as the spec does (net/1000): 27 385 KG is 27.39 t', () => {
    expect(inDisplayUnit(27_385, 't')).toBe(27.39);
    expect(inDisplayUnit(5, 't')).toBe(0.01);
  });

  // en-ZA groups digits with a no-break space.
  const nbsp = '\u00a0';

  it("write a KG site's weights exactly as the spec does, and others in their unit without false decimals", () => {
    expect(formatWeight(12_500, 'kg')).toBe(`12${nbsp}500 KG`);
    expect(formatWeight(14_000.5, 'kg')).toBe(`14${nbsp}000,5 KG`);
    expect(formatWeight(27_380, 'lb')).toBe(`60${nbsp}363 lb`);
    expect(formatWeight(27_380, 't')).toBe('27,38 t');
    expect(formatWeight(27_000, 't')).toBe('27,00 t');
    expect(formatWeight(27_380, 'ton')).toBe('30,18 ton');
    expect(formatWeight(0, 'lb')).toBe('0 lb');
  });

  it('give spreadsheets whole KG and whole pounds, tonnes and short tons to 2 decimals, cells as shown', () => {
    expect(spreadsheetWeightFormat('kg')).toBe('#,##0');
    expect(inSpreadsheetUnit(27_380.4, 'kg')).toBe(27_380);
    expect(inSpreadsheetUnit(27_385, 't')).toBe(27.39);
    expect(spreadsheetWeightFormat('lb')).toBe('#,##0');
    expect(spreadsheetWeightFormat('ton')).toBe('#,##0.00');
  });

  it('take a typed weight in the site unit to KG to the hundredth', () => {
    expect(kgFromDisplayUnit(60_000, 'lb')).toBe(27_215.54);
    expect(kgFromDisplayUnit(25.34, 't')).toBe(25_340);
    expect(kgFromDisplayUnit(30, 'ton')).toBe(27_215.54);
    expect(kgFromDisplayUnit(14_000.5, 'kg')).toBe(14_000.5);
  });

  it('property: a weight typed in the site unit shows the same after it is stored as KG', () => {
    fc.assert(
      fc.property(unit, fc.integer({ min: 0, max: 1_000_000 }), (u, whole) => {
        const typed = shownDecimals[u] === 0 ? whole : whole / 100;
        expect(inDisplayUnit(kgFromDisplayUnit(typed, u), u)).toBe(typed);
      }),
    );
  });

  it('property: a stored weight shown in any unit is within half its last digit of the KG stored', () => {
    fc.assert(
      fc.property(unit, storedKg, (u, kg) => {
        const halfStepKg = (kgPerUnit[u] * 10 ** -shownDecimals[u]) / 2;
        expect(Math.abs(inDisplayUnit(kg, u) * kgPerUnit[u] - kg)).toBeLessThanOrEqual(halfStepKg + 1e-9);
      }),
    );
  });

  it('property: the written number has exactly the decimals of its unit (t and ton 2, lb none, KG up to 2)', () => {
    fc.assert(
      fc.property(unit, storedKg, (u, kg) => {
        const decimalsWritten = formatWeightNumber(kg, u).split(',')[1]?.length ?? 0;
        if (u === 'kg') expect(decimalsWritten).toBeLessThanOrEqual(2);
        else expect(decimalsWritten).toBe(shownDecimals[u]);
      }),
    );
  });
});
