import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, type TareChoice } from '@portal/contract';
import {
  DomainError,
  materials,
  scaleMessages,
  storedTareState,
  type TareBasis,
  type TicketCommand,
  tareNeededMessage,
  ticketMessages,
} from '@portal/domain';
import { findNamed, findTruck, getSettings } from '@portal/projections';
import { requiredId } from '../loose-body';
import type { CommandHost } from '../plugins/infrastructure';
import { route } from '../route';
import { recordedOnce, weighingOf } from '../scales/weighing-source';
import { loadAggregate } from '../write-side/command-handler';
import { actorOf, recordedAs, runTicketCommand, ticketAggregate } from './ticket-command';

/**
 * The tare of a weigh-in from the truck's stored tare when it is fresh; otherwise what the operator
 * chose (`choice`): the default tare, or a second weighing. A weighing from a scale with no choice is
 * refused (409, errors.tare) so the operator is told; the spec's own body keeps the spec's default
 * tare for a truck with none. An expired tare is refused either way: the site asked for fresh tares.
 */
async function tareOf(
  app: CommandHost,
  truckId: number | null,
  choice: TareChoice | undefined,
  fromScale: boolean,
): Promise<TareBasis> {
  if (choice === 'two-pass') return { basis: 'second-weighing' };
  const [truck, settings] = await Promise.all([
    truckId === null ? undefined : findTruck(app.infra.db, truckId),
    getSettings(app.infra.db),
  ]);
  const state = storedTareState(truck, settings.retareEveryDays, new Date());
  if (state === 'fresh' && truck?.tareWeight != null)
    return { basis: 'stored', tareWeight: truck.tareWeight };
  const storedTare = state === 'expired' ? 'expired' : 'missing';
  if (choice === 'default' || (storedTare === 'missing' && !fromScale))
    return { basis: 'default', tareWeight: settings.defaultTareWeight, storedTare };
  const message = tareNeededMessage(truck, storedTare, settings.retareEveryDays);
  throw new DomainError('conflict', message, { tare: message });
}

/**
 * Weigh in (docs/rules.md, "Weights"): net = scale weight − the truck's tare, or the default tare when it has
 * none; the ticket is received. The event records which scale, its reading and whether it was typed,
 * and where the tare came from; a ticket holding a first weight is completed by its second weighing.
 */
export const weighTicketRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.infra;
  route(app, endpoints.putTicketWeigh, async (request) => {
    const ticketId = requiredId(request.body.ticketId, 'ticketId', scaleMessages.noTicket);
    const materialId = requiredId(request.body.materialId, 'materialId', 'Please select a material');
    const weighAs = request.body.weighAs ?? 'gross';
    const weighing = await weighingOf(
      app,
      request.body,
      { value: request.body.weight, field: 'weight' },
      weighAs,
    );
    const { state } = await loadAggregate(app.infra.eventStore, ticketAggregate(ticketId));
    if (state.status !== 'active') throw new DomainError('not_found', ticketMessages.notFound);
    if (!(await findNamed(db, 'materials', materialId))) {
      throw new DomainError('validation', materials.notFoundMessage, {
        materialId: materials.notFoundMessage,
      });
    }
    if (weighAs === 'net' && state.firstWeight !== null)
      throw new DomainError('conflict', scaleMessages.netWithFirstWeight);
    const tare: TareBasis =
      weighing.indicatorTareKg !== null
        ? { basis: 'indicator', tareWeight: weighing.indicatorTareKg }
        : state.firstWeight !== null
          ? { basis: 'second-weighing' }
          : await tareOf(app, state.details.truckId, request.body.tare, weighing.source.scaleId !== null);
    const actor = actorOf(request);
    const command: TicketCommand = {
      type: 'WeighTicket',
      materialId,
      scaleWeight: weighing.weight + (weighing.indicatorTareKg ?? 0),
      tare,
      source: weighing.source,
      actor,
      now: new Date().toISOString(),
    };
    return recordedOnce(app, weighing, () => runTicketCommand(app, ticketId, command, recordedAs(request)));
  });
};
