// Weights held "within one division" are compared with this much slack for float noise (lb → kg).
const epsilonKg = 1e-6;

export interface StableCaptureOptions {
  /** The scale's division: a weight that moves no more than this is holding. */
  divisionKg: number;
  /** How long a weight must hold within one division to count as stable (only without a motion flag). */
  stableAfterMs: number;
  /**
   * The indicator sends no motion flag (a per-scale setting, `SCALE_NO_MOTION_FLAG`, off by default):
   * only then does a weight held within one division for `stableAfterMs` count as stable.
   */
  noMotionFlag: boolean;
}

/**
 * Whether each reading counts as stable. The indicator is the legal instrument: its motion flag is
 * final, both ways. Only for an indicator configured as having no motion flag does the bridge judge
 * stability itself, from a weight held within one division for `stableAfterMs`; and even then a
 * motion flag that does come is obeyed. Time is passed in, so the rule is tested to the millisecond.
 */
export function createStableCapture({ divisionKg, stableAfterMs, noMotionFlag }: StableCaptureOptions) {
  let hold: { since: number; min: number; max: number } | null = null;
  return (weightKg: number | null, inMotion: boolean, now: number): boolean => {
    if (weightKg === null) {
      hold = null;
      return false;
    }
    const min = Math.min(hold?.min ?? weightKg, weightKg);
    const max = Math.max(hold?.max ?? weightKg, weightKg);
    hold =
      hold && max - min <= divisionKg + epsilonKg
        ? { since: hold.since, min, max }
        : { since: now, min: weightKg, max: weightKg };
    if (inMotion) return false;
    return !noMotionFlag || now - hold.since >= stableAfterMs;
  };
}
