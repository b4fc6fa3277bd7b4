/** Units indicators report weights in (t: metric tonne; ton: short ton, 2,000 lb); every reading leaves the bridge in KG. */
export const weightUnits = ['kg', 'lb', 't', 'ton', 'g', 'oz'] as const;
export type WeightUnit = (typeof weightUnits)[number];

const kgPerUnit: Record<WeightUnit, number> = {
  kg: 1,
  lb: 0.45359237,
  t: 1000,
  ton: 2000 * 0.45359237,
  g: 0.001,
  oz: 0.028349523125,
};

// Rounded to the gram: a pound's conversion otherwise leaves float noise (5599.999999 kg) in every report.
export const toKg = (weight: number, unit: WeightUnit): number =>
  Math.round(weight * kgPerUnit[unit] * 1000) / 1000;

export const fromKg = (weightKg: number, unit: WeightUnit): number => weightKg / kgPerUnit[unit];
