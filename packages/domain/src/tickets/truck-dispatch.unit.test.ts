import { describe, expect, it } from 'vitest';
import { invalidField, refusal } from '../../test/refusal';
import { decideTicket } from './business-logic';
import { evolveTicket, initialTicketState, type TicketState } from './ticket';
import { emptyTicketDetails } from './ticket-details';
import type { TicketEvent } from './ticket-events';
import { matchedDispatch, validateTruckDispatch } from './truck-dispatch';

const loadedAt = '2026-03-10T14:00:00.000Z';
const now = '2026-03-10T15:00:00.000Z';
const generated = (isSoilFLOLoad = false): TicketEvent => ({
  type: 'TicketGenerated',
  data: { ticketId: 12, prefix: 0, ticketNumber: 42, isSoilFLOLoad, hashNonce: 'n', date: loadedAt },
});
const given = (...events: TicketEvent[]): TicketState => events.reduce(evolveTicket, initialTicketState);
const form = {
  transportCompanyName: ' Haul Co ',
  truckNumber: ' T-9 ',
  truckLicensePlate: 'ab12345',
  truckDriverName: 'Dora',
  truckDriverNumber: null,
};

describe('the driver dispatch', () => {
  it('reads the form: the plate uppercased, text trimmed, time loaded kept from the ticket when the form has none', () => {
    expect(validateTruckDispatch(form, { ...emptyTicketDetails, timeLoaded: loadedAt }, now)).toEqual({
      timeLoaded: loadedAt,
      transportCompanyName: 'Haul Co',
      truckNumber: 'T-9',
      truckLicensePlate: 'AB12345',
      truckDriverName: 'Dora',
      truckDriverNumber: null,
    });
  });

  it("requires time loaded, the haulage company, the driver's name and the plate, in the spec's words", () => {
    expect(
      refusal(() =>
        validateTruckDispatch(
          { ...form, transportCompanyName: '  ' },
          { ...emptyTicketDetails, timeLoaded: loadedAt },
          now,
        ),
      ),
    ).toEqual(invalidField('transportCompanyName', 'Haulage Company is required'));
    expect(refusal(() => validateTruckDispatch(form, emptyTicketDetails, now))).toEqual(
      invalidField('timeLoaded', 'Time loaded is required'),
    );
    expect(
      refusal(() =>
        validateTruckDispatch(
          { ...form, truckLicensePlate: 'AB123456', timeLoaded: loadedAt },
          emptyTicketDetails,
          now,
        ),
      ).errors,
    ).toEqual({
      truckLicensePlate: 'License plate can be max 7 characters',
    });
  });

  it("keeps the ticket's time loaded: the link does not rewrite it (issue 32, M4)", () => {
    const office = { ...emptyTicketDetails, timeLoaded: loadedAt };
    const later = '2026-03-10T14:45:00.000Z';
    expect(validateTruckDispatch({ ...form, timeLoaded: later }, office, now).timeLoaded).toBe(loadedAt);
  });

  it("takes the driver's time loaded on a ticket with none, between the ticket's date and now", () => {
    const ticket = { ...emptyTicketDetails, date: '2026-03-10T04:00:00.000Z' };
    const at = (timeLoaded: string) => validateTruckDispatch({ ...form, timeLoaded }, ticket, now);
    expect(at('2026-03-10T14:30:00.000Z').timeLoaded).toBe('2026-03-10T14:30:00.000Z');
    // A phone's clock a few minutes ahead is still now.
    expect(at('2026-03-10T15:04:00.000Z').timeLoaded).toBe('2026-03-10T15:04:00.000Z');
    expect(refusal(() => at('2030-06-01T08:00:00.000Z'))).toEqual(
      invalidField('timeLoaded', 'Time loaded cannot be in the future'),
    );
    expect(at('2026-03-09T14:00:00.000Z').timeLoaded).toBe('2026-03-09T14:00:00.000Z');
    expect(refusal(() => at('2026-03-09T03:00:00.000Z'))).toEqual(
      invalidField('timeLoaded', "Time loaded cannot be before the ticket's date"),
    );
  });

  it("keeps a plate the ticket has, and the ticket's driver number when the driver leaves it blank (issue 32)", () => {
    const office = {
      ...emptyTicketDetails,
      timeLoaded: loadedAt,
      truckLicensePlate: 'OFF1CE',
      truckDriverNumber: '(416)555-0100',
    };
    const dispatch = validateTruckDispatch({ ...form, truckLicensePlate: 'XYZ999' }, office, now);
    expect(dispatch).toMatchObject({ truckLicensePlate: 'OFF1CE', truckDriverNumber: '(416)555-0100' });
    expect(
      validateTruckDispatch({ ...form, truckDriverNumber: '(416)555-0199' }, office, now).truckDriverNumber,
    ).toBe('(416)555-0199');
  });

  it('dispatches an open ticket as the driver; refuses a SoilFLO load', () => {
    const dispatch = matchedDispatch(
      validateTruckDispatch(form, { ...emptyTicketDetails, timeLoaded: loadedAt }, now),
      5,
      null,
    );
    const events = decideTicket({ type: 'DispatchTruck', dispatch }, given(generated()));
    expect(events).toEqual([{ type: 'TruckDispatched', data: { ticketId: 12, dispatch, source: 'driver' } }]);
    const after = [generated(), ...events].reduce(evolveTicket, initialTicketState);
    expect(after).toMatchObject({
      isDispatched: true,
      details: { truckLicensePlate: 'AB12345', transportCompanyId: 5 },
    });
    expect(
      refusal(() => decideTicket({ type: 'DispatchTruck', dispatch }, given(generated(true)))),
    ).toMatchObject({
      kind: 'conflict',
      message: "This load comes from SoilFLO: manage it in SoilFLO's dashboard.",
    });
  });

  it('keeps a company name no registered company has for the office, until the ticket names a company', () => {
    const office = { ...emptyTicketDetails, timeLoaded: loadedAt, transportCompanyId: 7 };
    const unmatched = matchedDispatch(validateTruckDispatch(form, office, now), null, null);
    expect(unmatched).toMatchObject({ transportCompanyId: null, givenTransportCompanyName: 'Haul Co' });
    const dispatched = given(
      generated(),
      { type: 'TicketEdited', data: { ticketId: 12, details: office } },
      { type: 'TruckDispatched', data: { ticketId: 12, dispatch: unmatched, source: 'driver' } },
    );
    expect(dispatched).toMatchObject({
      givenTransportCompanyName: 'Haul Co',
      details: { transportCompanyId: null },
    });
    // The state's details are the ticket's form: the typed name is not one of its fields.
    expect(dispatched.status === 'active' && 'givenTransportCompanyName' in dispatched.details).toBe(false);
    const registered = evolveTicket(dispatched, {
      type: 'TicketEdited',
      data: { ticketId: 12, details: { ...office, transportCompanyId: 9 } },
    });
    expect(registered).toMatchObject({ givenTransportCompanyName: null });
    const rejected = evolveTicket(dispatched, {
      type: 'TicketRejected',
      data: { ticketId: 12, reason: 'wet' },
    });
    expect(rejected).toMatchObject({ givenTransportCompanyName: null });
    const matched = matchedDispatch(validateTruckDispatch(form, office, now), 9, null);
    expect(matched).toMatchObject({ transportCompanyId: 9, givenTransportCompanyName: null });
  });
});
