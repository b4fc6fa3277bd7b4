import type { PublicTicket } from '@portal/contract';
import type { TicketView } from '@portal/projections';

const iso = (instant: Date | null): string | null => instant?.toISOString() ?? null;

/**
 * The public link's answer, copied field by field: a field added to tickets stays private until it is
 * added here (and to PublicTicketSchema, which the response is also serialized by).
 */
export const publicTicketOf = (ticket: TicketView): PublicTicket => ({
  id: ticket.id,
  prefix: ticket.prefix,
  ticketNumber: ticket.ticketNumber,
  date: iso(ticket.date),
  timeLoaded: iso(ticket.timeLoaded),
  timeReceived: iso(ticket.timeReceived),
  jobSite: ticket.jobSite,
  contractorCompanyName: ticket.contractorCompanyName,
  siteContactName: ticket.siteContactName,
  siteContactNumber: ticket.siteContactNumber,
  transportCompanyName: ticket.transportCompanyName,
  truckNumber: ticket.truckNumber,
  truckLicensePlate: ticket.truckLicensePlate,
  truckDriverName: ticket.truckDriverName,
  materialTypeName: ticket.materialTypeName,
  materialName: ticket.materialName,
  weight: ticket.weight,
  isReceived: ticket.isReceived,
});
