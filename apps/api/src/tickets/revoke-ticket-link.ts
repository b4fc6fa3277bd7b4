import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, okResponses } from '@portal/contract';
import { adminOnly } from '../plugins/authentication';
import { LinkHashSchema } from './public-ticket';
import { actorOf, applyTicketCommand } from './ticket-command';
import { newHashNonce, ticketHash } from './ticket-hash';

/** A new nonce for the ticket's public link, so the old hash opens nothing. */
export const revokeTicketLinkRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/ticket/:id/hash/revoke',
    {
      ...adminOnly,
      schema: {
        tags: ['tickets'],
        summary:
          "Revokes the ticket's public link: its hash answers 404 from now on. Answers the new link's hash",
        params: IdParams,
        response: okResponses(LinkHashSchema),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const hashNonce = newHashNonce();
      await applyTicketCommand(
        app,
        request.params.id,
        { type: 'RevokeTicketLink', hashNonce, actor },
        { actorId: actor.userId },
      );
      return { hash: ticketHash(app.infra.config.linkSecret, request.params.id, hashNonce) };
    },
  );
};
