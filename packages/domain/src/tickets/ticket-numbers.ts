/** Ticket numbers are shown zero-padded to 6 digits (docs/rules.md, "Ticket numbers"). */
export const paddedTicketNumber = (ticketNumber: number): string => String(ticketNumber).padStart(6, '0');

/** '[prefix] number', the number zero-padded to 6 digits: how every screen and record shows a ticket. */
export const displayTicketNumber = ({
  prefix,
  ticketNumber,
}: {
  prefix: number;
  ticketNumber: number;
}): string => `[${prefix}] ${paddedTicketNumber(ticketNumber)}`;
