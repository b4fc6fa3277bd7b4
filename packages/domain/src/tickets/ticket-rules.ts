import type { ActiveTicket } from './ticket';
import type { TicketDetails } from './ticket-details';

/**
 * A rejected load was turned away at the gate (issue 34, D19): it is neither received, weighed in nor
 * rejected again. Saving the ticket (a new load on it) or restoring it from its log takes the rejection back.
 */
export const mayReceive = (ticket: { isReceived: boolean; isRejected: boolean }): boolean =>
  !ticket.isReceived && !ticket.isRejected;

/** Whether a receipt is to be reported back to SoilFLO: to a known load, or to the one its number finds. */
export const isReportedToSoilFLO = (receipt: {
  soilFLOLoadId?: number;
  soilFLOLoadByTicketNumber?: true;
}): boolean => receipt.soilFLOLoadId !== undefined || receipt.soilFLOLoadByTicketNumber === true;

/**
 * The load's time loaded: the ticket's own, or, once a dashboard receipt has cleared it (kept in
 * its history), the last one its history recorded before. What the records and the haulage report show.
 */
export const timeLoadedOfLoad = (ticket: ActiveTicket): string | null =>
  ticket.details.timeLoaded ?? (ticket.isReceived ? ticket.lastTimeLoaded : null);

/**
 * A ticket is complete when the information a receipt needs is there: derived from the details, never
 * taken from the client (docs/rules.md, "Tickets and their states"). A received ticket needs no time
 * loaded: the dashboard's receipt clears it and the time received stands in.
 */
export function isTicketComplete(details: TicketDetails, isReceived = false): boolean {
  const filled = (value: string | null) => value !== null && value.trim() !== '';
  return (
    filled(details.date) &&
    (isReceived || filled(details.timeLoaded)) &&
    filled(details.jobSite) &&
    filled(details.siteContactName) &&
    filled(details.truckDriverName) &&
    filled(details.truckLicensePlate) &&
    (details.contractorCompanyId ?? 0) >= 1 &&
    (details.transportCompanyId ?? 0) >= 1 &&
    (details.truckTypeId ?? 0) >= 1
  );
}
