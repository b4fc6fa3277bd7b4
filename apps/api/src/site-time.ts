import { calendarDateParts } from '@portal/domain';

/** The calendar date (YYYY-MM-DD) at the site (SITE_TIMEZONE), which is what "today" means to its staff. */
export const siteDate = (timeZone: string, at: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, ...calendarDateParts }).format(at);
