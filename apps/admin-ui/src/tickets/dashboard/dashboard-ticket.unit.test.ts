import type { Ticket } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { displayInstant, mayToggleDispatch } from './dashboard-ticket';
import { isBlankSearch, ticketNumberError, toSearchBody } from './ticket-search';

const ticket = (overrides: Partial<Ticket> = {}): Ticket =>
  ({
    id: 7,
    prefix: 0,
    ticketNumber: 123,
    timeLoaded: null,
    timeReceived: null,
    isReceived: false,
    isComplete: true,
    isDispatched: false,
    isSoilFLOLoad: false,
    ...overrides,
  }) as Ticket;

describe('the dashboard ticket rules', () => {
  it('offers the dispatch lock only for tickets loaded today, not received and not from SoilFLO', () => {
    const now = new Date(2025, 10, 21, 15, 0);
    const loadedToday = new Date(2025, 10, 21, 7, 30).toISOString();
    const loadedYesterday = new Date(2025, 10, 20, 23, 59).toISOString();
    expect(mayToggleDispatch(ticket({ timeLoaded: loadedToday }), now)).toBe(true);
    expect(mayToggleDispatch(ticket({ timeLoaded: loadedYesterday }), now)).toBe(false);
    expect(mayToggleDispatch(ticket({ timeLoaded: null }), now)).toBe(false);
    expect(mayToggleDispatch(ticket({ timeLoaded: loadedToday, isReceived: true }), now)).toBe(false);
    expect(mayToggleDispatch(ticket({ timeLoaded: loadedToday, isSoilFLOLoad: true }), now)).toBe(false);
  });

  it('shows times in the en-ZA locale to the minute, and nothing for none', () => {
    expect(displayInstant(new Date(2025, 10, 21, 14, 5, 9).toISOString())).toBe('2025/11/21, 14:05');
    expect(displayInstant(null)).toBe('');
  });
});

describe('the dashboard search', () => {
  // The rule itself (digits only, or blank) is ticketNumberFilter's, tested in common/validation.
  it("refuses a ticket number that is not digits with 'Ticket must be a number'", () => {
    expect(ticketNumberError('12a')).toBe('portal.dashboard.search.ticketNotNumber');
    expect(ticketNumberError(' 42 ')).toBeUndefined();
  });

  it('sends only the filters filled in, trimmed, with numeric ids and YYYY-MM-DD days', () => {
    expect(
      toSearchBody({
        ticketNumber: ' 00123 ',
        transportCompanyId: '4',
        contractorCompanyId: null,
        jobSite: '  Main Rd ',
        truckLicensePlate: 'ab12345',
        fromDate: '2025-11-01',
        toDate: '',
      }),
    ).toEqual({
      ticketNumber: 123,
      transportCompanyId: 4,
      jobSite: 'Main Rd',
      truckLicensePlate: 'AB12345',
      fromDate: '2025-11-01',
    });
  });

  it('treats a form with nothing filled in as no search', () => {
    expect(isBlankSearch(toSearchBody({ ticketNumber: '', jobSite: ' ', transportCompanyId: '' }))).toBe(
      true,
    );
    expect(isBlankSearch(toSearchBody({ ticketNumber: 'abc' }))).toBe(true);
  });
});
