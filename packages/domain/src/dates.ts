/** A calendar day as two-digit parts (2025/11/21 in en-ZA, 2025-11-21 in en-CA). */
export const calendarDateParts = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;

/** A day and its time to the minute on a 24-hour clock: how staff read a load's times, on screen and in mails. */
export const dateTimeToMinuteParts = {
  ...calendarDateParts,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const;
