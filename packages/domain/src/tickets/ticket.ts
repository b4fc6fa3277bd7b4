import { type Static, Type } from '@sinclair/typebox';
import type { OlderEventVersions } from '../events/event-versions';
import { WeighingSourceSchema } from '../scales/scale';
import { type EventOf, eventTypesOf, Nullable, OneOf } from '../schemas';
import { TruckDispatchSchema } from './truck-dispatch';

/**
 * A haulage ticket: one truck load, from generation through loading, dispatch and receipt
 * (docs/rules.md, "Tickets and their states"). Names shown beside ids (company, material, …) come
 * from the read models; the aggregate keeps only what the ticket itself says.
 */
export const ticketStreamId = (ticketId: number): string => `ticket-${ticketId}`;

/** Truck types: 1 Triaxle, 2 Trailer. */
export const TruckType = { Triaxle: 1, Trailer: 2 } as const;
export const truckTypeNames: Record<number, string> = { 1: 'Triaxle', 2: 'Trailer' };
/** Each truck type's nominal load volume, m3. */
export const truckTypeVolumesM3: Record<number, number> = { 1: 10, 2: 40 };

const NullableString = Nullable(Type.String());
const NullableInteger = Nullable(Type.Integer());

/** The fields staff fill in on the ticket forms (full, short and dispatch). */
export const TicketDetailsSchema = Type.Object({
  date: NullableString,
  timeLoaded: NullableString,
  timeReceived: NullableString,
  jobSite: NullableString,
  contractorCompanyId: NullableInteger,
  transportCompanyId: NullableInteger,
  truckId: NullableInteger,
  truckTypeId: NullableInteger,
  truckNumber: NullableString,
  truckLicensePlate: NullableString,
  truckDriverName: NullableString,
  truckDriverNumber: NullableString,
  siteContactName: NullableString,
  siteContactNumber: NullableString,
  contractorOfficeContactId: NullableInteger,
  transportContactName: NullableString,
  transportContactNumber: NullableString,
  projectId: NullableInteger,
  projectLeader: NullableString,
  materialTypeId: NullableInteger,
  materialId: NullableInteger,
  isSaltImpacted: Type.Boolean(),
  notes: NullableString,
  weight: Nullable(Type.Number({ description: 'Net weight in KG' })),
  soilFLOTicketId: NullableInteger,
  updateSoilFLO: Type.Boolean(),
});
export type TicketDetails = Static<typeof TicketDetailsSchema>;

export const emptyTicketDetails: TicketDetails = {
  date: null,
  timeLoaded: null,
  timeReceived: null,
  jobSite: null,
  contractorCompanyId: null,
  transportCompanyId: null,
  truckId: null,
  truckTypeId: null,
  truckNumber: null,
  truckLicensePlate: null,
  truckDriverName: null,
  truckDriverNumber: null,
  siteContactName: null,
  siteContactNumber: null,
  contractorOfficeContactId: null,
  transportContactName: null,
  transportContactNumber: null,
  projectId: null,
  projectLeader: null,
  materialTypeId: null,
  materialId: null,
  isSaltImpacted: false,
  notes: null,
  weight: null,
  soilFLOTicketId: null,
  updateSoilFLO: false,
};

/** Where a receipt came from: the spec gives the dashboard and the ticket page different rules. */
const ReceiptSourceSchema = OneOf(['dashboard', 'ticket', 'scale', 'bulk']);
export type ReceiptSource = Static<typeof ReceiptSourceSchema>;

const ticketId = Type.Integer();

/**
 * The current event schemas. A changed payload is a new version: the old schema moves, frozen, to
 * `olderTicketEventVersions` with an upcaster to the new one (see events/event-versions.ts); never an edit here.
 */
