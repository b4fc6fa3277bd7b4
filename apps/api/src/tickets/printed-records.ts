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
import { findScale, findTicket, findTruck, getSettings, type TicketView } from '@portal/projections';
import type { CommandHost } from '../plugins/infrastructure';
import { route } from '../route';

/**
 * What the printed records read from the ticket's events: the load's time loaded, which a dashboard
 * receipt clears on the ticket but not from its history, and where the weight came from.
 */
export async function loadHistoryOf(app: CommandHost, ticketId: number, read?: readonly TicketEvent[]) {
  const { eventStore, db } = app.infra;
  // `read`: the ticket's events, upcast, when the caller has read them already (an audit export).
  const events =
    read ?? ((await eventStore.readStream(ticketStreamId(ticketId))) as unknown as TicketEvent[]);
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

/**
 * What a ticket's printed receiving record (/print-record/{id}) and haulage record (/haulage-record/{id}) show,
 * before their routes' schemas pick each one's fields. `read`: the site's settings and the ticket's events (upcast),
 * when the caller has read them already (an export of many tickets).
 */
export async function printedRecordsOf(
  app: CommandHost,
  ticket: TicketView,
  read?: { settings: Awaited<ReturnType<typeof getSettings>>; events: readonly TicketEvent[] },
) {
  const { db } = app.infra;
  const [truck, setting, history] = await Promise.all([
    ticket.truckId === null ? undefined : findTruck(db, ticket.truckId),
    read?.settings ?? getSettings(db),
    loadHistoryOf(app, ticket.id, read?.events),
  ]);
  return {
    receivingRecord: { ticket, truckTareWeight: truck?.tareWeight ?? null, setting, ...history },
    haulageRecord: { ticket, setting, ...history },
  };
}

/** The printed receiving record's data (/print-record/{id}), for a signed-in user. */
export const printedRecordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.getTicketByIdReceivingRecord, async (request) => {
    const ticket = await findTicket(app.infra.db, request.params.id);
    if (!ticket) throw new DomainError('not_found', ticketMessages.notFound);
    return (await printedRecordsOf(app, ticket)).receivingRecord;
  });
};
