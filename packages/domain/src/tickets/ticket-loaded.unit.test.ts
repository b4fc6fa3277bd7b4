import { describe, expect, it } from 'vitest';
import { evolveTicket, initialTicketState, type TicketState, withTicketLoaded } from './ticket';
import { emptyTicketDetails } from './ticket-details';
import type { TicketEvent } from './ticket-events';

const date = '2026-03-10T05:00:00.000Z';
const loadedAt = '2026-03-10T14:00:00.000Z';
const now = '2026-03-10T15:00:00.000Z';

const generated: TicketEvent = {
  type: 'TicketGenerated',
  data: { ticketId: 12, prefix: 0, ticketNumber: 42, isSoilFLOLoad: false, hashNonce: 'n1', date },
};
const given = (...events: TicketEvent[]): TicketState => events.reduce(evolveTicket, initialTicketState);
const edited = (timeLoaded: string | null, notes: string | null = null): TicketEvent => ({
  type: 'TicketEdited',
  data: { ticketId: 12, details: { ...emptyTicketDetails, date, timeLoaded, notes } },
});
const received = (timeLoaded: string | null): TicketEvent => ({
  type: 'TicketReceived',
  data: { ticketId: 12, timeReceived: now, timeLoaded, receivedByUserId: 1, source: 'ticket' },
});
const loaded = (timeLoaded: string): TicketEvent => ({
  type: 'TicketLoaded',
  data: { ticketId: 12, timeLoaded },
});

describe('withTicketLoaded', () => {
  it('follows the events that give a ticket its first time loaded with TicketLoaded', () => {
    expect(withTicketLoaded(given(generated), [edited(loadedAt)])).toEqual([
      edited(loadedAt),
      loaded(loadedAt),
    ]);
    // A ticket-page receipt stamps the time loaded on a ticket that had none.
    expect(withTicketLoaded(given(generated), [received(now)])).toEqual([received(now), loaded(now)]);
  });

  it('adds nothing when the ticket had a time loaded, or still has none', () => {
    expect(withTicketLoaded(given(generated, edited(loadedAt)), [edited(now)])).toEqual([edited(now)]);
    expect(withTicketLoaded(given(generated), [edited(null, 'Notes')])).toEqual([edited(null, 'Notes')]);
    expect(withTicketLoaded(given(generated), [])).toEqual([]);
  });

  it('tells a load again once the time loaded was cleared and given again', () => {
    const cleared = given(generated, edited(loadedAt), loaded(loadedAt), edited(null));
    expect(withTicketLoaded(cleared, [edited(now)])).toEqual([edited(now), loaded(now)]);
  });

  it('changes no state of its own', () => {
    const state = given(generated, edited(loadedAt));
    expect(evolveTicket(state, loaded(loadedAt))).toBe(state);
  });
});