export const TicketEventSchemas = {
  TicketGenerated: Type.Object({
    ticketId,
    prefix: Type.Integer(),
    ticketNumber: Type.Integer(),
    isSoilFLOLoad: Type.Boolean(),
    hashNonce: Type.String(),
    date: Type.String(),
  }),
  TicketEdited: Type.Object({ ticketId, details: TicketDetailsSchema }),
  TicketReceived: Type.Object({
    ticketId,
    timeReceived: Type.String(),
    timeLoaded: NullableString,
    receivedByUserId: Type.Integer(),
    source: ReceiptSourceSchema,
    /** Set when this receipt is to be reported back to the SoilFLO load of that id (updateSoilFLO). */
    soilFLOLoadId: Type.Optional(Type.Integer()),
    /**
     * Set (without soilFLOLoadId) when this receipt is to be reported back to the SoilFLO load found by
     * the ticket's number when the report is sent: a SoilFLO load received on the scale or in bulk before
     * its load was looked up.
     */
    soilFLOLoadByTicketNumber: Type.Optional(Type.Literal(true)),
    /**
     * On a receipt reported back to SoilFLO: the ticket's net weight (KG) when it was received, null when
     * it was not weighed yet. Absent on receipts recorded before reports carried a weight.
     */
    netWeight: Type.Optional(Nullable(Type.Number())),
  }),
  TicketReceiptReset: Type.Object({ ticketId }),
  /**
   * SoilFLO had no load for the ticket and a user chose 'Override?': from now on it is not a SoilFLO load.
   * `reason`: why, as the user gave it; absent on overrides recorded before a reason was asked for.
   */
  TicketExternalLoadOverridden: Type.Object({ ticketId, reason: Type.Optional(Type.String()) }),
  TicketRejected: Type.Object({ ticketId, reason: Type.String() }),
  TicketDispatchToggled: Type.Object({ ticketId, isDispatched: Type.Boolean() }),
  /** Version 2: `source` null on weighings recorded before scales had a provenance (absent in version 1). */
  TicketWeighed: Type.Object({
    ticketId,
    materialId: Type.Integer(),
    scaleWeight: Type.Number(),
    tareWeight: Type.Number(),
    weight: Type.Number(),
    source: Nullable(WeighingSourceSchema),
  }),
  /**
   * Weighed in on the site's default tare because the truck had no stored tare (`missing`) or only an
   * expired one (`expired`), and the operator chose the default tare over a second weighing.
   */
  TicketWeighedOnDefaultTare: Type.Object({
    ticketId,
    materialId: Type.Integer(),
    scaleWeight: Type.Number(),
    tareWeight: Type.Number(),
    weight: Type.Number(),
    storedTare: OneOf(['missing', 'expired']),
    source: WeighingSourceSchema,
  }),
  /** Weighed from the indicator's net reading: the tare is the one the indicator held, the gross their sum. */
  TicketWeighedNet: Type.Object({
    ticketId,
    materialId: Type.Integer(),
    scaleWeight: Type.Number(),
    tareWeight: Type.Number(),
    weight: Type.Number(),
    source: WeighingSourceSchema,
  }),
  /** Two-pass weighing, first pass: the weight is held on the ticket until the truck is weighed again. */
  TicketFirstWeighed: Type.Object({
    ticketId,
    materialId: Type.Integer(),
    firstWeight: Type.Number(),
    source: WeighingSourceSchema,
  }),
  /** Two-pass weighing, second pass: the heavier weighing is the gross, the lighter the tare, in either order. */
  TicketSecondWeighed: Type.Object({
    ticketId,
    materialId: Type.Integer(),
    firstWeight: Type.Number(),
    secondWeight: Type.Number(),
    scaleWeight: Type.Number(),
    tareWeight: Type.Number(),
    weight: Type.Number(),
    source: WeighingSourceSchema,
  }),
  /** Two-pass weighing abandoned (the truck left without its second weighing): the first weight is let go. */
  TicketFirstWeightDiscarded: Type.Object({ ticketId, firstWeight: Type.Number() }),
  /** The truck was tared on the scale with this ticket selected: its weight is the weigh-in's gross less the new tare. */
  TicketTared: Type.Object({
    ticketId,
    truckId: Type.Integer(),
    scaleWeight: Type.Number({ description: 'The gross of the weigh-in the new weight comes from' }),
    tareWeight: Type.Number(),
    weight: Type.Number(),
    source: WeighingSourceSchema,
  }),
  /** A driver dispatched the load from the ticket's link (the Truck Dispatch page): the truck and its driver. */
  TruckDispatched: Type.Object({
    ticketId,
    dispatch: TruckDispatchSchema,
    source: Type.Literal('driver'),
  }),
  TicketRestored: Type.Object({ ticketId, details: TicketDetailsSchema, logEntryId: Type.Integer() }),
  /** The public link was revoked: a new nonce makes the old hash worthless and gives a new one. */
  TicketLinkRevoked: Type.Object({ ticketId, hashNonce: Type.String() }),
  TicketDeleted: Type.Object({ ticketId }),
};

export type TicketEvent = EventOf<typeof TicketEventSchemas>;

/** TicketWeighed version 1, frozen: `source` was added to it in place, so older weighings lack it. */
const TicketWeighedV1Schema = Type.Object({
  ticketId,
  materialId: Type.Integer(),
  scaleWeight: Type.Number(),
  tareWeight: Type.Number(),
  weight: Type.Number(),
  source: Type.Optional(WeighingSourceSchema),
});
type TicketWeighedV1 = Static<typeof TicketWeighedV1Schema>;

/** The versions of the ticket's events before their current ones, oldest first. */
export const olderTicketEventVersions = {
  TicketWeighed: [
    {
      schema: TicketWeighedV1Schema,
      toNext: ({ source, ...weighed }: TicketWeighedV1) => ({ ...weighed, source: source ?? null }),
    },
  ],
} satisfies OlderEventVersions;

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
export const ticketEventTypes = eventTypesOf(TicketEventSchemas);

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
}

