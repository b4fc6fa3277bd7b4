import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import { DomainError, ticketMessages } from '@portal/domain';
import { findTicket, findTruck, getSettings, reportTickets } from '@portal/projections';
import { route } from '../route';
import { filterOf } from '../tickets/ticket-filter';

/** A project's tickets (the project page's table) and one project ticket's haulage record. */
export const projectTicketRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.infra;

  route(app, endpoints.postProjectByIdTickets, async (request) =>
    reportTickets(db, {
      ...filterOf(request.body, config.siteTimezone),
      projectId: request.params.id,
    }),
  );

  route(app, endpoints.getProjectByIdTicket, async (request) => {
    const ticket = await findTicket(db, request.params.id);
    if (!ticket) throw new DomainError('not_found', ticketMessages.notFound);
    const truck = ticket.truckId === null ? null : ((await findTruck(db, ticket.truckId)) ?? null);
    return { ticket, truck, setting: await getSettings(db) };
  });
};
