/** The phases of one simulated weighing, in ms: empty deck, truck drives on, settles, holds, drives off. */
export interface TruckCycle {
  emptyMs: number;
  driveOnMs: number;
  settleMs: number;
  holdMs: number;
  driveOffMs: number;
}

export const defaultTruckCycle: TruckCycle = {
  emptyMs: 4000,
  driveOnMs: 6000,
  settleMs: 2500,
  holdMs: 8000,
  driveOffMs: 4500,
};

const cycleLength = (cycle: TruckCycle): number =>
  cycle.emptyMs + cycle.driveOnMs + cycle.settleMs + cycle.holdMs + cycle.driveOffMs;

/** The same cycle, stretched or shrunk to `totalMs`. */
export const scaleCycle = (cycle: TruckCycle, totalMs: number): TruckCycle => {
  const factor = totalMs / cycleLength(cycle);
  return {
    emptyMs: cycle.emptyMs * factor,
    driveOnMs: cycle.driveOnMs * factor,
    settleMs: cycle.settleMs * factor,
    holdMs: cycle.holdMs * factor,
    driveOffMs: cycle.driveOffMs * factor,
  };
};

// Deterministic "randomness" from the cycle number and time: a run can be replayed in a test.
const wobble = (seed: number): number => {
  const x = Math.sin(seed * 12.9898) * 43758.5453;
  return x - Math.floor(x);
};

/** A loaded soil truck: 24–42 t gross, a different one each cycle. */
const grossKg = (cycleNumber: number): number => 24_000 + Math.round(wobble(cycleNumber + 1) * 18_000);

/**
 * What a truck scale shows `elapsedMs` into a run of cycles, rounded to the division: the axles
 * come on one after the other (the weight climbs in steps, in motion), the deck bounces and settles,
 * the weight holds (stable), then falls back to zero as the truck drives off.
 */
export function truckScaleAt(
  elapsedMs: number,
  cycle: TruckCycle = defaultTruckCycle,
  divisionKg = 20,
): { weightKg: number; motion: boolean } {
  const length = cycleLength(cycle);
  const cycleNumber = Math.floor(elapsedMs / length);
  const gross = grossKg(cycleNumber);
  let t = elapsedMs - cycleNumber * length;
  const round = (kg: number) => Math.round(kg / divisionKg) * divisionKg;
  const jitter = (amplitudeKg: number) => (wobble(elapsedMs) - 0.5) * 2 * amplitudeKg;

  if (t < cycle.emptyMs) return { weightKg: 0, motion: false };
  t -= cycle.emptyMs;
  if (t < cycle.driveOnMs) {
    // Three axle groups: steer axle (20 %), drive tandem (45 %), then the pup's (35 %).
    const progress = t / cycle.driveOnMs;
    const onDeck = Math.min(progress * 3, 1) * 0.2 + Math.min(Math.max(progress * 3 - 1, 0), 1) * 0.45;
    const pup = Math.min(Math.max(progress * 3 - 2, 0), 1) * 0.35;
    return { weightKg: Math.max(round(gross * (onDeck + pup) + jitter(150)), 0), motion: true };
  }
  t -= cycle.driveOnMs;
  if (t < cycle.settleMs) {
    const decay = 1 - t / cycle.settleMs;
    return { weightKg: round(gross + Math.sin(t / 90) * 400 * decay + jitter(40 * decay)), motion: true };
  }
  t -= cycle.settleMs;
  if (t < cycle.holdMs) return { weightKg: round(gross), motion: false };
  t -= cycle.holdMs;
  const left = 1 - t / cycle.driveOffMs;
  return { weightKg: Math.max(round(gross * left + jitter(150)), 0), motion: true };
}
