/**
 * Issue 34 (D4): every weight given (by hand on the Scale page, on the ticket form or the Receive dialog,
 * a truck's tare, the site's default tare) lies in (0, limit]: the weighing scale's capacity, or without
 * a scale (or one whose record has none) the site's maximum weight (settings' maximumWeightKg). One rule
 * and one message for the API, which refuses with it, and the UI, which shows it before sending.
 */
export const weightLimitKg = (scaleCapacityKg: number | null | undefined, siteMaximumKg: number): number =>
  scaleCapacityKg ?? siteMaximumKg;

/** The weight's name on its form. */
export type WeightLabel = 'Weight' | 'Tare weight';

export const weightBoundMessage = (label: WeightLabel, limitKg: number): string =>
  `${label} must be more than 0 KG and at most ${limitKg} KG`;

/** The default tare's words: its 0 is the spec's "none", so 0 is in its range. */
export const defaultTareBoundMessage = (limitKg: number): string =>
  `Default tare weight must be from 0 to ${limitKg} KG`;

/** Why a given weight (KG) is refused, or null when it lies in (0, limitKg]. */
export const weightOutOfBounds = (weightKg: number, limitKg: number, label: WeightLabel = 'Weight') =>
  Number.isFinite(weightKg) && weightKg > 0 && weightKg <= limitKg
    ? null
    : weightBoundMessage(label, limitKg);

/**
 * Where the spec reads 0 as "none" (a ticket's weight before it is weighed, the default tare of 0), 0 stays
 * allowed; any other weight given is bounded.
 */
export const weightOrNoneOutOfBounds = (weightKg: number, limitKg: number, label: WeightLabel = 'Weight') =>
  weightKg === 0 ? null : weightOutOfBounds(weightKg, limitKg, label);

/** The site's default tare: 0 (none, the spec's default) up to the limit. */
export const defaultTareOutOfBounds = (weightKg: number, limitKg: number) =>
  weightKg === 0 || weightOutOfBounds(weightKg, limitKg) === null ? null : defaultTareBoundMessage(limitKg);
