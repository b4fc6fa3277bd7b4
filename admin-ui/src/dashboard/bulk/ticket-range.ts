/**
 * The Bulk Receive range entry (spec section 5), mirrored from services/domain/src/tickets/ticket-range.ts
 * (the UI does not depend on the domain package; ticket-range.unit.test.ts keeps the two in step): digits
 * separated by commas or hyphens, such as '1,2,3', '1-3' or '1-3,5'. Each comma-separated part is one
 * range, shown as one chip; spaces are allowed around numbers and separators.
 */

/** Why an entry is refused; `ticketRangeMessageKeys` names the catalogue text of each. */
type TicketRangeProblem = 'format' | 'endBeforeStart' | 'tooLarge' | 'maxNumber';

export const ticketRangeMessageKeys: Record<TicketRangeProblem, string> = {
  format: 'portal.bulk.receive.rangeFormat',
  endBeforeStart: 'portal.bulk.receive.rangeEndBeforeStart',
  tooLarge: 'portal.bulk.receive.rangeTooLarge',
  maxNumber: 'portal.bulk.validation.maxNumber',
};

/** Spec section 9: ticket numbers go up to 999999. */
export const MAX_TICKET_NUMBER = 999_999;
/** Spec sections 5 and 9: a range 100 or more apart is refused (1-100 is accepted, 1-101 is not). */
export const MAX_RANGE_SPAN = 100;

export interface TicketRange {
  from: number;
  to: number;
}

type TicketRangeParse = { ok: true; ranges: TicketRange[] } | { ok: false; problem: TicketRangeProblem };

const partPattern = /^([0-9]+)(?:\s*-\s*([0-9]+))?$/;

/** Infinity above the maximum, so that a very long entry is simply too big, never imprecise. */
function numberOf(digits: string): number {
  const significant = digits.replace(/^0+(?=[0-9])/, '');
  return significant.length > String(MAX_TICKET_NUMBER).length
    ? Number.POSITIVE_INFINITY
    : Number(significant);
}

/** The key a range is shown and reported under: '5' for a single number, '1-3' otherwise. */
export const ticketRangeKey = ({ from, to }: TicketRange): string =>
  from === to ? `${from}` : `${from}-${to}`;

/** Parses an entry; the whole entry must be well formed first, then the first range breaking a rule names it. */
export function parseTicketRanges(text: unknown): TicketRangeParse {
  if (typeof text !== 'string') return { ok: false, problem: 'format' };
  const matched: [string, string | undefined][] = [];
  for (const part of text.split(',').map((piece) => piece.trim())) {
    const match = partPattern.exec(part);
    if (!match?.[1]) return { ok: false, problem: 'format' };
    matched.push([match[1], match[2]]);
  }
  const ranges: TicketRange[] = [];
  for (const [start, end] of matched) {
    const from = numberOf(start);
    const to = end === undefined ? from : numberOf(end);
    if (from > MAX_TICKET_NUMBER || to > MAX_TICKET_NUMBER) return { ok: false, problem: 'maxNumber' };
    if (to < from) return { ok: false, problem: 'endBeforeStart' };
    if (to - from >= MAX_RANGE_SPAN) return { ok: false, problem: 'tooLarge' };
    ranges.push({ from, to });
  }
  return { ok: true, ranges };
}

/** The form's validator: the catalogue key of the entry's problem, or undefined when it is valid. */
export function ticketRangeError(value: unknown): string | undefined {
  // An empty entry is badly formed too, as the server says.
  const parsed = parseTicketRanges(typeof value === 'string' ? value.trim() : '');
  return parsed.ok ? undefined : ticketRangeMessageKeys[parsed.problem];
}

/** How many tickets an entry covers (a number named twice counts twice, as the server receives it twice). */
export const ticketCount = (ranges: TicketRange[]): number =>
  ranges.reduce((sum, range) => sum + range.to - range.from + 1, 0);
