import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import { route } from '../route';
import { applyTicketCommand, bySignedInUser } from './ticket-command';
import { newHashNonce, ticketHash } from './ticket-hash';

/** A new nonce for the ticket's public link, so the old hash opens nothing. */
export const revokeTicketLinkRoute: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.postTicketByIdHashRevoke, async (request) => {
    const hashNonce = newHashNonce();
    await applyTicketCommand(
      app,
      request.params.id,
      ...bySignedInUser(request, (actor) => ({ type: 'RevokeTicketLink', hashNonce, actor })),
    );
    return { hash: ticketHash(app.infra.config.linkSecret, request.params.id, hashNonce) };
  });
};
