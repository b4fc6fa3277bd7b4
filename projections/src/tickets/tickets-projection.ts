import {
  type ActiveTicket,
  evolveTicket,
  isTicketComplete,
  type TicketDetails,
  type TicketEvent,
  type TicketState,
  ticketEventTypes,
} from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import type { Insertable, Selectable, Transaction } from 'kysely';
import { changedBy } from '../change-log';
import type { Database, TicketsTable } from '../database';
import type { Projection } from '../runner/projection';

type TicketRow = Selectable<TicketsTable>;

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

/** The row holds the whole aggregate state, so the projection evolves it with the domain's own `evolve`. */
export function rowToTicketState(row: TicketRow): ActiveTicket {
  const details: TicketDetails = {
    date: iso(row.date),
    timeLoaded: iso(row.timeLoaded),
    timeReceived: iso(row.timeReceived),
    jobSite: row.jobSite,
    contractorCompanyId: row.contractorCompanyId,
    transportCompanyId: row.transportCompanyId,
    truckId: row.truckId,
    truckTypeId: row.truckTypeId,
    truckNumber: row.truckNumber,
    truckLicensePlate: row.truckLicensePlate,
    truckDriverName: row.truckDriverName,
    truckDriverNumber: row.truckDriverNumber,
    siteContactName: row.siteContactName,
    siteContactNumber: row.siteContactNumber,
    contractorOfficeContactId: row.contractorOfficeContactId,
    transportContactName: row.transportContactName,
    transportContactNumber: row.transportContactNumber,
    projectId: row.projectId,
    projectLeader: row.projectLeader,
    materialTypeId: row.materialTypeId,
    materialId: row.materialId,
    isSaltImpacted: row.isSaltImpacted,
    notes: row.notes,
    weight: row.weight === null ? null : Number(row.weight),
    soilFLOTicketId: row.soilFloTicketId,
    updateSoilFLO: row.updateSoilFlo,
  };
  return {
    status: 'active',
    ticketId: row.id,
    prefix: row.prefix,
    ticketNumber: row.ticketNumber,
    isSoilFLOLoad: row.isSoilFloLoad,
    hashNonce: row.hashNonce,
    details,
    isReceived: row.isReceived,
    receivedByUserId: row.userId,
    isDispatched: row.isDispatched,
    isRejected: row.isRejected,
    rejectReason: row.rejectReason,
  };
}

function ticketStateToRow(ticket: ActiveTicket, version: number): Insertable<TicketsTable> {
  const { details: d } = ticket;
  return {
    id: ticket.ticketId,
    prefix: ticket.prefix,
    ticketNumber: ticket.ticketNumber,
    hashNonce: ticket.hashNonce,
    isSoilFloLoad: ticket.isSoilFLOLoad,
    isReceived: ticket.isReceived,
    isComplete: isTicketComplete(d, ticket.isReceived),
    isDispatched: ticket.isDispatched,
    isRejected: ticket.isRejected,
    rejectReason: ticket.rejectReason,
    userId: ticket.receivedByUserId,
    date: d.date,
    timeLoaded: d.timeLoaded,
    timeReceived: d.timeReceived,
    jobSite: d.jobSite,
    contractorCompanyId: d.contractorCompanyId,
    transportCompanyId: d.transportCompanyId,
    truckId: d.truckId,
    truckTypeId: d.truckTypeId,
    truckNumber: d.truckNumber,
    truckLicensePlate: d.truckLicensePlate,
    truckDriverName: d.truckDriverName,
    truckDriverNumber: d.truckDriverNumber,
    siteContactName: d.siteContactName,
    siteContactNumber: d.siteContactNumber,
    contractorOfficeContactId: d.contractorOfficeContactId,
    transportContactName: d.transportContactName,
    transportContactNumber: d.transportContactNumber,
    projectId: d.projectId,
    projectLeader: d.projectLeader,
    materialTypeId: d.materialTypeId,
    materialId: d.materialId,
    isSaltImpacted: d.isSaltImpacted,
    notes: d.notes,
    weight: d.weight,
    soilFloTicketId: d.soilFLOTicketId,
    updateSoilFlo: d.updateSoilFLO,
    version,
  };
}

/** What a log entry shows of a ticket: its record in the spec's field names (section 3). */
export const ticketLogObject = (ticket: ActiveTicket) => ({
  id: ticket.ticketId,
  prefix: ticket.prefix,
  ticketNumber: ticket.ticketNumber,
  isSoilFLOLoad: ticket.isSoilFLOLoad,
  isReceived: ticket.isReceived,
  isComplete: isTicketComplete(ticket.details, ticket.isReceived),
  isDispatched: ticket.isDispatched,
  isRejected: ticket.isRejected,
  rejectReason: ticket.rejectReason,
  userId: ticket.receivedByUserId,
  ...ticket.details,
});

/** The tickets read model and the ticket log (date, user, before and after), in one transaction. */
export const ticketsProjection: Projection = {
  name: 'tickets',
  handles: ticketEventTypes,
  async reset(trx) {
    await trx.deleteFrom('ticketLog').execute();
    await trx.deleteFrom('tickets').execute();
  },
  async apply(trx: Transaction<Database>, recorded: RecordedEvent) {
    const event = recorded as unknown as RecordedEvent & TicketEvent;
    const ticketId = event.data.ticketId;
    const row = await trx.selectFrom('tickets').selectAll().where('id', '=', ticketId).executeTakeFirst();
    const before: TicketState = row ? rowToTicketState(row) : { status: 'absent' };
    const after = evolveTicket(before, event);
    if (after.status === 'active') {
      const values = ticketStateToRow(after, recorded.streamVersion);
      if (row) await trx.updateTable('tickets').set(values).where('id', '=', ticketId).execute();
      else await trx.insertInto('tickets').values(values).execute();
    } else if (row) {
      await trx.deleteFrom('tickets').where('id', '=', ticketId).execute();
    }
    const who = await changedBy(trx, recorded);
    const logObject = (state: TicketState) =>
      state.status === 'active' ? JSON.stringify(ticketLogObject(state)) : null;
    await trx
      .insertInto('ticketLog')
      .values({
        ticketId,
        eventType: event.type,
        streamVersion: recorded.streamVersion,
        ...who,
        currentDataObject: logObject(before),
        updatedDataObject: logObject(after),
      })
      .execute();
  },
};
