// Machine clients: API keys (issued by administrators) and the event feed they follow.
import { webhookEventTypes } from '@portal/domain';
import { Type } from '@sinclair/typebox';
import { ApiKeySchema, NewApiKeyBodySchema } from '../api-keys';
import { errorResponses, okResponses } from '../http';
import { WebhookEnvelopeSchema } from '../webhooks';
import { endpoint } from './endpoint';

const tags = ['integrations'];

export const feedPageLimits = { default: 100, max: 1000 } as const;

export const integrationsEndpoints = {
  getApiKeyAll: endpoint({
    method: 'GET',
    path: '/api/api-key/all',
    access: 'admin',
    tags,
    summary: 'Every API key (never the keys themselves): name, scopes, expiry, last used, revoked',
    response: okResponses(Type.Array(ApiKeySchema)),
  }),
  postApiKeyNew: endpoint({
    method: 'POST',
    path: '/api/api-key/new',
    access: 'admin',
    tags,
    summary: 'Issues an API key for a machine client',
    description:
      'The answer is the only time the key is shown: only its SHA-256 is stored. The client sends it as `Authorization: Bearer pk_…`, and it is taken only by the routes its scopes name (docs/integrations.md, "API keys").',
    body: NewApiKeyBodySchema,
    response: { 201: Type.Object({ key: Type.String(), apiKey: ApiKeySchema }), ...errorResponses },
  }),
  postApiKeyByIdRevoke: endpoint({
    method: 'POST',
    path: '/api/api-key/:id/revoke',
    access: 'admin',
    tags,
    summary: 'Revokes an API key: it is refused from its next request on',
    params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
    response: { 204: Type.Null(), ...errorResponses },
  }),
  getFeed: endpoint({
    method: 'GET',
    path: '/api/feed',
    access: 'admin',
    keyScope: 'read-events',
    tags,
    summary: "The portal's events in log order, a page at a time",
    description:
      "Send `after` as the previous page's `next` (none for the beginning): a client that follows `next` sees every published event once, in the order the log holds them, never missing or repeating one. `types` (comma-separated) keeps only those types; the cursor still moves past the others. A page is empty when nothing newer is published yet: ask again later with the same `next`.",
    querystring: Type.Object({
      after: Type.Optional(Type.String({ maxLength: 200 })),
      types: Type.Optional(
        Type.String({
          maxLength: 1000,
          description: `Comma-separated, of: ${webhookEventTypes.join(', ')}`,
        }),
      ),
      limit: Type.Optional(
        Type.Integer({ minimum: 1, maximum: feedPageLimits.max, default: feedPageLimits.default }),
      ),
    }),
    response: okResponses(
      Type.Object({
        events: Type.Array(WebhookEnvelopeSchema),
        next: Type.String({ description: 'The cursor to send as `after` for the next page' }),
      }),
    ),
  }),
};
