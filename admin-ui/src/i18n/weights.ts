import { tonnesOf } from '@portal/domain';

/** Spec section 9: weights are in KG, displayed in the en-ZA locale (12 500 KG, decimals after a comma). */
const DISPLAY_LOCALE = 'en-ZA';

/** A weight's number alone, for displays that set the unit apart (the Scale page's live weight). */
// Made once, as the date formatters are (dates.ts).
const weightFormat = new Intl.NumberFormat(DISPLAY_LOCALE, { maximumFractionDigits: 2 });

export function formatWeight(weight: number): string {
  return weightFormat.format(weight);
}

export function formatKg(weight: number): string {
  return `${formatWeight(weight)} KG`;
}

/** Spec section 9: a printed net weight also in tonnes, net/1000 with 2 decimals (27 380 KG is 27.38 t). */
export function formatTonnes(weight: number): string {
  return `${tonnesOf(weight).toFixed(2)} t`;
}
