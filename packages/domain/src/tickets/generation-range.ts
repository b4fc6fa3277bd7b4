import { optionalNumber } from '../catalogue/fields';
import { assertValid, DomainError, type FieldErrors } from '../errors';
import { rangeOrderMessages } from './filter-range';
import { maxTicketNumber } from './ticket-range';

/** Generate and Export ranges (docs/rules.md, "Ticket numbers"). */
export const generateMessages = {
  fromRequired: 'From ticket number is required',
  toRequired: 'To ticket number is required',
  maxNumber: 'Max ticket number is 999999',
  minNumber: 'Ticket number must be greater than 0',
  fromAfterTo: rangeOrderMessages.ticketNumbers,
  tooMany: 'Generate tickets failed. You can only generate max 2000 tickets at a time.',
  existing: (numbers: number[]) =>
    `${numbers.length === 1 ? 'Ticket' : 'Tickets'} ${numbers.join(', ')} already ${numbers.length === 1 ? 'exists' : 'exist'} and ${numbers.length === 1 ? 'was' : 'were'} not generated again.`,
} as const;

export const maxTicketsPerGeneration = 2000;
export const maxNumbersPerCall = 1000;

/** A from/to pair of ticket numbers with the spec's messages (shared by Generate and Export). */
export function validateTicketRange(input: { from?: unknown; to?: unknown }): { from: number; to: number } {
  const m = generateMessages;
  const errors: FieldErrors = {};
  const from = optionalNumber(input.from);
  const to = optionalNumber(input.to);
  for (const [field, value, required] of [
    ['from', from, m.fromRequired],
    ['to', to, m.toRequired],
  ] as const) {
    if (value === null || Number.isNaN(value)) errors[field] = required;
    else if (value > maxTicketNumber) errors[field] = m.maxNumber;
    else if (!Number.isInteger(value) || value < 1) errors[field] = m.minNumber;
  }
  assertValid(errors);
  if ((from as number) > (to as number))
    throw new DomainError('validation', m.fromAfterTo, { from: m.fromAfterTo });
  return { from: from as number, to: to as number };
}

/** One generation: at most 2000 tickets; the run splits it into chunks of 1000. */
export function validateGeneration(input: { from?: unknown; to?: unknown }): { from: number; to: number } {
  const range = validateTicketRange(input);
  if (range.to - range.from + 1 > maxTicketsPerGeneration)
    throw new DomainError('validation', generateMessages.tooMany);
  return range;
}
