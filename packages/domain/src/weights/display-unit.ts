import { OneOf } from '../schemas';

/** The international pound (1959): exactly this many KG; every pound-based unit derives from it. */
const kgPerPound = 0.45359237;

/**
 * KG in one of each unit a weight is sent or shown in: t a metric tonne, ton a short ton (2,000 lb),
 * long-ton 2,240 lb. The scale bridge converts indicator readings with it; the portal converts stored
 * KG for display with it.
 */
export const kgPerUnit = {
  kg: 1,
  lb: kgPerPound,
  t: 1000,
  ton: 2000 * kgPerPound,
  'long-ton': 2240 * kgPerPound,
  g: 0.001,
  oz: 0.028349523125,
} as const;

/** The units a site may show, print and export weights in (settings' displayUnit); storage stays KG. */
export const displayUnits = ['kg', 't', 'lb', 'ton'] as const;
export type DisplayUnit = (typeof displayUnits)[number];
export const DisplayUnitSchema = OneOf(displayUnits);
export const isDisplayUnit = (value: unknown): value is DisplayUnit =>
  (displayUnits as readonly unknown[]).includes(value);

/** The spec's unit: all weights are in KG. */
export const defaultDisplayUnit: DisplayUnit = 'kg';

/** How each unit is written after a weight: the spec writes KG in capitals. */
export const displayUnitSymbols: Record<DisplayUnit, string> = { kg: 'KG', t: 't', lb: 'lb', ton: 'ton' };

/**
 * Decimals a weight is shown with: KG as stored (2 at most, the spec's net); a pound is finer than any
 * truck scale's division, so whole pounds; tonnes and short tons to 2 decimals (10 kg, 20 lb).
 */
const decimals: Record<DisplayUnit, { min: number; max: number }> = {
  kg: { min: 0, max: 2 },
  lb: { min: 0, max: 0 },
  t: { min: 2, max: 2 },
  ton: { min: 2, max: 2 },
};

/**
 * `value × multiplier ÷ divisor` rounded to `places` decimals. The scaling comes first, so 27 385 KG is
 * 27.39 t as the spec's net/1000 rounds it, not 27.38 from 27.385's float (27.38499…).
 */
const scaledTo = (value: number, multiplier: number, divisor: number, places: number) => {
  const factor = 10 ** places;
  // + 0 turns -0 (a tiny negative rounded away) into 0.
  return Math.round((value * multiplier * factor) / divisor) / factor + 0;
};

/** A stored KG weight in the site's unit, rounded as it is shown (never with decimals the scale cannot weigh). */
export const inDisplayUnit = (kg: number, unit: DisplayUnit): number =>
  scaledTo(kg, 1, kgPerUnit[unit], decimals[unit].max);

/** A weight typed in the site's unit, as KG to store: to the hundredth of a KG the read models keep. */
export const kgFromDisplayUnit = (weight: number, unit: DisplayUnit): number =>
  scaledTo(weight, kgPerUnit[unit], 1, 2);

// Numbers in the en-ZA locale (12 500 KG, decimals after a comma). Made once per unit.
const numberFormats = Object.fromEntries(
  displayUnits.map((unit) => [
    unit,
    new Intl.NumberFormat('en-ZA', {
      minimumFractionDigits: decimals[unit].min,
      maximumFractionDigits: decimals[unit].max,
    }),
  ]),
) as Record<DisplayUnit, Intl.NumberFormat>;

/** A stored KG weight's number in the site's unit, without the unit (for displays that set it apart). */
export const formatWeightNumber = (kg: number, unit: DisplayUnit): string =>
  numberFormats[unit].format(inDisplayUnit(kg, unit));

/** A stored KG weight as a site shows, prints and mails it: '12 500 KG', '27 558 lb', '12,50 t'. */
export const formatWeight = (kg: number, unit: DisplayUnit): string =>
  `${formatWeightNumber(kg, unit)} ${displayUnitSymbols[unit]}`;

/**
 * Decimals a spreadsheet's weight cell holds: KG whole (no truck scale's division is finer, and a sheet's
 * 27,380.00 reads as a false precision), the other units as shown.
 */
const spreadsheetDecimals: Record<DisplayUnit, number> = { kg: 0, lb: 0, t: 2, ton: 2 };

/** A stored KG weight as a spreadsheet cell in the site's unit: rounded as the cell's format shows it. */
export const inSpreadsheetUnit = (kg: number, unit: DisplayUnit): number =>
  scaledTo(kg, 1, kgPerUnit[unit], spreadsheetDecimals[unit]);

/** A spreadsheet's number format for weights in `unit` (see inSpreadsheetUnit). */
export const spreadsheetWeightFormat = (unit: DisplayUnit): string =>
  spreadsheetDecimals[unit] === 0 ? '#,##0' : `#,##0.${'0'.repeat(spreadsheetDecimals[unit])}`;
