/**
 * Issue 32, item 7: what a bridge report's reading must be to become a scale's live weight. Its reading
 * time lies within `bridgeClockSkewMs` of the portal's clock (a bridge reports a frame within a second or
 * two of reading it; more than 10 s either way is a wrong clock or a made-up report), and its weight is a
 * finite number from a lower bound up to the limit, the limit being the scale's capacity or, without one,
 * the site's maximum weight (weightLimitKg). A gross reads only slightly below zero (a zero drift, mud
 * washed off), so its lower bound is −2% of the limit (−1,200 KG on a 60 t scale); a net reading is
 * −tare with the deck empty, so its lower bound is −limit.
 */
export const bridgeClockSkewMs = 10_000;

/** How far below zero a gross reading may lie, as a share of the scale's limit. */
export const bridgeGrossBelowZeroShare = 0.02;

export type BridgeReadingRefusal = 'clock' | 'weight';

/** Why a reading is refused (its reason and message), or null when it may be the live weight. */
export function bridgeReadingRefusal(
  reading: { readAt: string; weightKg: number; mode: 'gross' | 'net' },
  now: Date,
  limitKg: number,
): { reason: BridgeReadingRefusal; message: string } | null {
  const readAt = new Date(reading.readAt).getTime();
  if (!(Math.abs(readAt - now.getTime()) <= bridgeClockSkewMs))
    return {
      reason: 'clock',
      message: `The reading's time (readAt ${reading.readAt}) is more than ${bridgeClockSkewMs / 1000} s from the portal's clock (${now.toISOString()}): check the bridge host's clock. The reading was refused.`,
    };
  const { weightKg } = reading;
  const lowestKg = reading.mode === 'net' ? -limitKg : -limitKg * bridgeGrossBelowZeroShare;
  if (!(Number.isFinite(weightKg) && weightKg >= lowestKg && weightKg <= limitKg))
    return {
      reason: 'weight',
      message: `The reading's weight (${weightKg} KG) is outside the scale's range of ${lowestKg} to ${limitKg} KG for a ${reading.mode} reading. The reading was refused.`,
    };
  return null;
}
