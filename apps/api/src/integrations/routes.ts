import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { apiKeyMessages, endpoints, feedPageLimits } from '@portal/contract';
import { DomainError } from '@portal/domain';
import { route } from '../route';
import { issueApiKey, listApiKeys, revokeApiKey } from './api-keys';
import { feedPage } from './event-feed';

/** Administrators' API keys for machine clients, and the event feed those clients follow (issue 33). */
export const integrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { pool } = app.infra;
  route(app, endpoints.getApiKeyAll, async () => listApiKeys(pool));

  route(app, endpoints.postApiKeyNew, async (request, reply) => {
    if (!(Date.parse(request.body.expiresAt) > Date.now()))
      throw new DomainError('validation', apiKeyMessages.expiryInPast, {
        expiresAt: apiKeyMessages.expiryInPast,
      });
    const { apiKey, key } = await issueApiKey(pool, {
      ...request.body,
      issuedByUserId: request.currentUser.id,
    });
    return reply.status(201).send({ key, apiKey });
  });

  route(app, endpoints.postApiKeyByIdRevoke, async (request, reply) => {
    if (!(await revokeApiKey(pool, request.params.id)))
      throw new DomainError('not_found', apiKeyMessages.notFound);
    return reply.status(204).send(null);
  });

  route(app, endpoints.getFeed, async (request) =>
    feedPage(app.infra, { ...request.query, limit: request.query.limit ?? feedPageLimits.default }),
  );
};
