import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, IdParams } from '@portal/contract';
import { Type } from '@sinclair/typebox';
import { adminOnly } from '../plugins/authentication';
import { actorOf, applyTicketCommand } from './ticket-command';

/** An administrator deletes a ticket; its number may be generated again. */
export const deleteTicketRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.delete(
    '/api/ticket/:id',
    {
      ...adminOnly,
      schema: { tags: ['tickets'], params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await applyTicketCommand(
        app,
        request.params.id,
        { type: 'DeleteTicket', actor },
        { actorId: actor.userId },
      );
      return reply.status(204).send(null);
    },
  );
};
