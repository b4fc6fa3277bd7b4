import { defaultSiteTimezone } from '@portal/api';

/** Seconds since midnight on the site's clock (the portal's default site time zone). */
function secondsIntoSiteDay(now: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: defaultSiteTimezone,
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 3600 + part('minute') * 60 + part('second');
}

/** The most hours before now that `earlierToday` takes. */
const maxHours = 4;

/**
 * An ISO instant `hours` (under 4) before now, but on the site's today whatever hour the test runs: today's
 * lists show only what was loaded since the site's midnight. Before 4 a.m. at the site, an hour shrinks to
 * a quarter of the time since midnight, so the instant stays on today and a larger `hours` is still earlier.
 */
export function earlierToday(hours: number, now = new Date()): string {
  if (hours < 0 || hours >= maxHours) throw new RangeError(`earlierToday takes 0 to ${maxHours} hours`);
  const hourMs = Math.min(3600_000, (secondsIntoSiteDay(now) * 1000) / maxHours);
  return new Date(now.getTime() - hours * hourMs).toISOString();
}
