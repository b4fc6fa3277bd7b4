import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { okResponses, TicketSchema } from '@portal/contract';
import {
  DomainError,
  materials,
  maxStoredAmount,
  optionalNumber,
  type TicketActor,
  type TicketCommand,
  ticketFormMessages,
  ticketMessages,
} from '@portal/domain';
import { findNamed, findTicket, findTruck, getSettings } from '@portal/projections';
import { Type } from '@sinclair/typebox';
import { chosenId } from '../loose-body';
import type { CommandHost } from '../plugins/infrastructure';
import { actorOf, runTicketCommand } from './ticket-command';

/** Weigh in (spec section 4): net = scale weight − the truck's tare, or the default tare when it has none. */
async function weighTicket(
  app: CommandHost,
  input: { ticketId: number; materialId: number; scaleWeight: number },
  actor: TicketActor,
) {
  const ticket = await findTicket(app.infra.db, input.ticketId);
  if (!ticket) throw new DomainError('not_found', ticketMessages.notFound);
  if (!(await findNamed(app.infra.db, 'materials', input.materialId))) {
    throw new DomainError('validation', materials.notFoundMessage, { materialId: materials.notFoundMessage });
  }
  const truck = ticket.truckId === null ? undefined : await findTruck(app.infra.db, ticket.truckId);
  const tareWeight = truck?.tareWeight ?? (await getSettings(app.infra.db)).defaultTareWeight;
  const command: TicketCommand = {
    type: 'WeighTicket',
    ...input,
    tareWeight,
    actor,
    now: new Date().toISOString(),
  };
  return runTicketCommand(app, input.ticketId, command, { actorId: actor.userId });
}

export const weighTicketRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/api/ticket/weigh',
    {
      schema: {
        tags: ['tickets'],
        summary:
          'Weighs a truck in: sets material and net weight (scale weight − tare) and receives the ticket',
        body: Type.Object({
          ticketId: Type.Optional(Type.Unknown()),
          materialId: Type.Optional(Type.Unknown()),
          weight: Type.Optional(Type.Unknown()),
          loggedInUserId: Type.Optional(Type.Unknown()),
        }),
        response: okResponses(TicketSchema),
      },
    },
    async (request) => {
      const ticketId = chosenId(request.body.ticketId, 'ticketId');
      if (ticketId === null)
        throw new DomainError('validation', 'No ticket selected.', { ticketId: 'No ticket selected.' });
      const materialId = chosenId(request.body.materialId, 'materialId');
      if (materialId === null)
        throw new DomainError('validation', 'Please select a material', {
          materialId: 'Please select a material',
        });
      const scaleWeight = optionalNumber(request.body.weight);
      if (scaleWeight === null || !Number.isFinite(scaleWeight)) {
        const message = ticketFormMessages.weightNotNumber;
        throw new DomainError('validation', message, { weight: message });
      }
      if (Math.abs(scaleWeight) > maxStoredAmount) {
        const message = ticketFormMessages.weightTooLarge;
        throw new DomainError('validation', message, { weight: message });
      }
      return weighTicket(app, { ticketId, materialId, scaleWeight }, actorOf(request));
    },
  );
};
