import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import { route } from '../route';
import { actorOf, applyTicketCommand } from './ticket-command';

/** An administrator deletes a ticket; its number may be generated again. */
export const deleteTicketRoute: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.deleteTicketById, async (request, reply) => {
    const actor = actorOf(request);
    await applyTicketCommand(
      app,
      request.params.id,
      { type: 'DeleteTicket', actor },
      { actorId: actor.userId },
    );
    return reply.status(204).send(null);
  });
};
