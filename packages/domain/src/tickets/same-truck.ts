/** What tells which truck carries a ticket's load, and whether the ticket is still out on the road. */
export interface TicketTruck {
  id: number;
  truckId: number | null;
  truckLicensePlate: string | null;
  isDispatched: boolean;
  isReceived: boolean;
  isRejected: boolean;
}

/**
 * One truck carries both loads: the same registered truck, or the same plate (a plate names one truck,
 * registered or not, and tickets dispatched before trucks were linked by plate carry only the plate).
 */
export const isSameTruck = (
  ticket: Pick<TicketTruck, 'truckId' | 'truckLicensePlate'>,
  truck: Pick<TicketTruck, 'truckId' | 'truckLicensePlate'>,
): boolean =>
  (ticket.truckId !== null && ticket.truckId === truck.truckId) ||
  (ticket.truckLicensePlate !== null && ticket.truckLicensePlate === truck.truckLicensePlate);

/** Dispatched and not yet received or rejected: the truck is on its way with this load. */
export const isOpenDispatch = (ticket: TicketTruck): boolean =>
  ticket.isDispatched && !ticket.isReceived && !ticket.isRejected;

/**
 * Issue 34 (D21): the other open dispatches of the truck `ticket` is dispatched on. A truck carries one load at
 * a time, so any is a warning (a mistyped plate, or a load that was never received), not a refusal.
 */
export const otherOpenDispatchesOfTruck = <Candidate extends TicketTruck>(
  ticket: TicketTruck,
  candidates: readonly Candidate[],
): Candidate[] =>
  isOpenDispatch(ticket)
    ? candidates.filter(
        (candidate) =>
          candidate.id !== ticket.id && isOpenDispatch(candidate) && isSameTruck(candidate, ticket),
      )
    : [];

export const sameTruckMessages = {
  /** The driver's dispatch page: the count only, as no other ticket is theirs to see. */
  onOtherTickets: (plate: string, count: number) =>
    `Truck ${plate} is also dispatched on ${count} other open ticket${count === 1 ? '' : 's'}. Check the plate, or tell the site office.`,
  /** The ticket page: the other tickets by number. */
  onTickets: (plate: string, ticketNumbers: readonly string[]) =>
    `Truck ${plate} is also dispatched on open ticket${ticketNumbers.length === 1 ? '' : 's'} ${ticketNumbers.join(', ')}: one truck carries one load at a time. Check the plate, or receive or reject the other load.`,
} as const;
