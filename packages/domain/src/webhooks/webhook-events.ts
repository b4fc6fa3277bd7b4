import type { ScaleIncidentEvent } from '../scales/scale-incident-events';
import type { SoilFLOReceiptEvent } from '../soilflo/receipt-events';
import type { TicketEvent } from '../tickets/ticket-events';

/** The published types of a ticket's own events (its stream's). */
export const ticketWebhookEventTypes = [
  'ticket.generated',
  'ticket.loaded',
  'ticket.dispatched',
  'ticket.weighed',
  'ticket.received',
  'ticket.rejected',
  'ticket.reset',
  'ticket.edited',
  'ticket.restored',
] as const;

/** The event types a webhook subscription may ask for (issue 33), as receivers see them in `type`. */
export const webhookEventTypes = [
  ...ticketWebhookEventTypes,
  'project.over_threshold',
  'scale.down',
  'scale.up',
  'soilflo.receipt_failed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The version of the envelope receivers get; a changed envelope is a new version, documented beside the old. */
export const webhookEnvelopeVersion = 1;
export type WebhookEnvelopeVersion = typeof webhookEnvelopeVersion;

/**
 * Which webhook type each of the ticket's events is delivered as. Events not named here (a revoked link, a
 * redaction, a deletion, a discarded first weight) are not told to subscribers.
 */
export const webhookTypeOfTicketEvent: Partial<Record<TicketEvent['type'], WebhookEventType>> = {
  TicketGenerated: 'ticket.generated',
  TruckDispatched: 'ticket.dispatched',
  TicketWeighed: 'ticket.weighed',
  TicketWeighedOnDefaultTare: 'ticket.weighed',
  TicketWeighedNet: 'ticket.weighed',
  TicketSecondWeighed: 'ticket.weighed',
  TicketTared: 'ticket.weighed',
  TicketReceived: 'ticket.received',
  TicketRejected: 'ticket.rejected',
  TicketReceiptReset: 'ticket.reset',
  TicketEdited: 'ticket.edited',
  TicketRestored: 'ticket.restored',
  TicketLoaded: 'ticket.loaded',
};

/** Which webhook type each published event that is not a ticket's own is delivered as. */
const webhookTypeOfOtherEvent: Record<
  SoilFLOReceiptEvent['type'] | ScaleIncidentEvent['type'] | 'ProjectWentOverThreshold',
  WebhookEventType
> = {
  SoilFLOReceiptFailed: 'soilflo.receipt_failed',
  ScaleOutageTold: 'scale.down',
  ScaleOutageRecovered: 'scale.up',
  ProjectWentOverThreshold: 'project.over_threshold',
};

/** Every published event type and the webhook type it is delivered as. */
export const webhookTypeOfEvent: Readonly<Record<string, WebhookEventType>> = {
  ...webhookTypeOfTicketEvent,
  ...webhookTypeOfOtherEvent,
};

/** What a subscription's optional filter narrows its tickets to; null fields match every ticket. */
export interface WebhookFilter {
  contractorCompanyId: number | null;
  projectId: number | null;
  transportCompanyId: number | null;
}

export const webhookMessages = {
  urlInvalid: 'The URL must be an absolute http or https URL.',
  httpsRequired: 'The URL must use https (only allow-listed hosts may use http).',
  targetRefused:
    'The URL points to a private, loopback, link-local or metadata address, which is not allowed.',
  targetUnresolved: "The URL's host name could not be resolved.",
  eventTypesRequired: 'Choose at least one event type.',
  eventTypeUnknown: (type: string) => `Unknown event type '${type}'.`,
  notFound: 'Webhook subscription not found.',
  deliveryNotFound: 'Webhook delivery not found.',
  replayFromFuture: 'Replay from a time that has passed.',
  pausedSubject: (url: string) => `Webhook deliveries to ${url} are paused`,
} as const;
