import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, type RecordWeighing } from '@portal/contract';
import {
  DomainError,
  evolveTicket,
  initialTicketState,
  type TicketEvent,
  ticketMessages,
  ticketStreamId,
  timeLoadedOfLoad,
  weighingOfRecord,
} from '@portal/domain';
import { findScale, findTicket, findTruck, getSettings } from '@portal/projections';
import type { CommandHost } from '../plugins/infrastructure';
import { route } from '../route';

/**
 * What the printed records read from the ticket's events: the load's time loaded, which a dashboard
 * receipt clears on the ticket but not from its history, and where the weight came from.
 */
export async function loadHistoryOf(app: CommandHost, ticketId: number) {
  const { eventStore, db } = app.infra;
  const events = (await eventStore.readStream(ticketStreamId(ticketId))) as unknown as TicketEvent[];
  const origin = weighingOfRecord(events);
  const scale = origin?.scaleId == null ? undefined : await findScale(db, origin.scaleId);
  const weighing: RecordWeighing | null = origin && {
    manual: origin.manual,
    manualReason: origin.manual ? origin.manualReason : null,
    scaleName: scale?.scaleName ?? null,
  };
  const ticket = events.reduce(evolveTicket, initialTicketState);
  return { loadedAt: ticket.status === 'active' ? timeLoadedOfLoad(ticket) : null, weighing };
}

/** The printed receiving record's data (/print-record/{id}), for a signed-in user. */
export const printedRecordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.infra;

  route(app, endpoints.getTicketByIdReceivingRecord, async (request) => {
    const ticket = await findTicket(db, request.params.id);
    if (!ticket) throw new DomainError('not_found', ticketMessages.notFound);
    const [truck, settings, history] = await Promise.all([
      ticket.truckId === null ? undefined : findTruck(db, ticket.truckId),
      getSettings(db),
      loadHistoryOf(app, ticket.id),
    ]);
    return { ticket, truckTareWeight: truck?.tareWeight ?? null, setting: settings, ...history };
  });
};
