import { Nullable, OneOf, webhookEventTypes } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';
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

/** The body of every webhook request (docs/integrations.md). */
export const WebhookEnvelopeSchema = Type.Object({
  version: Type.Literal(1, { description: "The envelope's version: a changed envelope is a new one" }),
  type: WebhookEventTypeSchema,
  eventId: Type.String({ description: "The portal event's id; also the webhook-id header" }),
  occurredAt: Type.String({
    format: 'date-time',
    description: 'When the event was recorded (ISO 8601, UTC)',
  }),
  ticketId: Type.Integer({ description: 'The ticket the event is of' }),
  sequence: Type.Integer({
    description: "The event's place in the ticket's history (1, 2, …): gaps are events not told",
  }),
  data: Type.Record(Type.String(), Type.Unknown(), { description: "The event's own facts, as recorded" }),
  ticket: Type.Union([TicketSchema, Type.Null()], {
    description: 'The ticket as the portal held it once the event was recorded (null: deleted since)',
  }),
});
export type WebhookEnvelope = Static<typeof WebhookEnvelopeSchema>;
