import { type Static, Type } from '@sinclair/typebox';
import { WeighingSourceSchema } from '../scales/weighing-source';
import { Nullable } from '../schemas';
import { withoutPersonalData } from './personal-data';
import { dispatchFields, emptyTicketDetails, type TicketDetails } from './ticket-details';
import type { TicketEvent, TicketStreamEvent } from './ticket-events';
import { isReportedToSoilFLO } from './ticket-rules';

/**
 * A haulage ticket: one truck load, from generation through loading, dispatch and receipt
 * (docs/rules.md, "Tickets and their states"). Names shown beside ids (company, material, …) come
 * from the read models; the aggregate keeps only what the ticket itself says.
 */
export const ticketStreamId = (ticketId: number): string => `ticket-${ticketId}`;
/** The ticket a stream is of, or null for another aggregate's stream. */
export const ticketIdOfStream = (streamId: string): number | null => {
  const match = /^ticket-(\d+)$/.exec(streamId);
  return match ? Number(match[1]) : null;
};

/**
 * How a ticket's weight was weighed, from its latest weighing event (issue 34): gross and tare, so the
 * ticket page shows Gross − Tare = Net, and the source (a scale's reading, or typed by hand with its
 * reason), so the ticket page and the log mark a by-hand weight MANUAL; null source for weighings
 * recorded before weighings had one.
 */
export const TicketWeighingSchema = Type.Object({
  grossWeight: Type.Number({ description: 'KG: the scale weight the net came from' }),
  tareWeight: Type.Number({ description: 'KG: the tare taken off it' }),
  source: Nullable(WeighingSourceSchema),
});
export type TicketWeighing = Static<typeof TicketWeighingSchema>;

export interface ActiveTicket {
  status: 'active';
  ticketId: number;
  prefix: number;
  ticketNumber: number;
  isSoilFLOLoad: boolean;
  hashNonce: string;
  details: TicketDetails;
  isReceived: boolean;
  receivedByUserId: number | null;
  isDispatched: boolean;
  isRejected: boolean;
  rejectReason: string | null;
  /** Two-pass weighing: the first weight, held until the second pass completes the ticket's weight. */
  firstWeight: number | null;
  /** How the ticket's weight was weighed (issue 34); null when it was set on a form, or never weighed. */
  weighing: TicketWeighing | null;
  /**
   * Received without ever having been loaded: no time loaded before the receipt nor from it (a bulk or
   * dashboard receipt of a blank ticket). Such a receipt is not a load (issue 34, D23). Derived from the
   * ticket's own history by `evolve`, so recorded events keep their meaning.
   */
  receivedWithoutLoad: boolean;
  /**
   * The last time loaded the current load's history recorded; a rejection ends the load. A dashboard
   * receipt clears the ticket's time loaded, and the records still show this one
   * (issue 34, D3): see `timeLoadedOfLoad`.
   */
  lastTimeLoaded: string | null;
  /**
   * Issue 32: the haulage company a driver typed on the dispatch link that no registered company has,
   * kept while the ticket names no company: the office registers or picks it.
   */
  givenTransportCompanyName: string | null;
}

export type TicketState = { status: 'absent' } | ActiveTicket | { status: 'deleted'; ticketId: number };

export const initialTicketState: TicketState = { status: 'absent' };

const withDetails = (state: TicketState, change: (ticket: ActiveTicket) => ActiveTicket): TicketState =>
  state.status === 'active' ? change(state) : state;

/** A ticket as generated: its number and nonce, its date, and nothing loaded, weighed, dispatched or received. */
export const generatedTicket = (
  identity: Pick<ActiveTicket, 'ticketId' | 'prefix' | 'ticketNumber' | 'isSoilFLOLoad' | 'hashNonce'>,
  date: ActiveTicket['details']['date'],
): ActiveTicket => ({
  status: 'active',
  ...identity,
  details: { ...emptyTicketDetails, date },
  isReceived: false,
  receivedByUserId: null,
  isDispatched: false,
  isRejected: false,
  rejectReason: null,
  firstWeight: null,
  weighing: null,
  receivedWithoutLoad: false,
  lastTimeLoaded: null,
  givenTransportCompanyName: null,
});

export function evolveTicket(state: TicketState, event: TicketStreamEvent): TicketState {
  const next = evolveFields(state, event);
  if (next.status !== 'active') return next;
  const lastTimeLoaded =
    event.type === 'TicketRejected' ? null : (next.details.timeLoaded ?? next.lastTimeLoaded);
  // A company the ticket names settles the driver's typed one; a rejection clears the dispatch.
  const givenTransportCompanyName =
    event.type === 'TicketRejected' || next.details.transportCompanyId !== null
      ? null
      : next.givenTransportCompanyName;
  return lastTimeLoaded === next.lastTimeLoaded &&
    givenTransportCompanyName === next.givenTransportCompanyName
    ? next
    : { ...next, lastTimeLoaded, givenTransportCompanyName };
}

