import { type IndicatorUnit, indicatorUnits } from '@portal/contract';
import { kgPerUnit } from '@portal/domain';

/** Units indicators report weights in; every reading leaves the bridge in KG. */
export const weightUnits = indicatorUnits;
export type WeightUnit = IndicatorUnit;

/**
 * A weight in KG. A KG weight is the indicator's own and passes as it is. A converted one is rounded
 * to the decimal place of the scale's division in KG (a 10 or 20 kg division: tens of kg; 20 lb,
 * 9.07 kg: whole kg; 0.5 kg: tenths), so it shows no digit finer than the scale can weigh: 25.34 t
 * is 25,340 kg, and 55,000 lb at a 20 lb division 24,948 kg, not 24,947.580. Rounding to a multiple
 * of a division that is not a round number of kg (9.07185) would leave decimals all the same, and move
 * the weight by up to half a division; this moves it by at most half a power of ten below the division.
 */
export function toKg(weight: number, unit: WeightUnit, divisionKg: number): number {
  if (unit === 'kg') return weight;
  const exponent = Math.floor(Math.log10(divisionKg));
  const step = 10 ** exponent;
  return Number((Math.round((weight * kgPerUnit[unit]) / step) * step).toFixed(Math.max(0, -exponent)));
}

export const fromKg = (weightKg: number, unit: WeightUnit): number => weightKg / kgPerUnit[unit];
