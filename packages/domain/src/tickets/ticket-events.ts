import { type Static, Type } from '@sinclair/typebox';
import type { OlderEventVersions } from '../events/event-versions';
import { type PersonalDataRedacted, RedactionEventSchemas } from '../retention/personal-data-redacted';
import { WeighingSourceSchema } from '../scales/weighing-source';
import { type EventOf, eventTypesOf, Nullable, OneOf } from '../schemas';
import { TicketDetailsSchema } from './ticket-details';
import { TruckDispatchSchema } from './truck-dispatch';

const NullableString = Nullable(Type.String());

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
  /**
   * The ticket got its time loaded (it had none): appended right after the event that gave it one (an edit,
   * a bulk edit, a driver's dispatch, a receipt, a restore, a SoilFLO load), in the same append. It changes
   * nothing the event before it did not; it is what webhooks and the feed tell as `ticket.loaded`.
   */
  TicketLoaded: Type.Object({ ticketId, timeLoaded: Type.String() }),
};

export type TicketEvent = EventOf<typeof TicketEventSchemas>;
/** What a ticket's stream holds: its own events, and retention's removal of its personal data (any stream's event). */
export type TicketStreamEvent = TicketEvent | PersonalDataRedacted;

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

/**
 * TruckDispatched version 1, frozen: the driver chose a registered haulage company from a list the link
 * answered (issue 32 took the directory off the link: the driver types the name).
 */
const TruckDispatchedV1Schema = Type.Object({
  ticketId,
  dispatch: Type.Object({
    timeLoaded: Type.String(),
    transportCompanyId: Type.Integer(),
    truckNumber: Nullable(Type.String()),
    truckLicensePlate: Type.String(),
    truckDriverName: Type.String(),
    truckDriverNumber: Nullable(Type.String()),
    truckId: Type.Optional(Nullable(Type.Integer())),
  }),
  source: Type.Literal('driver'),
});
type TruckDispatchedV1 = Static<typeof TruckDispatchedV1Schema>;

/** The versions of the ticket's events before their current ones, oldest first. */
export const olderTicketEventVersions = {
  TicketWeighed: [
    {
      schema: TicketWeighedV1Schema,
      toNext: ({ source, ...weighed }: TicketWeighedV1) => ({ ...weighed, source: source ?? null }),
    },
  ],
  TruckDispatched: [
    {
      schema: TruckDispatchedV1Schema,
      toNext: ({ dispatch, ...dispatched }: TruckDispatchedV1) => ({
        ...dispatched,
        dispatch: { ...dispatch, givenTransportCompanyName: null },
      }),
    },
  ],
} satisfies OlderEventVersions;

export const ticketStreamEventTypes = [
  ...eventTypesOf(TicketEventSchemas),
  ...eventTypesOf(RedactionEventSchemas),
];
