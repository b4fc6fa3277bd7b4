import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import { route } from '../route';
import { bySignedInUser, runTicketCommand } from './ticket-command';

/** Two-pass weighing abandoned: the truck left without its second weighing, so its ticket lets the first weight go. */
export const discardFirstWeightRoute: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.postTicketByIdFirstWeightDiscard, async (request) => {
    return runTicketCommand(
      app,
      request.params.id,
      ...bySignedInUser(request, (actor) => ({ type: 'DiscardFirstWeight', actor })),
    );
  });
};
