import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, okResponses, TicketFilterBody, TicketList, TicketSchema } from '@portal/contract';
import { DomainError, Nullable, ticketMessages } from '@portal/domain';
import { findTicket, findTruck, getSettings, reportTickets } from '@portal/projections';
import { Type } from '@sinclair/typebox';
import { filterOf } from '../tickets/ticket-filter';

/** A project's tickets (the project page's table) and one project ticket's haulage record. */
export const projectTicketRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.infra;
  const tags = ['projects'];

  app.post(
    '/api/project/:id/tickets',
    { schema: { tags, params: IdParams, body: TicketFilterBody, response: okResponses(TicketList) } },
    async (request) =>
      reportTickets(db, {
        ...filterOf(request.body, config.siteTimezone),
        projectId: request.params.id,
      }),
  );

  app.get(
    '/api/project/:id/ticket',
    {
      schema: {
        tags,
        summary: "A project ticket's haulage record: the ticket, its truck and the settings",
        params: IdParams,
        response: okResponses(
          Type.Object({
            ticket: TicketSchema,
            truck: Nullable(Type.Record(Type.String(), Type.Unknown())),
            setting: Type.Record(Type.String(), Type.Unknown()),
          }),
        ),
      },
    },
    async (request) => {
      const ticket = await findTicket(db, request.params.id);
      if (!ticket) throw new DomainError('not_found', ticketMessages.notFound);
      const truck = ticket.truckId === null ? null : ((await findTruck(db, ticket.truckId)) ?? null);
      return { ticket, truck, setting: await getSettings(db) };
    },
  );
};