export type TicketState = { status: 'absent' } | ActiveTicket | { status: 'deleted'; ticketId: number };

/**
 * A rejected load was turned away at the gate (issue 34, D19): it is neither received, weighed in nor
 * rejected again. Saving the ticket (a new load on it) or restoring it from its log takes the rejection back.
 */
export const mayReceive = (ticket: { isReceived: boolean; isRejected: boolean }): boolean =>
  !ticket.isReceived && !ticket.isRejected;

export const initialTicketState: TicketState = { status: 'absent' };

/** Dispatch information a rejection clears: who was trucking it, and when it left. */
export const dispatchFields = [
  'timeLoaded',
  'transportCompanyId',
  'truckId',
  'truckNumber',
  'truckLicensePlate',
  'truckDriverName',
  'truckDriverNumber',
] as const satisfies readonly (keyof TicketDetails)[];

const withDetails = (state: TicketState, change: (ticket: ActiveTicket) => ActiveTicket): TicketState =>
  state.status === 'active' ? change(state) : state;

/** Whether a receipt is to be reported back to SoilFLO: to a known load, or to the one its number finds. */
export const isReportedToSoilFLO = (receipt: {
  soilFLOLoadId?: number;
  soilFLOLoadByTicketNumber?: true;
}): boolean => receipt.soilFLOLoadId !== undefined || receipt.soilFLOLoadByTicketNumber === true;

export function evolveTicket(state: TicketState, event: TicketEvent): TicketState {
  const next = evolveFields(state, event);
  if (next.status !== 'active') return next;
  const lastTimeLoaded =
    event.type === 'TicketRejected' ? null : (next.details.timeLoaded ?? next.lastTimeLoaded);
  return lastTimeLoaded === next.lastTimeLoaded ? next : { ...next, lastTimeLoaded };
}

/**
 * The load's time loaded: the ticket's own, or, once a dashboard receipt has cleared it (kept in
 * its history), the last one its history recorded before. What the records and the haulage report show.
 */
export const timeLoadedOfLoad = (ticket: ActiveTicket): string | null =>
  ticket.details.timeLoaded ?? (ticket.isReceived ? ticket.lastTimeLoaded : null);

function evolveFields(state: TicketState, event: TicketEvent): TicketState {
  switch (event.type) {
    case 'TicketGenerated': {
      const { ticketId, prefix, ticketNumber, isSoilFLOLoad, hashNonce, date } = event.data;
      return {
        status: 'active',
        ticketId,
        prefix,
        ticketNumber,
        isSoilFLOLoad,
        hashNonce,
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
      };
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
    case 'TruckDispatched':
      return withDetails(state, (t) => ({
        ...t,
        isDispatched: true,
        details: { ...t.details, ...event.data.dispatch },
      }));
    case 'TicketLinkRevoked':
      return withDetails(state, (t) => ({ ...t, hashNonce: event.data.hashNonce }));
    case 'TicketDeleted':
      return { status: 'deleted', ticketId: event.data.ticketId };
    default: {
      const unknownEvent: never = event;
      return unknownEvent;
    }
  }
}

/**
 * A ticket is complete when the information a receipt needs is there: derived from the details, never
 * taken from the client (docs/rules.md, "Tickets and their states"). A received ticket needs no time
 * loaded: the dashboard's receipt clears it and the time received stands in.
 */
export function isTicketComplete(details: TicketDetails, isReceived = false): boolean {
  const filled = (value: string | null) => value !== null && value.trim() !== '';
  return (
    filled(details.date) &&
    (isReceived || filled(details.timeLoaded)) &&
    filled(details.jobSite) &&
    filled(details.siteContactName) &&
    filled(details.truckDriverName) &&
    filled(details.truckLicensePlate) &&
    (details.contractorCompanyId ?? 0) >= 1 &&
    (details.transportCompanyId ?? 0) >= 1 &&
    (details.truckTypeId ?? 0) >= 1
  );
}

/** Ticket numbers are shown zero-padded to 6 digits (docs/rules.md, "Ticket numbers"). */
export const paddedTicketNumber = (ticketNumber: number): string => String(ticketNumber).padStart(6, '0');

/** '[prefix] number', the number zero-padded to 6 digits: how every screen and record shows a ticket. */
export const displayTicketNumber = ({
  prefix,
  ticketNumber,
}: {
  prefix: number;
  ticketNumber: number;
}): string => `[${prefix}] ${paddedTicketNumber(ticketNumber)}`;

/** Net = scale weight − truck tare (or the default tare), to 2 decimals, in KG (docs/rules.md, "Weights"). */
/** A printed net weight also in tonnes, 2 decimals. */
export const tonnesOf = (kg: number): number => Math.round(kg / 10) / 100;

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
