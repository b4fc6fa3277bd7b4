import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import { DomainError, readTicketDetails, type TicketCommand } from '@portal/domain';
import { findTicketLogEntry } from '@portal/projections';
import { route } from '../route';
import { actorOf, runTicketCommand } from './ticket-command';

/** The ticket log's Restore: a log entry's data becomes the ticket's details again, as a new event. */
export const restoreTicketRoute: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.postTicketRestore, async (request) => {
    const entry = await findTicketLogEntry(app.infra.db, request.body.logEntryId);
    if (!entry?.updatedDataObject) throw new DomainError('not_found', 'Log entry not found.');
    const actor = actorOf(request);
    const details = readTicketDetails(entry.updatedDataObject as Record<string, unknown>);
    const command: TicketCommand = {
      type: 'RestoreTicket',
      details,
      logEntryId: request.body.logEntryId,
      actor,
    };
    return runTicketCommand(app, entry.ticketId, command, { actorId: actor.userId });
  });
};
