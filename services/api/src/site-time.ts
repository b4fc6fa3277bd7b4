/** The calendar date (YYYY-MM-DD) at the site (SITE_TIMEZONE), which is what "today" means to its staff. */
export const siteDate = (timeZone: string, at: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );
