import { describe, expect, it } from 'vitest';
import { isSameTruck, otherOpenDispatchesOfTruck, type TicketTruck } from './same-truck';

const open = (id: number, truck: Partial<TicketTruck>): TicketTruck => ({
  id,
  truckId: null,
  truckLicensePlate: null,
  isDispatched: true,
  isReceived: false,
  isRejected: false,
  ...truck,
});

describe('one truck on several open tickets (issue 34, D21)', () => {
  it('is the same truck by its record or by its plate', () => {
    expect(
      isSameTruck({ truckId: 3, truckLicensePlate: 'AB12345' }, { truckId: 3, truckLicensePlate: null }),
    ).toBe(true);
    expect(
      isSameTruck(
        { truckId: null, truckLicensePlate: 'AB12345' },
        { truckId: 3, truckLicensePlate: 'AB12345' },
      ),
    ).toBe(true);
    expect(
      isSameTruck({ truckId: null, truckLicensePlate: null }, { truckId: null, truckLicensePlate: null }),
    ).toBe(false);
    expect(
      isSameTruck({ truckId: 4, truckLicensePlate: 'CD12345' }, { truckId: 3, truckLicensePlate: 'AB12345' }),
    ).toBe(false);
  });

  it('finds the other open dispatches only, and none for a ticket that is not out', () => {
    const ticket = open(1, { truckId: 3, truckLicensePlate: 'AB12345' });
    const candidates = [
      ticket,
      open(2, { truckLicensePlate: 'AB12345' }),
      open(3, { truckId: 3 }),
      open(4, { truckLicensePlate: 'AB12345', isReceived: true }),
      open(5, { truckLicensePlate: 'AB12345', isRejected: true }),
      open(6, { truckLicensePlate: 'AB12345', isDispatched: false }),
      open(7, { truckLicensePlate: 'ZZ99999' }),
    ];
    expect(otherOpenDispatchesOfTruck(ticket, candidates).map(({ id }) => id)).toEqual([2, 3]);
    expect(otherOpenDispatchesOfTruck({ ...ticket, isReceived: true }, candidates)).toEqual([]);
  });
});
