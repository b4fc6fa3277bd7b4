import type { TicketLogEntry } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { logEntryUser } from '../common/change-log';
import { administratorLogEntry } from '../common/change-log-fixture';
import { compareTicketLogEntry, eventTypeKey } from './ticket-log';

const entry = (overrides: Partial<TicketLogEntry>): TicketLogEntry => ({
  ...administratorLogEntry,
  eventType: 'TicketEdited',
  date: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

describe('the ticket log', () => {
  it('lines up before and after in the page order and marks what changed', () => {
    const before = { ticketNumber: 12, notes: null, jobSite: '1 Main Road', id: 4, isReceived: false };
    const after = { ...before, jobSite: '2 Side Street', notes: '', isReceived: true };
    const fields = compareTicketLogEntry(
      entry({ currentDataObject: JSON.stringify(before), updatedDataObject: JSON.stringify(after) }),
    );
    expect(fields.map((f) => f.field)).toEqual(['id', 'ticketNumber', 'isReceived', 'jobSite', 'notes']);
    expect(fields.filter((f) => f.changed).map((f) => f.field)).toEqual(['isReceived', 'jobSite']);
  });

  it('shows a generated ticket as every field changed from nothing', () => {
    const fields = compareTicketLogEntry(entry({ updatedDataObject: JSON.stringify({ id: 4, prefix: 0 }) }));
    expect(fields.every((f) => f.changed && f.before === undefined)).toBe(true);
  });

  it("names the event in words and the user as 'First Last (username)'", () => {
    expect(eventTypeKey('TicketReceiptReset')).toBe('portal.tickets.events.TicketReceiptReset');
    expect(eventTypeKey('TicketLinkRevoked')).toBe('portal.tickets.events.TicketLinkRevoked');
    expect(eventTypeKey('SomethingNew')).toBeNull();
    expect(logEntryUser(entry({}))).toBe('Portal Administrator (admin@example.com)');
    expect(logEntryUser(entry({ firstName: null, lastName: null }))).toBe('admin@example.com');
  });
});
