import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import { route } from '../route';
import { applyTicketCommand, bySignedInUser } from './ticket-command';

/** An administrator deletes a ticket; its number may be generated again. */
export const deleteTicketRoute: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.deleteTicketById, async (request, reply) => {
    await applyTicketCommand(
      app,
      request.params.id,
      ...bySignedInUser(request, (actor) => ({ type: 'DeleteTicket', actor })),
    );
    return reply.status(204).send(null);
  });
};
