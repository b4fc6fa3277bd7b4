import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, okResponses, TicketSchema } from '@portal/contract';
import { actorOf, runTicketCommand } from './ticket-command';

/** Two-pass weighing abandoned: the truck left without its second weighing, so its ticket lets the first weight go. */
export const discardFirstWeightRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/ticket/:id/first-weight/discard',
    {
      schema: {
        tags: ['tickets'],
        summary: 'Lets go of the first weight a ticket holds (two-pass weighing), and answers the ticket',
        description:
          'For a truck that left without its second weighing: the ticket is weighed again from the start. 409 when the ticket holds no first weight; standard users cannot change a received ticket.',
        params: IdParams,
        response: okResponses(TicketSchema),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return runTicketCommand(
        app,
        request.params.id,
        { type: 'DiscardFirstWeight', actor },
        { actorId: actor.userId },
      );
    },
  );
};
