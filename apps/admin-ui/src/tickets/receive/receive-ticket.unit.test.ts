import { describe, expect, it } from 'vitest';
import {
  autofillFromTruck,
  type KnownTruck,
  lockedFields,
  otherCompanyTruck,
  type ReceivableTicket,
  receiveFormValues,
  receiveRequest,
  truckWithPlate,
} from './receive-ticket';

const incomplete: ReceivableTicket = {
  id: 9,
  prefix: 0,
  ticketNumber: 5,
  isComplete: false,
  timeLoaded: '2025-11-21T07:00:00.000Z',
  contractorCompanyName: 'Acme',
  jobSite: null,
  siteContactName: null,
  siteContactNumber: null,
  transportCompanyId: null,
  transportCompanyName: null,
  givenTransportCompanyName: null,
  truckId: null,
  truckNumber: null,
  truckLicensePlate: null,
  truckDriverName: null,
  truckDriverNumber: null,
};

const truck: KnownTruck = {
  id: 3,
  transportCompanyId: 2,
  number: 'T-17',
  licensePlate: 'AB12345',
  driverName: 'Sam Driver',
  driverNumber: '(416)555-0101',
};

describe('the Receive Ticket dialog', () => {
  it('locks the company once the ticket has one, and plate and truck number once it has a truck', () => {
    expect(lockedFields(incomplete)).toEqual({ transportCompany: false, truck: false });
    expect(lockedFields({ ...incomplete, transportCompanyId: 2 })).toEqual({
      transportCompany: true,
      truck: false,
    });
    expect(lockedFields({ ...incomplete, truckId: 3 })).toEqual({ transportCompany: false, truck: true });
  });

  it('matches a known truck only at 7 characters, in any case', () => {
    expect(truckWithPlate('ab12345', [truck])).toBe(truck);
    expect(truckWithPlate('AB1234', [truck])).toBeUndefined();
    expect(truckWithPlate('ZZ99999', [truck])).toBeUndefined();
  });

  it("fills in the truck's number, driver and company, but not over a locked company", () => {
    expect(autofillFromTruck(truck, false)).toEqual({
      truckId: 3,
      truckNumber: 'T-17',
      truckDriverName: 'Sam Driver',
      truckDriverNumber: '(416)555-0101',
      transportCompanyId: 2,
    });
    expect(autofillFromTruck(truck, true)).not.toHaveProperty('transportCompanyId');
  });

  it('receives a complete ticket without any edits', () => {
    const complete = { ...incomplete, isComplete: true };
    expect(receiveRequest(complete, receiveFormValues(complete), 'dashboard')).toEqual({
      ticketId: 9,
      source: 'dashboard',
    });
  });

  it("sends an incomplete ticket's filled-in fields, trimmed, with blanks as null", () => {
    const values = {
      ...receiveFormValues(incomplete),
      jobSite: ' 1 Main Road ',
      siteContactName: 'Jo',
      truckLicensePlate: 'ab12345',
      ...autofillFromTruck(truck, false),
    };
    expect(receiveRequest(incomplete, values, 'dashboard')).toEqual({
      ticketId: 9,
      source: 'dashboard',
      ticket: {
        jobSite: '1 Main Road',
        siteContactName: 'Jo',
        siteContactNumber: null,
        transportCompanyId: 2,
        truckId: 3,
        truckLicensePlate: 'AB12345',
        truckNumber: 'T-17',
        truckDriverName: 'Sam Driver',
        truckDriverNumber: '(416)555-0101',
      },
    });
  });

  it('keeps the locked fields as the ticket has them, whatever the form holds', () => {
    const withTruck = {
      ...incomplete,
      transportCompanyId: 2,
      truckId: 3,
      truckNumber: 'T-17',
      truckLicensePlate: 'AB12345',
    };
    const values = {
      ...receiveFormValues(withTruck),
      transportCompanyId: 8,
      truckId: null,
      truckNumber: 'X',
    };
    expect(receiveRequest(withTruck, values, 'ticket').ticket).toMatchObject({
      transportCompanyId: 2,
      truckId: 3,
      truckNumber: 'T-17',
      truckLicensePlate: 'AB12345',
    });
  });
});

describe('a known truck of another company than the locked one (issue 15, item 2)', () => {
  const northernTruck: KnownTruck = {
    id: 4,
    transportCompanyId: 2,
    number: 'N-1',
    licensePlate: 'NB12345',
    driverName: 'Nat',
    driverNumber: null,
  };
  const names = (id: number) => (id === 2 ? 'Northern' : 'Speedy');

  it('is refused in the words the server uses', () => {
    expect(otherCompanyTruck(northernTruck, { id: 1, name: 'Speedy' }, names)).toBe(
      'Truck NB12345 belongs to Northern, not to Speedy.',
    );
  });

  it('is taken when the company is its own or not locked', () => {
    expect(otherCompanyTruck(northernTruck, { id: 2, name: 'Northern' }, names)).toBeUndefined();
    expect(otherCompanyTruck(northernTruck, null, names)).toBeUndefined();
    expect(otherCompanyTruck(undefined, { id: 1, name: 'Speedy' }, names)).toBeUndefined();
  });
});
