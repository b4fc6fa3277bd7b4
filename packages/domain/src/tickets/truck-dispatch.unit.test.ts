import { describe, expect, it } from 'vitest';
import { invalidField, refusal } from '../../test/refusal';
import { decideTicket } from './business-logic';
import {
  emptyTicketDetails,
  evolveTicket,
  initialTicketState,
  type TicketEvent,
  type TicketState,
} from './ticket';
import { validateTruckDispatch } from './truck-dispatch';

const loadedAt = '2026-03-10T14:00:00.000Z';
const generated = (isSoilFLOLoad = false): TicketEvent => ({
  type: 'TicketGenerated',
  data: { ticketId: 12, prefix: 0, ticketNumber: 42, isSoilFLOLoad, hashNonce: 'n', date: loadedAt },
});
const given = (...events: TicketEvent[]): TicketState => events.reduce(evolveTicket, initialTicketState);
const form = {
  transportCompanyId: 5,
  truckNumber: ' T-9 ',
  truckLicensePlate: 'ab12345',
  truckDriverName: 'Dora',
  truckDriverNumber: null,
};

describe('the driver dispatch', () => {
  it('reads the form: the plate uppercased, text trimmed, time loaded kept from the ticket when the form has none', () => {
    expect(validateTruckDispatch(form, { ...emptyTicketDetails, timeLoaded: loadedAt })).toEqual({
      timeLoaded: loadedAt,
      transportCompanyId: 5,
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
          { ...form, transportCompanyId: 0 },
          { ...emptyTicketDetails, timeLoaded: loadedAt },
        ),
      ),
    ).toEqual(invalidField('transportCompanyId', 'Haulage Company is required'));
    expect(refusal(() => validateTruckDispatch(form, emptyTicketDetails))).toEqual(
      invalidField('timeLoaded', 'Time loaded is required'),
    );
    expect(
      refusal(() =>
        validateTruckDispatch(
          { ...form, truckLicensePlate: 'AB123456', timeLoaded: loadedAt },
          emptyTicketDetails,
        ),
      ).errors,
    ).toEqual({
      truckLicensePlate: 'License plate can be max 7 characters',
    });
  });

  it('dispatches an open ticket as the driver; refuses a SoilFLO load', () => {
    const dispatch = validateTruckDispatch(form, { ...emptyTicketDetails, timeLoaded: loadedAt });
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
});
