import type { TicketEvent } from './ticket-events';

/** A printed net weight also in tonnes, 2 decimals. */
export const tonnesOf = (kg: number): number => Math.round(kg / 10) / 100;

/** Net = scale weight − truck tare (or the default tare), to 2 decimals, in KG (docs/rules.md, "Weights"). */
export const netWeight = (scaleWeight: number, tareWeight: number): number =>
  Math.round((scaleWeight - tareWeight) * 100) / 100;

/** The gross (scale weight) of the ticket's latest weighing, from its events; null when never weighed. */
export function lastScaleWeight(events: readonly { type: string; data: unknown }[]): number | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i] as TicketEvent;
    if ('scaleWeight' in event.data) return event.data.scaleWeight;
  }
  return null;
}
