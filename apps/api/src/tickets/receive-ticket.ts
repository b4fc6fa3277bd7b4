import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import {
  type ReceiptSource,
  type TicketActor,
  type TicketCommand,
  validateShortTicket,
} from '@portal/domain';
import { getSettings } from '@portal/projections';
import type { CommandHost } from '../plugins/infrastructure';
import { route } from '../route';
import { actorOf, currentTicketForm, recordedAs, runTicketCommand } from './ticket-command';
import { assertReferencesExist, linkTruckByPlate } from './ticket-references';

/** The Receive button (dashboard) or Receive Ticket (ticket page), with what the dialog filled in. */
async function receiveTicket(
  app: CommandHost,
  input: { ticketId: number; source: ReceiptSource; ticket?: Record<string, unknown> },
  actor: TicketActor,
  recorded: ReturnType<typeof recordedAs>,
) {
  const details = input.ticket
    ? validateShortTicket(
        { ...(await currentTicketForm(app, input.ticketId)), ...input.ticket },
        (await getSettings(app.infra.db)).maximumWeightKg,
      )
    : undefined;
  // The dialog's fill-in names records as a save does, so it passes the save's check before anything is received.
  if (details) {
    await assertReferencesExist(app, details);
    await linkTruckByPlate(app, details);
  }
  const command: TicketCommand = {
    type: 'ReceiveTicket',
    source: input.source,
    actor,
    now: new Date().toISOString(),
    details,
  };
  return runTicketCommand(app, input.ticketId, command, recorded);
}

export const receiveTicketRoute: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.putTicketReceive, async (request) =>
    receiveTicket(
      app,
      {
        ticketId: request.body.ticketId,
        source: request.body.source ?? 'dashboard',
        ticket: request.body.ticket,
      },
      actorOf(request),
      recordedAs(request),
    ),
  );
};
