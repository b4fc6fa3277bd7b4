import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { okResponses, TicketSchema } from '@portal/contract';
import { Nullable, type TicketCommand } from '@portal/domain';
import { Type } from '@sinclair/typebox';
import { adminOnly } from '../plugins/authentication';
import { actorOf, runTicketCommand } from './ticket-command';

/** An administrator rejects a load, with the reason the ticket keeps. */
export const rejectTicketRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/ticket/reject',
    {
      ...adminOnly,
      schema: {
        tags: ['tickets'],
        body: Type.Object({
          ticketId: Type.Integer({ minimum: 1 }),
          reason: Type.Optional(Nullable(Type.String())),
          loggedInUserId: Type.Optional(Type.Unknown()),
        }),
        response: okResponses(TicketSchema),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const command: TicketCommand = { type: 'RejectTicket', reason: request.body.reason ?? '', actor };
      return runTicketCommand(app, request.body.ticketId, command, { actorId: actor.userId });
    },
  );
};
