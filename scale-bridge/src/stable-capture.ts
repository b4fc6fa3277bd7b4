// Weights held "within one division" are compared with this much slack for float noise (lb → kg).
const epsilonKg = 1e-6;

export interface StableCaptureOptions {
  /** The scale's division: a weight that moves no more than this is holding. */
  divisionKg: number;
  /** How long a weight must hold within one division to count as stable. */
  stableAfterMs: number;
}

/**
 * Whether each reading counts as stable: the indicator says so, or (for indicators that rarely
 * clear their motion flag) the weight has stayed within one division for `stableAfterMs`. Time is
 * passed in, so the rule is tested to the millisecond.
 */
export function createStableCapture({ divisionKg, stableAfterMs }: StableCaptureOptions) {
  let hold: { since: number; min: number; max: number } | null = null;
  return (weightKg: number | null, indicatorStable: boolean, now: number): boolean => {
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
    return indicatorStable || now - hold.since >= stableAfterMs;
  };
}
