import type { ScaleWeighingRules } from './scale';
import { scaleMessages } from './scale-messages';

/** What a scale's live reading says, as far as whether a truck may be weighed from it. */
export interface LiveReadingState {
  currentWeight: number | null;
  status: 'ok' | 'motion' | 'error' | 'disconnected';
  stable: boolean;
  range: 'ok' | 'over' | 'under' | null;
  mode: 'gross' | 'net' | null;
  /** How old the indicator's frame is now, in ms (null without a reading). */
  readingAgeMs: number | null;
  /** The scale's division in KG, as its bridge reports it (null from a bridge that does not). */
  divisionKg: number | null;
  /** Whether the scale has read zero since the last weigh-in or tare taken from it. */
  zeroedSinceWeighing: boolean;
  /** Two bridge processes report with the scale's key: whose reading is current cannot be told. */
  twoBridges: boolean;
  /** The tare the indicator holds, in KG, when its frame carries one (what a net reading is net of). */
  tareKg: number | null;
  rules: ScaleWeighingRules;
}

/** How the operator weighs: the indicator's gross (the default), or explicitly its net with the tare it holds. */
export type WeighAs = 'gross' | 'net';

/** A reading within half a division of zero is zero. */
export const isZeroReading = (weightKg: number, divisionKg: number | null): boolean =>
  Math.abs(weightKg) <= (divisionKg ?? 0) / 2;

/**
 * Why a weigh-in or tare may not take the scale's live reading, or null when it may. The indicator is
 * the legal instrument: only a reading it shows stable, in range and gross (or net, when the operator
 * weighs net and the frame carries the tare), and that is fresh, is weighed; and, by the scale's rules,
 * only once it has read zero since its last weighing (the previous truck has left the deck), and at
 * no less than its minimum weight. One rule for the API (which refuses with it) and the Scale page
 * (which shows it).
 */
export function notWeighableBecause(
  reading: LiveReadingState,
  maxReadingAgeMs: number,
  weighAs: WeighAs = 'gross',
): string | null {
  const { currentWeight, status, readingAgeMs, rules } = reading;
  if (currentWeight === null || readingAgeMs === null || status === 'disconnected' || status === 'error')
    return scaleMessages.noReading;
  if (reading.twoBridges) return scaleMessages.twoBridges;
  if (reading.range === 'over') return scaleMessages.overRange;
  if (rules.capacityKg !== null && currentWeight > rules.capacityKg)
    return scaleMessages.overCapacity(rules.capacityKg);
  if (reading.range === 'under') return scaleMessages.underRange;
  if (weighAs === 'gross' && reading.mode === 'net') return scaleMessages.netMode;
  if (weighAs === 'net' && reading.mode !== 'net') return scaleMessages.notNet;
  if (weighAs === 'net' && reading.tareKg === null) return scaleMessages.netWithoutTare;
  if (!reading.stable) return scaleMessages.notStable;
  if (readingAgeMs > maxReadingAgeMs) return scaleMessages.staleReading(readingAgeMs);
  if (rules.returnToZeroRequired && !reading.zeroedSinceWeighing) return scaleMessages.notZeroed;
  const minimumKg = rules.minimumWeightDivisions * (reading.divisionKg ?? 0);
  if (currentWeight < minimumKg) return scaleMessages.belowMinimum(minimumKg, rules.minimumWeightDivisions);
  return null;
}
