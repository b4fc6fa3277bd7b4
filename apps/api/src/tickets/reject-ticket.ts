import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import { route } from '../route';
import { bySignedInUser, runTicketCommand } from './ticket-command';

/** An administrator rejects a load, with the reason the ticket keeps. */
export const rejectTicketRoute: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.postTicketReject, async (request) => {
    const reason = request.body.reason ?? '';
    return runTicketCommand(
      app,
      request.body.ticketId,
      ...bySignedInUser(request, (actor) => ({ type: 'RejectTicket', reason, actor })),
    );
  });
};
