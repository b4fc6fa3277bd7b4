import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { okResponses, TicketSchema, WeighTicketBodySchema } from '@portal/contract';
import { DomainError, materials, scaleMessages, type TicketCommand, ticketMessages } from '@portal/domain';
import { findNamed, findTicket, findTruck, getSettings } from '@portal/projections';
import { chosenId } from '../loose-body';
import { recordedOnce, weighingOf } from '../scales/weighing-source';
import { actorOf, runTicketCommand } from './ticket-command';

/**
 * Weigh in (spec section 4): net = scale weight − the truck's tare, or the default tare when it has
 * none; the ticket is received. The event records which scale, its reading and whether it was typed.
 */
export const weighTicketRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.infra;
  app.put(
    '/api/ticket/weigh',
    {
      schema: {
        tags: ['tickets'],
        summary:
          'Weighs a truck in: sets material and net weight (scale weight − tare) and receives the ticket',
        description:
          "The spec's body `{ticketId, materialId, weight}` records `weight` as typed by hand. With `scaleId` (and no `manual: true`) the weight is that scale's current stable reading instead, and the ticket's event records the scale, the reading's raw frame and time.",
        body: WeighTicketBodySchema,
        response: okResponses(TicketSchema),
      },
    },
    async (request) => {
      const ticketId = chosenId(request.body.ticketId, 'ticketId');
      if (ticketId === null)
        throw new DomainError('validation', scaleMessages.noTicket, { ticketId: scaleMessages.noTicket });
      const materialId = chosenId(request.body.materialId, 'materialId');
      if (materialId === null)
        throw new DomainError('validation', 'Please select a material', {
          materialId: 'Please select a material',
        });
      const weighing = await weighingOf(app, request.body, { value: request.body.weight, field: 'weight' });
      const { weight: scaleWeight, source } = weighing;
      const ticket = await findTicket(db, ticketId);
      if (!ticket) throw new DomainError('not_found', ticketMessages.notFound);
      if (!(await findNamed(db, 'materials', materialId))) {
        throw new DomainError('validation', materials.notFoundMessage, {
          materialId: materials.notFoundMessage,
        });
      }
      const truck = ticket.truckId === null ? undefined : await findTruck(db, ticket.truckId);
      const tareWeight = truck?.tareWeight ?? (await getSettings(db)).defaultTareWeight;
      const actor = actorOf(request);
      const command: TicketCommand = {
        type: 'WeighTicket',
        materialId,
        scaleWeight,
        tareWeight,
        source,
        actor,
        now: new Date().toISOString(),
      };
      return recordedOnce(app, weighing, () =>
        runTicketCommand(app, ticketId, command, { actorId: actor.userId }),
      );
    },
  );
};
