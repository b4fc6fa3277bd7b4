import { calendarDateParts, dateTimeToMinuteParts } from '@portal/domain';

/** Dates display in the en-ZA locale (2025/11/21). */
const DISPLAY_LOCALE = 'en-ZA';

// Made once: `toLocaleString` with options builds a formatter on every call, a third of a millisecond
// each, and a table of tickets formats hundreds of times as it renders.
const dayFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, calendarDateParts);
const secondFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { ...dateTimeToMinuteParts, second: '2-digit' });
const minuteFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, dateTimeToMinuteParts);

export function formatDate(date: Date): string {
  return dayFormat.format(date);
}

/** A moment, e.g. of a log entry, in the same locale with a 24-hour time (2025/11/21, 14:05:09). */
export function formatDateTime(date: Date): string {
  return secondFormat.format(date);
}

/** A ticket's times in a table, to the minute (2025/11/21, 14:05). */
export function formatDateTimeToMinute(date: Date): string {
  return minuteFormat.format(date);
}

/** The date pickers' formats (dayjs tokens), the same text as `formatDate` and `formatDateTimeToMinute` write. */
export const dayInputFormat = 'YYYY/MM/DD';
export const momentInputFormat = 'YYYY/MM/DD, HH:mm';
