import { type IndicatorUnit, indicatorUnits } from '@portal/contract';

/** Units indicators report weights in; every reading leaves the bridge in KG. */
export const weightUnits = indicatorUnits;
export type WeightUnit = IndicatorUnit;

const kgPerUnit: Record<WeightUnit, number> = {
  kg: 1,
  lb: 0.45359237,
  t: 1000,
  ton: 2000 * 0.45359237,
  'long-ton': 2240 * 0.45359237,
  g: 0.001,
  oz: 0.028349523125,
};

// Rounded to the gram: a pound's conversion otherwise leaves float noise (5599.999999 kg) in every report.
export const toKg = (weight: number, unit: WeightUnit): number =>
  Math.round(weight * kgPerUnit[unit] * 1000) / 1000;

export const fromKg = (weightKg: number, unit: WeightUnit): number => weightKg / kgPerUnit[unit];
