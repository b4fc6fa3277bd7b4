import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import { route } from '../route';
import { bySignedInUser, runTicketCommand, ticketIdInEnvelope } from './ticket-command';

/** An administrator takes a receipt back: the ticket is open again. */
export const resetReceiptRoute: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.putTicketReset, async (request) => {
    return runTicketCommand(
      app,
      ticketIdInEnvelope(request.body),
      ...bySignedInUser(request, (actor) => ({ type: 'ResetReceipt', actor })),
    );
  });
};
