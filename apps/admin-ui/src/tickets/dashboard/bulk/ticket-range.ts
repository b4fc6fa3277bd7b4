import { parseTicketRanges, type TicketRange, type TicketRangeProblem } from '@portal/domain';

/**
 * The Bulk Receive range entry: the domain's parser (packages/domain/src/tickets/
 * ticket-range.ts), with the catalogue keys the form shows its problems under.
 */
export const ticketRangeMessageKeys: Record<TicketRangeProblem, string> = {
  format: 'portal.bulk.receive.rangeFormat',
  endBeforeStart: 'portal.bulk.receive.rangeEndBeforeStart',
  tooLarge: 'portal.bulk.receive.rangeTooLarge',
  tooManyTickets: 'portal.bulk.receive.rangeTooManyTickets',
  maxNumber: 'portal.bulk.validation.maxNumber',
};

/** The form's validator: the catalogue key of the entry's problem, or undefined when it is valid. */
export function ticketRangeError(value: unknown): string | undefined {
  // An empty entry is badly formed too, as the server says.
  const parsed = parseTicketRanges(typeof value === 'string' ? value.trim() : '');
  return parsed.ok ? undefined : ticketRangeMessageKeys[parsed.problem];
}

/** How many tickets an entry covers (a number named twice counts twice, as the server receives it twice). */
export const ticketCount = (ranges: TicketRange[]): number =>
  ranges.reduce((sum, range) => sum + range.to - range.from + 1, 0);
