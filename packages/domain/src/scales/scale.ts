import { type Static, Type } from '@sinclair/typebox';
import { countOf, defineCatalogue, recordWithIdSchema } from '../catalogue/catalogue';
import { flag, maxIndexedTextLength, optionalNumber } from '../catalogue/fields';
import { validateName } from '../catalogue/named-record';
import { assertValid } from '../errors';
import { Nullable } from '../schemas';

/** The least a scale weighs, in its divisions, unless its record says otherwise (the weighing-instrument rule of thumb for a minimum load). */
export const defaultMinimumWeightDivisions = 20;
/** The most a scale's minimum weight may be set to, in divisions (a weighbridge's capacity is 3,000 to 10,000 divisions). */
export const maxMinimumWeightDivisions = 1000;

/** The heaviest capacity a scale's record may give, KG (weighbridges are built up to about 200 t). */
export const maxScaleCapacityKg = 1_000_000;

/**
 * A weighbridge (id and name, as the scales list shows it) and its weighing rules; its live
 * weight is not part of the record. `capacityKg`: its capacity (Max on its data plate); no weight above
 * it is weighed or typed for it (issue 34, item 3); null when not given, and the site's maximum weight
 * bounds what is typed for it.
 */
export const ScaleDataSchema = Type.Object({
  scaleName: Type.String(),
  minimumWeightDivisions: Type.Integer({
    minimum: 0,
    maximum: maxMinimumWeightDivisions,
    description: `The least weight weighed, in the scale's divisions (default ${defaultMinimumWeightDivisions})`,
  }),
  returnToZeroRequired: Type.Boolean({
    description:
      'A truck is weighed only after the scale has read zero since the previous weighing on it (default true)',
  }),
  capacityKg: Nullable(
    Type.Integer({
      minimum: 1,
      maximum: maxScaleCapacityKg,
      description:
        "The scale's capacity (Max), KG: no heavier weight is weighed or set by hand on it; null: none given",
    }),
  ),
});
export type ScaleData = Static<typeof ScaleDataSchema>;

/** What a scale's record says of weighing on it, its defaults filled in. */
export interface ScaleWeighingRules {
  minimumWeightDivisions: number;
  returnToZeroRequired: boolean;
  capacityKg: number | null;
}

/** The rules of a scale's record; a read-model row projected before a rule existed reads its default. */
export const weighingRulesOf = (scale: {
  minimumWeightDivisions?: number | null;
  returnToZeroRequired?: boolean | null;
  capacityKg?: number | null;
}): ScaleWeighingRules => ({
  minimumWeightDivisions: scale.minimumWeightDivisions ?? defaultMinimumWeightDivisions,
  returnToZeroRequired: scale.returnToZeroRequired ?? true,
  capacityKg: scale.capacityKg ?? null,
});

/**
 * Version 1 of ScaleCreated and ScaleUpdated, frozen: the record before capacities, its rules optional
 * (scales saved before the rules existed lack them). It reads as version 2, the current one, with the
 * rules' defaults filled in and no capacity given.
 */
const ScaleRecordV1Schema = recordWithIdSchema(
  Type.Object({
    scaleName: Type.String(),
    minimumWeightDivisions: Type.Optional(Type.Integer({ minimum: 0, maximum: maxMinimumWeightDivisions })),
    returnToZeroRequired: Type.Optional(Type.Boolean()),
  }),
);
interface ScaleRecordV1 {
  id: number;
  scaleName: string;
  minimumWeightDivisions?: number;
  returnToZeroRequired?: boolean;
}
const scaleRecordV1 = {
  schema: ScaleRecordV1Schema,
  toNext: (record: ScaleRecordV1) => ({ ...record, ...weighingRulesOf(record) }),
};

export const scales = defineCatalogue('Scale', {
  label: 'Scale',
  streamPrefix: 'scale',
  record: ScaleDataSchema,
  olderEventVersions: { ScaleCreated: [scaleRecordV1], ScaleUpdated: [scaleRecordV1] },
});

