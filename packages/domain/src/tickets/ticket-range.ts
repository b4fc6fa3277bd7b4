/**
 * The Bulk Receive range entry: digits separated by commas or hyphens, such as
 * '1,2,3', '1-3' or '1-3,5'. Each comma-separated part is one range (one chip on the dashboard);
 * spaces are allowed around numbers and separators.
 */

export const ticketRangeMessages = {
  /** The spec's wording, typo included. */
  format: 'Invalid ticket range formt (e.g. 1,2,3 or 1-3)',
  endBeforeStart: 'End of range must be greater than start of range',
  tooLarge: 'Ticket range is too large (max 100)',
  maxNumber: 'Max ticket number is 999999',
  tooManyTickets: 'Too many tickets at once (max 2000 in one entry); receive them in parts',
} as const;

/** Ticket numbers go up to 999999: six digits, as they are shown. */
export const maxTicketNumber = 999_999;
/** A range 100 or more apart is refused (1-100 is accepted, 1-101 is not). */
export const maxRangeSpan = 100;
/**
 * The most tickets one entry may name over all its ranges: one request's work stays bounded (issue 32,
 * item 4), as a generation's does (its 2000).
 */
export const maxTicketsPerEntry = 2000;

export interface TicketRange {
  from: number;
  to: number;
}

/** Why an entry is refused; `ticketRangeMessages` has the spec's text of each. */
export type TicketRangeProblem = keyof typeof ticketRangeMessages;

export type TicketRangeParse =
  | { ok: true; ranges: TicketRange[] }
  | { ok: false; problem: TicketRangeProblem };

/** One part: a number, or two numbers joined by a hyphen (ASCII digits only; no backtracking blow-up). */
const partPattern = /^([0-9]+)(?:\s*-\s*([0-9]+))?$/;

/**
 * The number a run of ASCII digits stands for, or Infinity when it is above the maximum (so a
 * thousand-digit entry is simply "too big", never imprecise).
 */
function numberOf(digits: string): number {
  const significant = digits.replace(/^0+(?=[0-9])/, '');
  return significant.length > String(maxTicketNumber).length ? Number.POSITIVE_INFINITY : Number(significant);
}

/** The key a range is shown and reported under: '5' for a single number, '1-3' otherwise. */
export const ticketRangeKey = ({ from, to }: TicketRange): string =>
  from === to ? `${from}` : `${from}-${to}`;

/** The numbers of a range, in order. */
export function ticketNumbersOf({ from, to }: TicketRange): number[] {
  const numbers: number[] = [];
  for (let n = from; n <= to; n++) numbers.push(n);
  return numbers;
}

/**
 * Parses a range entry. Pure and total: it answers a result for any input and never throws. The
 * whole entry must be well formed first; then the first range breaking a rule names it.
 */
export function parseTicketRanges(text: unknown): TicketRangeParse {
  if (typeof text !== 'string') return { ok: false, problem: 'format' };
  const parts = text.split(',').map((part) => part.trim());
  const matched: [string, string | undefined][] = [];
  for (const part of parts) {
    const match = partPattern.exec(part);
    if (!match?.[1]) return { ok: false, problem: 'format' };
    matched.push([match[1], match[2]]);
  }
  const ranges: TicketRange[] = [];
  let tickets = 0;
  for (const [start, end] of matched) {
    const from = numberOf(start);
    const to = end === undefined ? from : numberOf(end);
    if (from > maxTicketNumber || to > maxTicketNumber) return { ok: false, problem: 'maxNumber' };
    if (to < from) return { ok: false, problem: 'endBeforeStart' };
    if (to - from >= maxRangeSpan) return { ok: false, problem: 'tooLarge' };
    ranges.push({ from, to });
    tickets += to - from + 1;
    if (tickets > maxTicketsPerEntry) return { ok: false, problem: 'tooManyTickets' };
  }
  return { ok: true, ranges };
}
