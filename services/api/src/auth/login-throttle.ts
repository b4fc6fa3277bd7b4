/**
 * Counts failed logins per username (known or not, so it tells nothing about which accounts exist)
 * and locks the name out for a while after too many. In memory: per API process.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; lockedUntil: number; firstAt: number }>();

  constructor(
    private readonly maxFailures = 5,
    private readonly windowMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Minutes left in the lock-out, or 0 when a login may be tried. */
  lockedMinutes(username: string): number {
    const entry = this.failures.get(username);
    const left = entry ? entry.lockedUntil - this.now() : 0;
    return left > 0 ? Math.ceil(left / 60_000) : 0;
  }

  recordFailure(username: string): void {
    const now = this.now();
    const entry = this.failures.get(username);
    const fresh = !entry || now - entry.firstAt > this.windowMs;
    const count = fresh ? 1 : entry.count + 1;
    this.failures.set(username, {
      count,
      firstAt: fresh ? now : entry.firstAt,
      lockedUntil: count >= this.maxFailures ? now + this.windowMs : 0,
    });
  }

  recordSuccess(username: string): void {
    this.failures.delete(username);
  }
}
