import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import {
  DomainError,
  decideTicket,
  displayTicketNumber,
  lastScaleWeight,
  scaleMessages,
  type TicketCommand,
  trucks,
  validateTruck,
} from '@portal/domain';
import { findTicket, findTruck, getSettings } from '@portal/projections';
import { updateRecord } from '../catalogue/catalogue-commands';
import { chosenId, requiredId } from '../loose-body';
import { route } from '../route';
import { actorOf, applyTicketCommand, ticketAggregate } from '../tickets/ticket-command';
import { loadAggregate } from '../write-side/command-handler';
import { recordedOnce, weighingOf } from './weighing-source';

/**
 * The Scale page's Tare (docs/rules.md, "Scale"): the empty truck's scale weight becomes its tare;
 * with a ticket selected, that ticket's weight becomes its weigh-in's gross less the new tare.
 * Everything is checked before anything is written, so a refused tare changes nothing.
 */
export const tareTruckRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.infra;
  route(app, endpoints.postTruckTareWeight, async (request) => {
    const truckId = requiredId(request.body.truckId, 'truckId', scaleMessages.noTruck);
    const ticketId = chosenId(request.body.ticketId, 'ticketId');
    const weighing = await weighingOf(app, request.body, {
      value: request.body.scaleWeight,
      field: 'scaleWeight',
    });
    const { weight: tareWeight, source } = weighing;
    const truck = await findTruck(db, truckId);
    if (!truck) throw new DomainError('not_found', trucks.notFoundMessage);
    const { maximumWeightKg } = await getSettings(db);
    const truckData = validateTruck(
      truck.transportCompanyId,
      { ...truck, tareWeight },
      null,
      new Date(),
      maximumWeightKg,
    );
    const actor = actorOf(request);
    let ticketCommand: TicketCommand | null = null;
    if (ticketId !== null) {
      const { state, events } = await loadAggregate(app.infra.eventStore, ticketAggregate(ticketId));
      ticketCommand = {
        type: 'TareTicket',
        truckId,
        tareWeight,
        grossWeight: lastScaleWeight(events),
        source,
        actor,
      };
      // Decided now, before the truck changes: a refusal leaves both as they were.
      decideTicket(ticketCommand, state);
    }
    await recordedOnce(app, weighing, async () => {
      await updateRecord(app, trucks, truckId, truckData, { actorId: actor.userId });
      if (ticketId !== null && ticketCommand)
        await applyTicketCommand(app, ticketId, ticketCommand, { actorId: actor.userId });
    });
    const savedTruck = (await findTruck(db, truckId)) ?? truck;
    const ticket = ticketId === null ? null : ((await findTicket(db, ticketId)) ?? null);
    const message = ticket
      ? scaleMessages.tareSetWithTicket(
          tareWeight,
          truck.number,
          displayTicketNumber(ticket),
          ticket.weight ?? 0,
        )
      : scaleMessages.tareSet(tareWeight, truck.number);
    return { truck: savedTruck, ticket, message };
  });
};
