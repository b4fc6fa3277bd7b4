import { formatWeight as formatInUnit, formatWeightNumber, tonnesOf } from '@portal/domain';

/** A KG weight's number alone (en-ZA, up to 2 decimals), for displays that set the unit apart. */
export function formatWeight(weight: number): string {
  return formatWeightNumber(weight, 'kg');
}

/** Weights in KG, in the en-ZA locale (12 500 KG, decimals after a comma). */
export function formatKg(weight: number): string {
  return formatInUnit(weight, 'kg');
}

/** A printed net weight also in tonnes, net/1000 with 2 decimals (27 380 KG is 27.38 t). */
export function formatTonnes(weight: number): string {
  return `${tonnesOf(weight).toFixed(2)} t`;
}
