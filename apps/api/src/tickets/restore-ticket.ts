import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import { DomainError, readTicketDetails } from '@portal/domain';
import { findTicketLogEntry } from '@portal/projections';
import { route } from '../route';
import { bySignedInUser, runTicketCommand } from './ticket-command';

/** The ticket log's Restore: a log entry's data becomes the ticket's details again, as a new event. */
export const restoreTicketRoute: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.postTicketRestore, async (request) => {
    const entry = await findTicketLogEntry(app.infra.db, request.body.logEntryId);
    if (!entry?.updatedDataObject) throw new DomainError('not_found', 'Log entry not found.');
    const details = readTicketDetails(entry.updatedDataObject as Record<string, unknown>);
    const { logEntryId } = request.body;
    return runTicketCommand(
      app,
      entry.ticketId,
      ...bySignedInUser(request, (actor) => ({ type: 'RestoreTicket', details, logEntryId, actor })),
    );
  });
};
