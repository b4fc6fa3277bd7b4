/** Spec section 2: dates display in the en-ZA locale (2025/11/21). */
const DISPLAY_LOCALE = 'en-ZA';

export function formatDate(date: Date): string {
  return date.toLocaleDateString(DISPLAY_LOCALE, { year: 'numeric', month: '2-digit', day: '2-digit' });
}