function evolveFields(state: TicketState, event: TicketStreamEvent): TicketState {
  switch (event.type) {
    case 'TicketGenerated': {
      const { ticketId, prefix, ticketNumber, isSoilFLOLoad, hashNonce, date } = event.data;
      return generatedTicket({ ticketId, prefix, ticketNumber, isSoilFLOLoad, hashNonce }, date);
    }
    case 'TicketEdited':
    case 'TicketRestored':
      return withDetails(state, (t) => ({
        ...t,
        details: event.data.details,
        isRejected: false,
        rejectReason: null,
        // A weight changed on a form is no longer the weighing's.
        weighing: event.data.details.weight === t.details.weight ? t.weighing : null,
        // A time loaded given afterwards makes the receipt a load's.
        receivedWithoutLoad: t.receivedWithoutLoad && event.data.details.timeLoaded === null,
      }));
    case 'TicketReceived':
      return withDetails(state, (t) => ({
        ...t,
        isReceived: true,
        isDispatched: false,
        receivedByUserId: event.data.receivedByUserId,
        receivedWithoutLoad: t.details.timeLoaded === null && event.data.timeLoaded === null,
        details: {
          ...t.details,
          timeReceived: event.data.timeReceived,
          timeLoaded: event.data.timeLoaded,
          // A receipt reported back to SoilFLO says so on the ticket, whichever screen received it.
          updateSoilFLO: isReportedToSoilFLO(event.data) || t.details.updateSoilFLO,
        },
      }));
    case 'TicketReceiptReset':
      return withDetails(state, (t) => ({
        ...t,
        isReceived: false,
        receivedWithoutLoad: false,
        details: { ...t.details, timeReceived: null, updateSoilFLO: false },
      }));
    case 'TicketExternalLoadOverridden':
      return withDetails(state, (t) => ({ ...t, isSoilFLOLoad: false }));
    case 'TicketRejected': {
      const cleared = Object.fromEntries(dispatchFields.map((field) => [field, null]));
      return withDetails(state, (t) => ({
        ...t,
        isRejected: true,
        rejectReason: event.data.reason,
        isDispatched: false,
        details: { ...t.details, ...cleared },
      }));
    }
    case 'TicketDispatchToggled':
      return withDetails(state, (t) => ({ ...t, isDispatched: event.data.isDispatched }));
    case 'TicketWeighed':
    case 'TicketWeighedOnDefaultTare':
    case 'TicketWeighedNet':
    case 'TicketSecondWeighed':
      return withDetails(state, (t) => ({
        ...t,
        firstWeight: null,
        weighing: {
          grossWeight: event.data.scaleWeight,
          tareWeight: event.data.tareWeight,
          source: event.data.source,
        },
        details: { ...t.details, materialId: event.data.materialId, weight: event.data.weight },
      }));
    case 'TicketFirstWeighed':
      return withDetails(state, (t) => ({
        ...t,
        firstWeight: event.data.firstWeight,
        details: { ...t.details, materialId: event.data.materialId },
      }));
    case 'TicketFirstWeightDiscarded':
      return withDetails(state, (t) => ({ ...t, firstWeight: null }));
    case 'TicketTared':
      return withDetails(state, (t) => ({
        ...t,
        weighing: {
          grossWeight: event.data.scaleWeight,
          tareWeight: event.data.tareWeight,
          source: event.data.source,
        },
        details: { ...t.details, weight: event.data.weight },
      }));
    case 'TruckDispatched': {
      const { givenTransportCompanyName, ...dispatched } = event.data.dispatch;
      return withDetails(state, (t) => ({
        ...t,
        isDispatched: true,
        details: { ...t.details, ...dispatched },
        givenTransportCompanyName,
      }));
    }
    case 'TicketLinkRevoked':
      return withDetails(state, (t) => ({ ...t, hashNonce: event.data.hashNonce }));
    case 'TicketDeleted':
      return { status: 'deleted', ticketId: event.data.ticketId };
    // The loading event before it already set the time loaded.
    case 'TicketLoaded':
      return state;
    case 'PersonalDataRedacted':
      return withDetails(state, (t) => ({ ...t, details: withoutPersonalData(t.details) }));
    default: {
      const unknownEvent: never = event;
      return unknownEvent;
    }
  }
}

/**
 * A command's events, followed by TicketLoaded when they give the ticket its time loaded (it had none
 * before them): one append holds both, so the ticket is told loaded exactly once per load.
 */
export function withTicketLoaded(state: TicketState, decided: TicketEvent[]): TicketEvent[] {
  const after = decided.reduce<TicketState>(evolveTicket, state);
  const hadTimeLoaded = state.status === 'active' && state.details.timeLoaded !== null;
  if (hadTimeLoaded || after.status !== 'active' || after.details.timeLoaded === null) return decided;
  return [
    ...decided,
    { type: 'TicketLoaded', data: { ticketId: after.ticketId, timeLoaded: after.details.timeLoaded } },
  ];
}
