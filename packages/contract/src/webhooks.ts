import { Nullable, OneOf, ticketWebhookEventTypes, webhookEventTypes } from '@portal/domain';
import { type Static, type TProperties, type TSchema, Type } from '@sinclair/typebox';
import { ProjectSchema } from './projects';
import { TicketSchema } from './tickets';

const DateTime = Type.String({ format: 'date-time' });
const OptionalId = Nullable(Type.Integer({ minimum: 1 }));

export const WebhookEventTypeSchema = OneOf(webhookEventTypes);

export const WebhookFilterSchema = Type.Object(
  { contractorCompanyId: OptionalId, projectId: OptionalId, transportCompanyId: OptionalId },
  { description: 'Only tickets of this contractor, project and haulage company (null: any)' },
);

export const WebhookSubscriptionStateSchema = OneOf(['active', 'disabled', 'paused'], {
  description:
    'paused: deliveries failed for the whole retry window; enabling it again resumes them in order',
});

/** What a subscription's form sends, on creation and on edit. */
export const WebhookSubscriptionInputSchema = Type.Object(
  {
    url: Type.String({ maxLength: 2000, description: 'https, or http for a host in WEBHOOK_ALLOWED_HOSTS' }),
    eventTypes: Type.Array(WebhookEventTypeSchema, { minItems: 1, uniqueItems: true }),
    description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    filter: Type.Optional(WebhookFilterSchema),
  },
  { additionalProperties: false },
);
export type WebhookSubscriptionInput = Static<typeof WebhookSubscriptionInputSchema>;

export const WebhookSubscriptionEditSchema = Type.Object(
  {
    ...WebhookSubscriptionInputSchema.properties,
    enabled: Type.Boolean({
      description: 'false disables it; true enables it again, or resumes a paused one',
    }),
  },
  { additionalProperties: false },
);

export const WebhookSubscriptionSchema = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  eventTypes: Type.Array(WebhookEventTypeSchema),
  description: Nullable(Type.String()),
  filter: WebhookFilterSchema,
  state: WebhookSubscriptionStateSchema,
  pausedAt: Nullable(DateTime),
  /** Until when the secret before the last rotation still signs too; null when there is none. */
  previousSecretValidUntil: Nullable(DateTime),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type WebhookSubscription = Static<typeof WebhookSubscriptionSchema>;

/** The answer of a creation or a rotation: the only time the secret is shown. */
export const WebhookSubscriptionWithSecretSchema = Type.Object({
  ...WebhookSubscriptionSchema.properties,
  secret: Type.String({ description: 'whsec_<base64>: the Standard Webhooks signing secret, shown once' }),
});

export const WebhookDeliverySchema = Type.Object({
  id: Type.Integer(),
  eventId: Type.String({ description: 'Also the webhook-id header: the same on every attempt' }),
  type: WebhookEventTypeSchema,
  ticketId: Nullable(Type.Integer()),
  sequence: Type.Integer(),
  state: OneOf(['pending', 'delivered']),
  attempts: Type.Integer(),
  lastStatus: Nullable(Type.Integer({ description: "The receiver's last HTTP status; null: no answer" })),
  lastError: Nullable(Type.String()),
  lastAttemptAt: Nullable(DateTime),
  nextAttemptAt: Nullable(DateTime),
  deliveredAt: Nullable(DateTime),
  replayedAt: Nullable(
    Type.String({
      format: 'date-time',
      description: 'When a replay from a date sent it again; its requests carry webhook-replay: 1',
    }),
  ),
  createdAt: DateTime,
});
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>;

/** Which deliveries GET /api/webhook/{id}/deliveries lists: a state, or (as sent when neither is asked) all of them. */
export const webhookDeliveryFilters = ['pending', 'failing', 'delivered'] as const;
export type WebhookDeliveryFilter = (typeof webhookDeliveryFilters)[number];

/** How many deliveries one answer of GET /api/webhook/{id}/deliveries holds at the most. */
export const webhookDeliveriesPageSize = 200;

/** GET /api/webhook/{id}/deliveries: which deliveries, newest first, 200 at a time. */
export const WebhookDeliveriesQuerySchema = Type.Object(
  {
    state: Type.Optional(
      OneOf(webhookDeliveryFilters, {
        description: 'pending: not made yet; failing: not made yet and tried at least once; delivered: made',
      }),
    ),
    before: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: "Only deliveries older than this one (a delivery's id): the next page back",
      }),
    ),
  },
  { additionalProperties: false },
);
export type WebhookDeliveriesQuery = Static<typeof WebhookDeliveriesQuerySchema>;

