import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import {
  DomainError,
  displayTicketNumber,
  otherOpenDispatchesOfTruck,
  sameTruckMessages,
  ticketMessages,
} from '@portal/domain';
import { findTicket, openDispatchesOfTruck, type TicketView } from '@portal/projections';
import type { CommandHost } from '../plugins/infrastructure';
import { route } from '../route';

/** Issue 34 (D21): the other open dispatches of the truck this ticket is dispatched on (none when it is not). */
export async function otherOpenDispatches(app: CommandHost, ticket: TicketView) {
  return otherOpenDispatchesOfTruck(ticket, await openDispatchesOfTruck(app.infra.db, ticket));
}

/** The ticket page's warning of one truck on several open tickets at once (a warning, never a refusal). */
export const sameTruckRoute: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.getTicketByIdSameTruck, async (request) => {
    const ticket = await findTicket(app.infra.db, request.params.id);
    if (!ticket) throw new DomainError('not_found', ticketMessages.notFound);
    const others = await otherOpenDispatches(app, ticket);
    return {
      tickets: others.map(({ id, prefix, ticketNumber }) => ({ id, prefix, ticketNumber })),
      warning:
        others.length === 0
          ? null
          : sameTruckMessages.onTickets(ticket.truckLicensePlate ?? '', others.map(displayTicketNumber)),
    };
  });
};
