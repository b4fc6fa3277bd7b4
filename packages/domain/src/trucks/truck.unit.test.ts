import { describe, expect, it } from 'vitest';
import { invalidField, refusal } from '../../test/refusal';
import {
  decideMoveTrucks,
  formattedPlatePattern,
  licensePlateMaxLength,
  normalisePlate,
  truckMessages,
  truckMovesStreamId,
  trucks,
  validateTruck,
} from './truck';

const truck = {
  driverName: ' Dan Driver ',
  driverNumber: '(905)555-0142',
  number: ' T-12 ',
  licensePlate: 'ab12345',
  tareWeight: '14250.5',
};

const now = new Date('2026-11-27T08:00:00.000Z');
/** A truck saved for the first time: no tare before it. */
const validateNewTruck = (companyId: unknown, input: Parameters<typeof validateTruck>[1]) =>
  validateTruck(companyId, input, null, now);

describe('truck validation', () => {
  it('keeps a valid truck with its plate upper-cased and trimmed', () => {
    expect(validateNewTruck(4, { ...truck, licensePlate: ' ab12345 ' })).toEqual({
      transportCompanyId: 4,
      driverName: 'Dan Driver',
      driverNumber: '(905)555-0142',
      number: 'T-12',
      licensePlate: 'AB12345',
      tareWeight: 14250.5,
      tareWeighedAt: now.toISOString(),
    });
  });

  it('treats driver name, driver number and tare weight as optional', () => {
    expect(validateNewTruck(4, { number: '7', licensePlate: 'Xy9' })).toEqual({
      transportCompanyId: 4,
      driverName: null,
      driverNumber: null,
      number: '7',
      licensePlate: 'XY9',
      tareWeight: null,
      tareWeighedAt: null,
    });
    expect(validateNewTruck(4, { ...truck, driverNumber: '  ', tareWeight: '' })).toMatchObject({
      driverNumber: null,
      tareWeight: null,
    });
  });

  it("dates a new or changed tare at the save, and keeps an unchanged tare's date", () => {
    const weighedAt = '2026-10-01T07:00:00.000Z';
    const previous = { tareWeight: 14250.5, tareWeighedAt: weighedAt };
    expect(validateTruck(4, truck, previous, now).tareWeighedAt).toBe(weighedAt);
    expect(validateTruck(4, { ...truck, tareWeight: 14300 }, previous, now).tareWeighedAt).toBe(
      now.toISOString(),
    );
    expect(validateTruck(4, { ...truck, tareWeight: '' }, previous, now).tareWeighedAt).toBeNull();
    // A tare stored before tares carried a date keeps having none.
    expect(validateTruck(4, truck, { tareWeight: 14250.5 }, now).tareWeighedAt).toBeNull();
  });

  it('accepts a free-entry plate of exactly 7 characters (the Formatted toggle off)', () => {
    expect(validateNewTruck(4, { ...truck, licensePlate: 'abc-123' }).licensePlate).toBe('ABC-123');
    expect(licensePlateMaxLength).toBe(7);
  });

  it.each([
    [{ number: '' }, 'number', 'Truck number is required'],
    [{ number: '   ' }, 'number', 'Truck number is required'],
    [{ licensePlate: '' }, 'licensePlate', 'License plate is required'],
    [{ licensePlate: undefined }, 'licensePlate', 'License plate is required'],
    [{ licensePlate: 'AB123456' }, 'licensePlate', 'License plate can be max 7 characters'],
    [{ driverNumber: '905-555-0142' }, 'driverNumber', 'Phone number is not valid'],
    [{ driverNumber: '(905)555-014' }, 'driverNumber', 'Phone number is not valid'],
    [{ tareWeight: -5 }, 'tareWeight', 'Tare weight must be more than 0 KG and at most 100000 KG'],
    [{ tareWeight: 'light' }, 'tareWeight', 'Tare weight must be more than 0 KG and at most 100000 KG'],
  ])('refuses %o on %s with %s', (change, field, message) => {
    expect(refusal(() => validateNewTruck(4, { ...truck, ...change }))).toEqual(invalidField(field, message));
  });

  it('needs a company', () => {
    expect(refusal(() => validateNewTruck(null, truck)).errors).toEqual({
      transportCompanyId: 'Please select a company',
    });
  });

  it('reports every field at once', () => {
    expect(
      refusal(() => validateNewTruck(4, { number: '', licensePlate: '', driverNumber: 'x' })).errors,
    ).toEqual({
      number: 'Truck number is required',
      licensePlate: 'License plate is required',
      driverNumber: 'Phone number is not valid',
    });
  });

  it('normalises plates so any case is one plate', () => {
    expect(normalisePlate(' aB12345 ')).toBe('AB12345');
    expect(normalisePlate(null)).toBe('');
    expect(formattedPlatePattern.test('AB12345')).toBe(true);
    expect(formattedPlatePattern.test('A123456')).toBe(false);
  });

  it('exports the spec messages word for word', () => {
    expect(truckMessages).toMatchObject({
      numberRequired: 'Truck number is required',
      plateRequired: 'License plate is required',
      plateTooLong: 'License plate can be max 7 characters',
      phoneInvalid: 'Phone number is not valid',
      moveTargetRequired: 'Move trucks needs a target company chosen',
    });
    expect(truckMessages.plateTaken('AB12345')).toBe(
      'License plate AB12345 already belongs to another truck.',
    );
    expect(trucks.streamId(3)).toBe('truck-3');
    expect(trucks.notFoundMessage).toBe('Truck not found.');
  });
});

describe('moving trucks', () => {
  it('moves every truck of the source in one event', () => {
    expect(
      decideMoveTrucks({ fromTransportCompanyId: 1, toTransportCompanyId: 2, truckIds: [5, 6, 9] }),
    ).toEqual([
      {
        type: 'TrucksMoved',
        data: { fromTransportCompanyId: 1, toTransportCompanyId: 2, truckIds: [5, 6, 9] },
      },
    ]);
    expect(truckMovesStreamId(1)).toBe('truck-moves-1');
  });

  it.each([
    ['without a target', { fromTransportCompanyId: 1, toTransportCompanyId: null, truckIds: [5] }],
    ['with the source as target', { fromTransportCompanyId: 1, toTransportCompanyId: 1, truckIds: [5] }],
    ['without a target or trucks', { fromTransportCompanyId: 1, toTransportCompanyId: null, truckIds: [] }],
  ])('refuses %s: Move trucks needs a target company chosen', (_case, command) => {
    expect(refusal(() => decideMoveTrucks(command))).toEqual(
      invalidField('toTransportCompanyId', 'Move trucks needs a target company chosen'),
    );
  });

  it('records nothing when the source has no trucks or is not chosen', () => {
    expect(decideMoveTrucks({ fromTransportCompanyId: 1, toTransportCompanyId: 2, truckIds: [] })).toEqual(
      [],
    );
    expect(decideMoveTrucks({ fromTransportCompanyId: null, toTransportCompanyId: 2, truckIds: [] })).toEqual(
      [],
    );
  });
});
