import { noManualReasonGiven, type WeighingSource } from '../scales/scale';
import { evolveTicket, initialTicketState, type TicketEvent, type TicketState } from './ticket';

/**
 * What the printed records (receiving record, haulage record) read from a ticket's history rather than
 * from its current fields: where its weight came from.
 */

const replay = (events: readonly TicketEvent[], step: (state: TicketState, event: TicketEvent) => void) =>
  events.reduce<TicketState>((state, event) => {
    const next = evolveTicket(state, event);
    step(next, event);
    return next;
  }, initialTicketState);

/** The events whose weight is a weighing's: each records its source (null on TicketWeighed before sources). */
const weighingEvents = new Set<TicketEvent['type']>([
  'TicketWeighed',
  'TicketWeighedOnDefaultTare',
  'TicketWeighedNet',
  'TicketSecondWeighed',
  'TicketTared',
]);

/**
 * How a printed record names where the ticket's current weight came from: typed by hand, with the
 * operator's reason (`noManualReasonGiven` when none was recorded, and for a weight typed on a ticket
 * form), or weighed on a scale (`scaleId` null: a weighing recorded before weighings had a source).
 */
export type WeighingOfRecord =
  | { manual: true; manualReason: string; scaleId: number | null }
  | { manual: false; scaleId: number | null };

/** The origin of the ticket's current weight, from its history; null when it has no weight. */
export function weighingOfRecord(events: readonly TicketEvent[]): WeighingOfRecord | null {
  let origin: WeighingOfRecord | null = null;
  let weight: number | null = null;
  const final = replay(events, (state, event) => {
    const next = state.status === 'active' ? state.details.weight : null;
    if (weighingEvents.has(event.type)) {
      const { source } = event.data as { source: WeighingSource | null };
      origin = source?.manual
        ? {
            manual: true,
            manualReason: source.manualReason?.trim() || noManualReasonGiven,
            scaleId: source.scaleId,
          }
        : { manual: false, scaleId: source?.scaleId ?? null };
    } else if (next !== weight)
      origin = next === null ? null : { manual: true, manualReason: noManualReasonGiven, scaleId: null };
    weight = next;
  });
  return final.status === 'active' && final.details.weight !== null ? origin : null;
}