/** POST /api/webhook/{id}/replay: from when the subscription's events are sent again. */
export const WebhookReplayBodySchema = Type.Object(
  {
    from: Type.String({
      format: 'date-time',
      description: 'Events that occurred at or after this instant (not in the future)',
    }),
  },
  { additionalProperties: false },
);
export type WebhookReplayBody = Static<typeof WebhookReplayBodySchema>;

const envelopeVersion = Type.Literal(1, {
  description: "The envelope's version: a changed envelope is a new one",
});
const envelopeEventId = Type.String({ description: "The portal event's id; also the webhook-id header" });
const envelopeOccurredAt = Type.String({
  format: 'date-time',
  description: 'When the event was recorded (ISO 8601, UTC)',
});
const envelopeData = Type.Record(Type.String(), Type.Unknown(), {
  description: "The event's own facts, as recorded",
});
const envelopeTicketOf = <Ticket extends TSchema>(ticket: Ticket) =>
  Type.Union([ticket, Type.Null()], {
    description: 'The ticket as the portal held it once the event was recorded (null: deleted since)',
  });

/** An envelope of `type`: the fields every shape has, its subject's, then `data` and the subject's record. */
const envelopeSchema = <Type extends TSchema, Subject extends TProperties, Subjects extends TProperties>(
  type: Type,
  subject: Subject,
  record: Subjects,
) =>
  Type.Object({
    version: envelopeVersion,
    type,
    eventId: envelopeEventId,
    occurredAt: envelopeOccurredAt,
    ...subject,
    data: envelopeData,
    ...record,
  });

/** The envelope of a ticket's own event (`ticket.*`): unchanged since version 1 was published. */
export const WebhookTicketEnvelopeSchema = envelopeSchema(
  OneOf(ticketWebhookEventTypes),
  {
    ticketId: Type.Integer({ description: 'The ticket the event is of' }),
    sequence: Type.Integer({
      description: "The event's place in the ticket's history (1, 2, …): gaps are events not told",
    }),
  },
  { ticket: envelopeTicketOf(TicketSchema) },
);

/** `soilflo.receipt_failed`: a ticket's receipt could not be reported back to SoilFLO. */
export const WebhookReceiptEnvelopeSchema = envelopeSchema(
  Type.Literal('soilflo.receipt_failed'),
  {
    ticketId: Type.Integer({ description: 'The ticket whose receipt was to be reported' }),
    sequence: Type.Integer({
      description:
        "The failure's place among this receipt's failures: 1, then 2 after a 'Send again' failed too, …",
    }),
  },
  // An unnamed copy: one schema (the feed's answer) may name 'Ticket' only once.
  { ticket: envelopeTicketOf(Type.Composite([TicketSchema])) },
);

/** `scale.down`, `scale.up`: a scale out of service for the alert threshold, and back. */
export const WebhookScaleEnvelopeSchema = envelopeSchema(
  OneOf(['scale.down', 'scale.up']),
  {
    scaleId: Type.Integer({ description: 'The scale the incident is of' }),
    sequence: Type.Integer({
      description: "The event's place in the scale's incident: 1 for scale.down, 2 for its scale.up",
    }),
  },
  {},
);

/** `project.over_threshold`: a project's overThreshold flag turned true. */
export const WebhookProjectEnvelopeSchema = envelopeSchema(
  Type.Literal('project.over_threshold'),
  {
    projectId: Type.Integer({ description: "The project's id (as a ticket's projectId and a filter's)" }),
    sequence: Type.Integer({ description: "The event's place in the project's history (1, 2, …)" }),
  },
  {
    project: Type.Union([ProjectSchema, Type.Null()], {
      description: 'The project as the portal held it once the event was recorded (null: deleted since)',
    }),
  },
);

/**
 * The body of every webhook request and every envelope of the feed (docs/integrations.md): a union on `type`,
 * one shape per subject.
 */
export const WebhookEnvelopeSchema = Type.Union([
  WebhookTicketEnvelopeSchema,
  WebhookReceiptEnvelopeSchema,
  WebhookScaleEnvelopeSchema,
  WebhookProjectEnvelopeSchema,
]);
export type WebhookEnvelope = Static<typeof WebhookEnvelopeSchema>;
