/** Spec section 9: weights are in KG, displayed in the en-ZA locale (12 500 KG, decimals after a comma). */
const DISPLAY_LOCALE = 'en-ZA';

export function formatKg(weight: number): string {
  return `${weight.toLocaleString(DISPLAY_LOCALE, { maximumFractionDigits: 2 })} KG`;
}
