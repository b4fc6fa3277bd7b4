const dayMs = 24 * 60 * 60 * 1000;

/**
 * Whether a truck's stored tare must be weighed again under the site's "re-tare every N days" setting:
 * it is expired once more than `retareEveryDays` whole days (of 24 hours) have passed since it was
 * weighed. Without a rule (null) no tare expires. With a rule, a tare with no date is expired: nothing
 * proves it is recent enough (it was typed in, or stored before tares carried a date).
 */
export function isTareExpired(
  tareWeighedAt: Date | null,
  retareEveryDays: number | null,
  now: Date,
): boolean {
  if (retareEveryDays === null) return false;
  if (tareWeighedAt === null) return true;
  return now.getTime() - tareWeighedAt.getTime() > retareEveryDays * dayMs;
}
