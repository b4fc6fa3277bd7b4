import { displayTicketNumber } from './ticket';

/** The driver's Truck Dispatch page, opened through the ticket's public-link hash (docs/rules.md). */
export const truckDispatchPath = (id: number, hash: string): string =>
  `/truck-dispatch/${id}?hash=${encodeURIComponent(hash)}`;

interface DispatchLinkTicket {
  timeLoaded: string | Date | null;
  isReceived: boolean;
  isRejected: boolean;
  isSoilFLOLoad: boolean;
}

/** The dispatch page still has something for the driver to do: not received, not rejected, not a SoilFLO load (which shows only a message). */
export const dispatchLinkUseful = (ticket: DispatchLinkTicket): boolean =>
  !ticket.isReceived && !ticket.isRejected && !ticket.isSoilFLOLoad;

/** Send to driver: a loaded ticket whose dispatch page is still useful. */
export const offersSendToDriver = (ticket: DispatchLinkTicket): boolean =>
  ticket.timeLoaded !== null && dispatchLinkUseful(ticket);

export const dispatchLinkMessages = {
  notOffered:
    'Only a loaded ticket that is not received, rejected or from SoilFLO can be sent to its driver.',
  recipientRequired: "Enter the driver's e-mail address.",
} as const;

/** What the driver reads, by SMS or e-mail: which load, where from, and the link to dispatch the truck. */
export function driverLinkText(
  ticket: { prefix: number; ticketNumber: number; jobSite: string | null },
  url: string,
): string {
  const load = `Ticket ${displayTicketNumber(ticket)}${ticket.jobSite ? ` from ${ticket.jobSite}` : ''}`;
  return `${load}: open this link to dispatch your truck: ${url}`;
}
