import { describe, expect, it } from 'vitest';
import { manualWeighing, noManualReasonGiven, type WeighingSource } from '../scales/scale';
import { emptyTicketDetails, type TicketDetails, type TicketEvent } from './ticket';
import { weighingOfRecord } from './ticket-record';

const ticketId = 7;
const loadedAt = '2026-03-10T14:00:00.000Z';
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
    ...(source && { source }),
  },
});
const fromScale: WeighingSource = {
  scaleId: 3,
  manual: false,
  stable: true,
  rawFrame: '02',
  readingAt: loadedAt,
};

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