export const scaleMessages = {
  /** A weighing names a scale: a scaleId below 1 is none. */
  required: 'Scale is required',
  nameRequired: 'Scale name is required',
  nameTooLong: `Scale name can be max ${maxIndexedTextLength} characters`,
  minimumInvalid: `Minimum weight must be a whole number of divisions from 0 to ${maxMinimumWeightDivisions}`,
  capacityInvalid: `Capacity must be a whole number of KG from 1 to ${maxScaleCapacityKg}, or empty`,
  overCapacity: (capacityKg: number) =>
    `The weight is over the scale's capacity of ${capacityKg} KG. Nothing was weighed.`,
  noTicket: 'No ticket selected.',
  noTruck: 'No truck selected.',
  noReading: 'The scale has no current reading. Check that its bridge is running, or set the weight by hand.',
  notStable: 'The scale is in motion. Wait for the indicator to show the weight stable, or set it by hand.',
  twoBridges:
    "Two scale bridges report with this scale's key, so its readings are mixed. Revoke the key and issue one for each bridge.",
  overRange: 'The scale is over its capacity (over range). Nothing was weighed.',
  underRange:
    'The scale is under range (below zero). Zero the indicator with the deck empty, then weigh again.',
  netMode:
    'The indicator shows a net weight. Switch it to gross (clear its tare), then weigh again, or set the weight by hand.',
  notZeroed:
    'The scale has not returned to zero since the last truck was weighed on it. Wait for the deck to empty and read zero, then weigh.',
  belowMinimum: (minimumKg: number, divisions: number) =>
    `The weight is below the scale's minimum of ${minimumKg} KG (${countOf(divisions, 'division')}). Nothing was weighed.`,
  netWithoutTare:
    'The indicator shows a net weight but its frame carries no tare, so the weighing could not be recorded. Switch it to gross (clear its tare), then weigh again.',
  notNet: 'The indicator shows a gross weight, not a net one: weigh it as gross.',
  /** Issue 29: the weight recorded is the one the operator confirmed on screen. */
  weightChanged: 'The weight changed: weigh again',
  staleReading: (ageMs: number) =>
    `The scale's reading is ${(ageMs / 1000).toFixed(1)} s old: its bridge has stopped reporting. Check the bridge, or set the weight by hand.`,
  netNotPositive: (net: number) =>
    `The net weight would be ${net} KG: the scale weight must be more than the tare weight.`,
  notWeighedIn: 'This ticket has not been weighed in yet, so its weight cannot be updated from a tare.',
  /** Issue 29: a missing or expired stored tare is never silently replaced by the default tare. */
  tareMissing: (truck: string | null) =>
    truck === null
      ? 'This ticket has no truck, so there is no stored tare. Weigh the truck again empty after unloading (two-pass), or use the default tare.'
      : `Truck ${truck} has no stored tare. Weigh it again empty after unloading (two-pass), or use the default tare.`,
  tareExpired: (truck: string, weighedOn: string | null, days: number) =>
    `The stored tare of truck ${truck} is ${weighedOn === null ? 'undated' : `from ${weighedOn}`}, and tares expire after ${days} days. Weigh it again empty after unloading (two-pass), or use the default tare.`,
  netWithFirstWeight:
    'This ticket holds a first weight: weigh the truck again as gross to complete its two-pass weighing.',
  otherTruck: 'This ticket is for another truck.',
  /** Issue 34: the Scale page asks why a weight is set by hand. */
  manualReasonRequired: 'Say why the weight is set by hand',
  /** The Scale page's answers, word for word (docs/rules.md, "Scale"). */
  tareSet: (tare: number, truck: string) => `Tare weight set to ${tare} for ${truck}`,
  tareSetWithTicket: (tare: number, truck: string, ticketNumber: string, weight: number) =>
    `Tare weight set to ${tare} KG for ${truck}, ticket number ${ticketNumber} weight updated to ${weight} KG`,
  failedToUpdate: (truck: string) => `Failed to update ${truck}`,
} as const;

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

/**
 * The scale record a save gives. A rule the body leaves out keeps its current value on an edit (a client
 * that knows only the spec's Scale {id, scaleName} renames without resetting the rules), its default on
 * a new scale.
 */
