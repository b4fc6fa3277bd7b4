import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { okResponses, TicketEnvelope, TicketSchema } from '@portal/contract';
import { adminOnly } from '../plugins/authentication';
import { actorOf, runTicketCommand, ticketIdInEnvelope } from './ticket-command';

/** An administrator takes a receipt back: the ticket is open again. */
export const resetReceiptRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/api/ticket/reset',
    {
      ...adminOnly,
      schema: { tags: ['tickets'], body: TicketEnvelope, response: okResponses(TicketSchema) },
    },
    async (request) => {
      const actor = actorOf(request);
      return runTicketCommand(
        app,
        ticketIdInEnvelope(request.body),
        { type: 'ResetReceipt', actor },
        { actorId: actor.userId },
      );
    },
  );
};
