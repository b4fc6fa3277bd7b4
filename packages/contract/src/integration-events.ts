import {
  type TicketEvent,
  type WebhookEventType,
  webhookEnvelopeVersion,
  webhookTypeOfTicketEvent,
} from '@portal/domain';
import type { WebhookEnvelope } from './webhooks';

/**
 * The envelope other systems get for one of the portal's events (issue 33; docs/integrations.md): the same
 * for the event feed (GET /api/feed) and for webhooks, so a receiver can take either and deduplicate on
 * `eventId`. Its schema is `WebhookEnvelopeSchema`, its types and which events they are `webhookEventTypes`
 * and `webhookTypeOfTicketEvent`; this builds one.
 */

/** The published type of a stored event, or null when no integration is told of it. */
export const integrationTypeOf = (eventType: string): WebhookEventType | null =>
  (Object.hasOwn(webhookTypeOfTicketEvent, eventType) &&
    webhookTypeOfTicketEvent[eventType as TicketEvent['type']]) ||
  null;

/**
 * The envelope of one stored ticket event, or null when its type is not published. `Ticket` is the ticket
 * as the read model answers it (its instants as Dates, which the route's schema writes as strings).
 */
export function integrationEnvelopeOf<Ticket>(
  event: { eventId: string; type: string; streamVersion: number; recordedAt: Date; data: unknown },
  ticket: Ticket | null,
): (Omit<WebhookEnvelope, 'ticket'> & { ticket: Ticket | null }) | null {
  const type = integrationTypeOf(event.type);
  if (type === null) return null;
  // The link's hash nonce is a secret: it never leaves the portal.
  const { hashNonce: _secret, ...data } = event.data as { ticketId: number; hashNonce?: unknown };
  return {
    version: webhookEnvelopeVersion,
    type,
    eventId: event.eventId,
    occurredAt: event.recordedAt.toISOString(),
    ticketId: data.ticketId,
    sequence: event.streamVersion,
    data,
    ticket,
  };
}
