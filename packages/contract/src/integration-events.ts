import { OneOf, type TicketEventSchemas } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';
import { TicketSchema } from './tickets';

/**
 * What the portal tells other systems (issue 33): one envelope per published event, the same for the
 * event feed (GET /api/feed) and for webhooks, so a receiver can take either. Declared once here; the
 * feed, the webhooks and docs/integrations.md all read it.
 */

/** The published event types, as integrations name them. */
export const integrationEventTypes = [
  'ticket.generated',
  'ticket.loaded',
  'ticket.dispatched',
  'ticket.weighed',
  'ticket.received',
  'ticket.rejected',
  'ticket.reset',
  'ticket.edited',
  'ticket.restored',
  'project.over_threshold',
  'scale.down',
  'scale.up',
  'soilflo.receipt_failed',
] as const;
export type IntegrationEventType = (typeof integrationEventTypes)[number];

export const isIntegrationEventType = (name: string): name is IntegrationEventType =>
  (integrationEventTypes as readonly string[]).includes(name);

/**
 * The published type of each ticket event, or null for one no integration is told of (a deleted ticket,
 * a revoked link, a redaction, a discarded first weight, an overridden SoilFLO check). Every ticket event
 * is listed, so a new one cannot be added without deciding whether it is published.
 */
export const integrationTypeOfTicketEvent = {
  TicketGenerated: 'ticket.generated',
  TicketEdited: 'ticket.edited',
  TicketReceived: 'ticket.received',
  TicketReceiptReset: 'ticket.reset',
  TicketExternalLoadOverridden: null,
  TicketRejected: 'ticket.rejected',
  // The dispatch lock, set by the office: no load moves.
  TicketDispatchToggled: null,
  TicketWeighed: 'ticket.weighed',
  TicketWeighedOnDefaultTare: 'ticket.weighed',
  TicketWeighedNet: 'ticket.weighed',
  TicketFirstWeighed: 'ticket.weighed',
  TicketSecondWeighed: 'ticket.weighed',
  TicketFirstWeightDiscarded: null,
  TicketTared: 'ticket.weighed',
  // The driver's dispatch from the ticket's link is when the load leaves: it is loaded and on its way.
  TruckDispatched: 'ticket.dispatched',
  TicketRestored: 'ticket.restored',
  TicketLinkRevoked: null,
  TicketDeleted: null,
  PersonalDataRedacted: null,
} as const satisfies Record<keyof typeof TicketEventSchemas, IntegrationEventType | null>;

/** The published type of a stored event, or null when it is not published. */
export const integrationTypeOf = (eventType: string): IntegrationEventType | null =>
  Object.hasOwn(integrationTypeOfTicketEvent, eventType)
    ? integrationTypeOfTicketEvent[eventType as keyof typeof integrationTypeOfTicketEvent]
    : null;

export const integrationEnvelopeVersion = 1;

export const IntegrationEnvelopeSchema = Type.Object(
  {
    envelopeVersion: Type.Literal(integrationEnvelopeVersion, {
      description:
        'The envelope format; a changed format is a new version, announced in docs/integrations.md',
    }),
    type: OneOf(integrationEventTypes),
    occurredAt: Type.String({ format: 'date-time', description: 'When the portal decided the event' }),
    eventId: Type.String({
      format: 'uuid',
      description: "The event's id: the same event is always the same id (deduplicate on it)",
    }),
    sequence: Type.Integer({
      minimum: 1,
      description:
        "The event's place in its ticket's history (1, 2, …): a receiver orders one ticket's events by it",
    }),
    ticket: Type.Union([TicketSchema, Type.Null()], {
      description:
        "The ticket as GET /api/ticket/{id} answers it, as the portal's read models held it when the envelope was built (this event applied, perhaps later ones too); null when the ticket was deleted since",
    }),
  },
  { $id: 'IntegrationEnvelope', additionalProperties: false },
);
export type IntegrationEnvelope = Static<typeof IntegrationEnvelopeSchema>;

/**
 * The envelope of one stored event, or null when its type is not published. `Ticket` is the ticket as the
 * read model answers it (its instants as Dates, which the route's schema writes as the declared strings).
 */
export function integrationEnvelopeOf<Ticket>(
  event: { eventId: string; type: string; streamVersion: number; metadata: { occurredAt: string } },
  ticket: Ticket | null,
): (Omit<IntegrationEnvelope, 'ticket'> & { ticket: Ticket | null }) | null {
  const type = integrationTypeOf(event.type);
  if (type === null) return null;
  return {
    envelopeVersion: integrationEnvelopeVersion,
    type,
    occurredAt: event.metadata.occurredAt,
    eventId: event.eventId,
    sequence: event.streamVersion,
    ticket,
  };
}
