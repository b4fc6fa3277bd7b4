import type { DispatchView } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  type DispatchFormValues,
  dispatchFormValues,
  minutesBefore,
  toDispatchBody,
  validateDispatchForm,
} from './dispatch-form';

const ticket: DispatchView['ticket'] = {
  id: 12,
  prefix: 0,
  ticketNumber: 7,
  jobSite: 'North Pit',
  timeLoaded: null,
  transportCompanyName: null,
  givenTransportCompanyName: null,
  truckNumber: null,
  truckLicensePlate: null,
  truckDriverName: null,
  isDispatched: false,
  isReceived: false,
  isSoilFLOLoad: false,
};

const now = new Date('2026-11-23T08:15:42.123Z');
const empty = dispatchFormValues(ticket, now);

const filled: DispatchFormValues = {
  timeLoaded: '2026-11-23T08:15:00.000Z',
  transportCompanyName: ' Northern Haulage ',
  truckNumber: ' T-17 ',
  truckLicensePlate: 'ab12345',
  truckDriverName: ' Dave Driver ',
  truckDriverNumber: '',
};

describe('dispatch form', () => {
  it("starts a ticket not yet loaded at now, to the minute, and keeps a loaded ticket's time (D22)", () => {
    expect(empty.timeLoaded).toBe('2026-11-23T08:15:00.000Z');
    const loaded = { ...ticket, timeLoaded: '2026-11-23T07:00:00.000Z' };
    expect(dispatchFormValues(loaded, now).timeLoaded).toBe('2026-11-23T07:00:00.000Z');
    expect(minutesBefore(now, 30)).toBe('2026-11-23T07:45:00.000Z');
    expect(minutesBefore(now, 60)).toBe('2026-11-23T07:15:00.000Z');
  });

  it('asks for time loaded, haulage company, driver name and plate, with the spec keys', () => {
    expect(validateDispatchForm({ ...empty, timeLoaded: null }, ticket)).toEqual({
      timeLoaded: 'portal.dispatch.validation.timeLoadedRequired',
      transportCompanyName: 'portal.dispatch.validation.haulageCompanyRequired',
      truckDriverName: 'portal.dispatch.validation.driverNameRequired',
      truckLicensePlate: 'portal.dispatch.validation.licensePlateRequired',
    });
  });

  it("keeps the ticket's own time loaded when the field is emptied, and refuses an 8-character plate", () => {
    const loaded = { ...ticket, timeLoaded: '2026-11-23T07:00:00.000Z' };
    expect(
      validateDispatchForm({ ...filled, timeLoaded: '', truckLicensePlate: 'AB123456' }, loaded),
    ).toEqual({
      truckLicensePlate: 'portal.dispatch.validation.licensePlateTooLong',
    });
    expect(validateDispatchForm(filled, ticket)).toEqual({});
  });

  it("starts from the ticket's company (registered, else the one typed before), and never asks for a plate the ticket has", () => {
    expect(dispatchFormValues({ ...ticket, transportCompanyName: 'Northern Haulage' }, now)).toMatchObject({
      transportCompanyName: 'Northern Haulage',
      truckDriverNumber: null,
    });
    expect(dispatchFormValues({ ...ticket, givenTransportCompanyName: 'New Haulers' }, now)).toMatchObject({
      transportCompanyName: 'New Haulers',
    });
    const plated = { ...ticket, truckLicensePlate: 'OFF1CE' };
    expect(validateDispatchForm({ ...filled, truckLicensePlate: '' }, plated)).toEqual({});
  });

  it('sends trimmed text, the plate upper-cased, empty optional fields as null and no empty time', () => {
    expect(toDispatchBody(filled)).toEqual({
      timeLoaded: '2026-11-23T08:15:00.000Z',
      transportCompanyName: 'Northern Haulage',
      truckNumber: 'T-17',
      truckLicensePlate: 'AB12345',
      truckDriverName: 'Dave Driver',
      truckDriverNumber: null,
    });
    expect(toDispatchBody({ ...filled, timeLoaded: null })).not.toHaveProperty('timeLoaded');
  });
});
