import {
  assertValid,
  DomainError,
  generateMessages,
  isStorableInstant,
  maxTicketNumber,
  rangeOrderErrors,
  ticketFormMessages,
} from '@portal/domain';
import type { TicketFilter } from '@portal/projections';
import { chosenId } from '../loose-body';

const searchMessages = {
  ticketNotNumber: 'Ticket must be a number',
  rangeNotNumber: 'Ticket number must be a number',
} as const;

/**
 * The search and report filters. Ticket numbers must be numbers ('Ticket
 * must be a number' in the search box, 'Ticket number must be a number' for a report's from/to) up
 * to 999999; dates are the site's calendar days. A From after its To is refused (400), not answered empty.
 */
export function filterOf(body: Record<string, unknown>, timeZone: string): TicketFilter {
  const number = (value: unknown, field: string, notNumber: string): number | null => {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === undefined || text === null || text === '') return null;
    if (!/^\d+$/.test(String(text))) throw new DomainError('validation', notNumber, { [field]: notNumber });
    const n = Number(text);
    if (n > maxTicketNumber) {
      throw new DomainError('validation', generateMessages.maxNumber, {
        [field]: generateMessages.maxNumber,
      });
    }
    return n;
  };
  const day = (value: unknown, field: string) => {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value.trim())) return null;
    const text = value.trim().slice(0, 10);
    // Date.parse accepts 2026-02-30 and year 0, PostgreSQL neither: a real day reads back the same.
    const parsed = Date.parse(`${text}T00:00:00Z`);
    if (!isStorableInstant(parsed) || new Date(parsed).toISOString().slice(0, 10) !== text) {
      const message = ticketFormMessages.dateInvalid;
      throw new DomainError('validation', message, { [field]: message });
    }
    return text;
  };
  const range = {
    from: number(body.from, 'from', searchMessages.rangeNotNumber),
    to: number(body.to, 'to', searchMessages.rangeNotNumber),
    fromDate: day(body.fromDate, 'fromDate'),
    toDate: day(body.toDate, 'toDate'),
  };
  assertValid(rangeOrderErrors(range));
  return {
    ticketNumber: number(body.ticketNumber, 'ticketNumber', searchMessages.ticketNotNumber),
    fromNumber: range.from,
    toNumber: range.to,
    fromDate: range.fromDate,
    toDate: range.toDate,
    timeZone,
    contractorCompanyId: chosenId(body.contractorCompanyId, 'contractorCompanyId'),
    transportCompanyId: chosenId(body.transportCompanyId, 'transportCompanyId'),
    projectId: chosenId(body.projectId, 'projectId'),
    jobSite: typeof body.jobSite === 'string' ? body.jobSite : null,
    truckLicensePlate: typeof body.truckLicensePlate === 'string' ? body.truckLicensePlate : null,
  };
}
