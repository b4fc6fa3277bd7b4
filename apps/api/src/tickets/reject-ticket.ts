import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import type { TicketCommand } from '@portal/domain';
import { route } from '../route';
import { actorOf, runTicketCommand } from './ticket-command';

/** An administrator rejects a load, with the reason the ticket keeps. */
export const rejectTicketRoute: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.postTicketReject, async (request) => {
    const actor = actorOf(request);
    const command: TicketCommand = { type: 'RejectTicket', reason: request.body.reason ?? '', actor };
    return runTicketCommand(app, request.body.ticketId, command, { actorId: actor.userId });
  });
};
