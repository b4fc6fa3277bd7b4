import { Type } from '@sinclair/typebox';
import { errorResponses, IdParams, okResponses } from '../http';
import {
  WebhookDeliveriesQuerySchema,
  WebhookDeliverySchema,
  WebhookReplayBodySchema,
  WebhookSubscriptionEditSchema,
  WebhookSubscriptionInputSchema,
  WebhookSubscriptionSchema,
  WebhookSubscriptionWithSecretSchema,
} from '../webhooks';
import { endpoint } from './endpoint';

const tags = ['webhooks'];

/** Signed webhooks on ticket events (issue 33; docs/integrations.md): administrators only. */
export const webhooksEndpoints = {
  postWebhookNew: endpoint({
    method: 'POST',
    path: '/api/webhook/new',
    access: 'admin',
    tags,
    summary: 'Subscribes a URL to event types; the answer is the only time its signing secret is shown',
    description:
      "The URL's host is resolved first: a private, loopback, link-local or metadata address is refused (400) unless the host is in WEBHOOK_ALLOWED_HOSTS as written.",
    body: WebhookSubscriptionInputSchema,
    response: { 201: WebhookSubscriptionWithSecretSchema, ...errorResponses },
  }),
  getWebhookAll: endpoint({
    method: 'GET',
    path: '/api/webhook/all',
    access: 'admin',
    tags,
    summary: 'Every webhook subscription (never their secrets)',
    response: okResponses(Type.Array(WebhookSubscriptionSchema)),
  }),
  getWebhookById: endpoint({
    method: 'GET',
    path: '/api/webhook/:id',
    access: 'admin',
    tags,
    summary: 'One webhook subscription (never its secret)',
    params: IdParams,
    response: okResponses(WebhookSubscriptionSchema),
  }),
  putWebhookById: endpoint({
    method: 'PUT',
    path: '/api/webhook/:id',
    access: 'admin',
    tags,
    summary: 'Edits a subscription; enabled false disables it, true enables it again or resumes a paused one',
    params: IdParams,
    body: WebhookSubscriptionEditSchema,
    response: okResponses(WebhookSubscriptionSchema),
  }),
  deleteWebhookById: endpoint({
    method: 'DELETE',
    path: '/api/webhook/:id',
    access: 'admin',
    tags,
    summary: 'Deletes a subscription and its deliveries not yet made',
    params: IdParams,
    response: { 204: Type.Null(), ...errorResponses },
  }),
  postWebhookByIdRotateSecret: endpoint({
    method: 'POST',
    path: '/api/webhook/:id/rotate-secret',
    access: 'admin',
    tags,
    summary: 'Gives the subscription a new secret, shown once; the old one also signs for the grace period',
    description:
      'During WEBHOOK_SECRET_GRACE_SECONDS (24 h by default) each request carries both signatures, space-separated.',
    params: IdParams,
    response: okResponses(WebhookSubscriptionWithSecretSchema),
  }),
  getWebhookByIdDeliveries: endpoint({
    method: 'GET',
    path: '/api/webhook/:id/deliveries',
    access: 'admin',
    tags,
    summary: "The subscription's deliveries, newest first, 200 at a time",
    description:
      'Without a query string, the latest 200 (as before). state= narrows them; before={id} answers the 200 older than that delivery, for paging back.',
    params: IdParams,
    querystring: WebhookDeliveriesQuerySchema,
    response: okResponses(Type.Array(WebhookDeliverySchema)),
  }),
  postWebhookByIdDeliveriesByDeliveryIdRedeliver: endpoint({
    method: 'POST',
    path: '/api/webhook/:id/deliveries/:deliveryId/redeliver',
    access: 'admin',
    tags,
    summary: 'Sends one delivery again, at once, with the same webhook-id',
    params: Type.Object({ id: IdParams.properties.id, deliveryId: IdParams.properties.id }),
    response: okResponses(WebhookDeliverySchema),
  }),
  postWebhookByIdReplay: endpoint({
    method: 'POST',
    path: '/api/webhook/:id/replay',
    access: 'admin',
    tags,
    summary:
      "Sends the subscription's events again from a date, in order, each with its own webhook-id and the header webhook-replay: 1",
    description:
      'Covers the events the subscription has had deliveries for (those since it was created that matched it). Deliveries not made yet are left to go as they were. Answers how many are sent again.',
    params: IdParams,
    body: WebhookReplayBodySchema,
    response: okResponses(Type.Object({ replayed: Type.Integer() })),
  }),
};
