import { rangeOrderErrors } from '@portal/domain';
import { text } from './form-values';

const ticketNumber = (value: unknown): number | null =>
  /^\d+$/.test(text(value)) ? Number(text(value)) : null;
const day = (value: unknown): string | null => text(value).slice(0, 10) || null;

/**
 * react-admin validators of a filter's To field against its From, with the domain's message (issue 34, D26):
 * the form says so before the server refuses it, rather than the search answering no tickets.
 */
export const toAfterFrom = {
  ticketNumber: (value: unknown, values: { from?: unknown }) =>
    rangeOrderErrors({ from: ticketNumber(values.from), to: ticketNumber(value) }).to,
  day: (value: unknown, values: { fromDate?: unknown }) =>
    rangeOrderErrors({ fromDate: day(values.fromDate), toDate: day(value) }).toDate,
};

/** The same refusals for a plain form's From/To texts, keyed by field. */
export const rangeOrderOf = (range: { from: string; to: string; fromDate: string; toDate: string }) =>
  rangeOrderErrors({
    from: ticketNumber(range.from),
    to: ticketNumber(range.to),
    fromDate: day(range.fromDate),
    toDate: day(range.toDate),
  });
