import { describe, expect, it } from 'vitest';
import { manualWeighing, noManualReasonGiven, type WeighingSource } from '../scales/scale';
import {
  emptyTicketDetails,
  evolveTicket,
  initialTicketState,
  type TicketDetails,
  type TicketEvent,
  timeLoadedOfLoad,
} from './ticket';
import { weighingOfRecord } from './ticket-record';

const ticketId = 7;
const loadedAt = '2026-03-10T14:00:00.000Z';
const receivedAt = '2026-03-10T15:00:00.000Z';
const generated: TicketEvent = {
  type: 'TicketGenerated',
  data: { ticketId, prefix: 0, ticketNumber: 7, isSoilFLOLoad: false, hashNonce: 'n', date: loadedAt },
};
const edited = (details: Partial<TicketDetails>): TicketEvent => ({
  type: 'TicketEdited',
  data: { ticketId, details: { ...emptyTicketDetails, date: loadedAt, ...details } },
});
const weighed = (source?: WeighingSource): TicketEvent => ({
  type: 'TicketWeighed',
  data: {
    ticketId,
    materialId: 1,
    scaleWeight: 42_000,
    tareWeight: 15_000,
    weight: 27_000,
    source: source ?? null,
  },
});
const fromScale: WeighingSource = {
  scaleId: 3,
  manual: false,
  stable: true,
  rawFrame: '02',
  readingAt: loadedAt,
};

const received = (timeLoaded: string | null): TicketEvent => ({
  type: 'TicketReceived',
  data: { ticketId, timeReceived: receivedAt, timeLoaded, receivedByUserId: 1, source: 'dashboard' },
});
const reset: TicketEvent = { type: 'TicketReceiptReset', data: { ticketId } };

/** The load's time loaded after these events, as the records and the haulage report show it. */
const loadTimeAfter = (events: TicketEvent[]) => {
  const state = events.reduce(evolveTicket, initialTicketState);
  if (state.status !== 'active') throw new Error('no ticket');
  return timeLoadedOfLoad(state);
};

describe('the time loaded a printed record shows', () => {
  it("is the one the ticket's history recorded when the dashboard's receipt cleared it", () => {
    expect(loadTimeAfter([generated, edited({ timeLoaded: loadedAt }), received(null)])).toBe(loadedAt);
  });

  it("is the ticket's own when it has one, and none for a ticket never loaded", () => {
    expect(loadTimeAfter([generated, edited({ timeLoaded: loadedAt })])).toBe(loadedAt);
    expect(loadTimeAfter([generated, received(null)])).toBeNull();
  });

  it('does not carry a rejected load’s time onto a later receipt', () => {
    const rejected: TicketEvent = { type: 'TicketRejected', data: { ticketId, reason: 'wet' } };
    expect(loadTimeAfter([generated, edited({ timeLoaded: loadedAt }), rejected, received(null)])).toBeNull();
  });
});

describe('the time loaded kept through a reset (issue 34, D3)', () => {
  it('is none while the reset ticket waits, and the load’s again once it is received from the dashboard', () => {
    const history = [generated, edited({ timeLoaded: loadedAt }), received(null), reset];
    expect(loadTimeAfter(history)).toBeNull();
    expect(loadTimeAfter([...history, received(null)])).toBe(loadedAt);
  });
});

describe("the origin of a printed record's weight", () => {
  it('names the scale of a weighing from a scale', () => {
    expect(weighingOfRecord([generated, weighed(fromScale)])).toEqual({ manual: false, scaleId: 3 });
  });

  it("marks a by-hand weighing manual with the operator's reason, or 'no reason given'", () => {
    const byHand = { ...manualWeighing(3), manualReason: 'indicator down' };
    expect(weighingOfRecord([generated, weighed(byHand)])).toEqual({
      manual: true,
      manualReason: 'indicator down',
      scaleId: 3,
    });
    expect(weighingOfRecord([generated, weighed(manualWeighing(null))])).toEqual({
      manual: true,
      manualReason: noManualReasonGiven,
      scaleId: null,
    });
  });

  it('marks a weight typed on a ticket form manual; a later unchanged save keeps the scale', () => {
    expect(weighingOfRecord([generated, edited({ weight: 12_000 })])).toMatchObject({ manual: true });
    const resaved = edited({ weight: 27_000, materialId: 1 });
    expect(weighingOfRecord([generated, weighed(fromScale), resaved])).toEqual({ manual: false, scaleId: 3 });
  });

  it('is none for a ticket without a weight', () => {
    expect(weighingOfRecord([generated, edited({ jobSite: 'North Pit' })])).toBeNull();
  });
});
