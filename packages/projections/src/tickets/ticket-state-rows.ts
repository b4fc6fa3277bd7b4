import { type ActiveTicket, isTicketComplete, type TicketDetails, timeLoadedOfLoad } from '@portal/domain';
import type { Insertable, Selectable } from 'kysely';
import type { TicketsTable } from '../database';

// The ticket aggregate's whole state and its row of the tickets read model, each way: the projection folds
// events over the state read back from the row, with the domain's own evolve.
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
    firstWeight: row.firstWeight === null ? null : Number(row.firstWeight),
    weighing: row.weighing,
    receivedWithoutLoad: row.receivedWithoutLoad,
    lastTimeLoaded: iso(row.lastTimeLoaded),
    givenTransportCompanyName: row.givenTransportCompanyName,
  };
}

export function ticketStateToRow(ticket: ActiveTicket, version: number): Insertable<TicketsTable> {
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
    firstWeight: ticket.firstWeight,
    weighing: ticket.weighing,
    receivedWithoutLoad: ticket.receivedWithoutLoad,
    lastTimeLoaded: ticket.lastTimeLoaded,
    loadTimeLoaded: timeLoadedOfLoad(ticket),
    givenTransportCompanyName: ticket.givenTransportCompanyName,
    soilFloTicketId: d.soilFLOTicketId,
    updateSoilFlo: d.updateSoilFLO,
    version,
  };
}
