import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayInputFormat, formatDate, formatDateTimeToMinute, momentInputFormat } from './dates';

// Issue 15, item 15: an input shows a date exactly as the tables, pages and logs do.
describe('date inputs and displays share one format', () => {
  const moments = [new Date(2026, 0, 2, 3, 4), new Date(2026, 10, 23, 14, 5), new Date(2025, 11, 31, 23, 59)];

  it.each(moments)('a day input shows %s as the displays write its day', (moment) => {
    expect(dayjs(moment).format(dayInputFormat)).toBe(formatDate(moment));
  });

  it.each(moments)('a moment input shows %s as the tables write it, to the minute', (moment) => {
    expect(dayjs(moment).format(momentInputFormat)).toBe(formatDateTimeToMinute(moment));
  });
});
