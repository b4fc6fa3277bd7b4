import { calendarDateParts, dateTimeToMinuteParts } from '@portal/domain';

/** Spec section 2: dates display in the en-ZA locale (2025/11/21). */
const DISPLAY_LOCALE = 'en-ZA';

export function formatDate(date: Date): string {
  return date.toLocaleDateString(DISPLAY_LOCALE, calendarDateParts);
}

/** A moment, e.g. of a log entry, in the same locale with a 24-hour time (2025/11/21, 14:05:09). */
export function formatDateTime(date: Date): string {
  return date.toLocaleString(DISPLAY_LOCALE, { ...dateTimeToMinuteParts, second: '2-digit' });
}

/** A ticket's times in a table, to the minute (2025/11/21, 14:05). */
export function formatDateTimeToMinute(date: Date): string {
  return date.toLocaleString(DISPLAY_LOCALE, dateTimeToMinuteParts);
}

/** The date pickers' formats (dayjs tokens), the same text as `formatDate` and `formatDateTimeToMinute` write. */
export const dayInputFormat = 'YYYY/MM/DD';
export const momentInputFormat = 'YYYY/MM/DD, HH:mm';
