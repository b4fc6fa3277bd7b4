import { countOf } from '../catalogue/catalogue';
import { maxIndexedTextLength } from '../catalogue/fields';
import { maxMinimumWeightDivisions, maxScaleCapacityKg } from './scale';

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
