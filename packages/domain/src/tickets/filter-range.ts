import type { FieldErrors } from '../errors';

/** Issue 34, D26: a From after its To finds nothing, so it is refused with these rather than answered empty. */
export const rangeOrderMessages = {
  ticketNumbers: 'From ticket number must not be greater than to ticket number',
  dates: 'From date must not be after to date',
} as const;

/** The From/To pairs of a search, report or haulage record filter: ticket numbers, and YYYY-MM-DD days. */
export interface FilterRange {
  from?: number | null;
  to?: number | null;
  fromDate?: string | null;
  toDate?: string | null;
}

/** The refusals of a filter whose From lies after its To, on the To field (where the user corrects it). */
export function rangeOrderErrors({ from, to, fromDate, toDate }: FilterRange): FieldErrors {
  const errors: FieldErrors = {};
  if (from != null && to != null && from > to) errors.to = rangeOrderMessages.ticketNumbers;
  if (fromDate && toDate && fromDate.slice(0, 10) > toDate.slice(0, 10))
    errors.toDate = rangeOrderMessages.dates;
  return errors;
}