export function validateScale(
  input: {
    scaleName?: unknown;
    minimumWeightDivisions?: unknown;
    returnToZeroRequired?: unknown;
    capacityKg?: unknown;
  },
  current?: Parameters<typeof weighingRulesOf>[0],
): ScaleData {
  const messages = { required: scaleMessages.nameRequired, tooLong: scaleMessages.nameTooLong };
  const kept = weighingRulesOf(current ?? {});
  const minimum = optionalNumber(input.minimumWeightDivisions);
  const minimumValid =
    minimum === null || (Number.isInteger(minimum) && minimum >= 0 && minimum <= maxMinimumWeightDivisions);
  const capacity = optionalNumber(input.capacityKg);
  const capacityValid =
    capacity === null || (Number.isInteger(capacity) && capacity >= 1 && capacity <= maxScaleCapacityKg);
  const { name: scaleName } = validateName({ name: input.scaleName }, messages, 'scaleName');
  assertValid({
    ...(minimumValid ? {} : { minimumWeightDivisions: scaleMessages.minimumInvalid }),
    ...(capacityValid ? {} : { capacityKg: scaleMessages.capacityInvalid }),
  });
  const given = <Value>(field: keyof typeof input, value: Value, keptValue: Value) =>
    input[field] === undefined ? keptValue : value;
  return {
    scaleName,
    minimumWeightDivisions: given(
      'minimumWeightDivisions',
      minimum ?? defaultMinimumWeightDivisions,
      kept.minimumWeightDivisions,
    ),
    returnToZeroRequired: given(
      'returnToZeroRequired',
      flag(input.returnToZeroRequired),
      kept.returnToZeroRequired,
    ),
    capacityKg: given('capacityKg', capacity, kept.capacityKg),
  };
}

/**
 * Where a weight came from, kept in the ticket's event so an auditor sees it: which scale, whether
 * its reading was stable, the indicator's raw frame (hex), or that someone typed it by hand.
 */
export const WeighingSourceSchema = Type.Object({
  scaleId: Nullable(Type.Integer()),
  manual: Type.Boolean({ description: 'Typed by hand (confirmed in the Manually Set Scale Weight dialog)' }),
  stable: Nullable(Type.Boolean()),
  rawFrame: Nullable(Type.String()),
  readingAt: Nullable(Type.String({ format: 'date-time' })),
  /**
   * Why a weight was typed by hand, as the operator gave it; absent on weighings recorded before
   * reasons were asked and on readings from a scale. A manual weighing without one reads as
   * `noManualReasonGiven`.
   */
  manualReason: Type.Optional(Type.String()),
});
export type WeighingSource = Static<typeof WeighingSourceSchema>;

/** How a manual weighing recorded without a reason (the spec's own body) reads on every record. */
export const noManualReasonGiven = 'no reason given';

/** The longest reason a weight typed by hand may carry. */
export const manualReasonMaxLength = 200;

/**
 * A weight given with no scale reading behind it (the spec's client, or a hand-typed weight), with the
 * operator's reason when one was given (blank is none).
 */
export const manualWeighing = (scaleId: number | null, reason?: string | null): WeighingSource => {
  const manualReason = reason?.trim() ?? '';
  return {
    scaleId,
    manual: true,
    stable: null,
    rawFrame: null,
    readingAt: null,
    ...(manualReason === '' ? {} : { manualReason }),
  };
};

/** How a recorded weighing's provenance reads: "MANUAL: <reason>" when typed by hand, else the scale it came from. */
export const weighingProvenance = (
  source: WeighingSource,
  scaleName: (scaleId: number) => string,
): { manual: true; reason: string; scale: string | null } | { manual: false; scale: string | null } =>
  source.manual
    ? {
        manual: true,
        reason: source.manualReason ?? noManualReasonGiven,
        scale: source.scaleId === null ? null : scaleName(source.scaleId),
      }
    : { manual: false, scale: source.scaleId === null ? null : scaleName(source.scaleId) };
