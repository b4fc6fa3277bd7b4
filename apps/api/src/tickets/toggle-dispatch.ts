import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import type { TicketActor, TicketCommand } from '@portal/domain';
import type { CommandHost } from '../plugins/infrastructure';
import { route } from '../route';
import { siteDate } from '../site-time';
import { actorOf, runTicketCommand, ticketIdInEnvelope } from './ticket-command';

/** Locks or unlocks a loaded ticket for dispatch; the site's calendar decides what "today" is. */
async function toggleDispatch(app: CommandHost, ticketId: number, actor: TicketActor) {
  const timeZone = app.infra.config.siteTimezone;
  const command: TicketCommand = {
    type: 'ToggleDispatch',
    actor,
    today: siteDate(timeZone),
    siteDateOf: (instant) => siteDate(timeZone, new Date(instant)),
  };
  return runTicketCommand(app, ticketId, command, { actorId: actor.userId });
}

export const toggleDispatchRoute: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.putTicketToggleDispatch, async (request) =>
    toggleDispatch(app, ticketIdInEnvelope(request.body), actorOf(request)),
  );
};
