import { describe, expect, it } from 'vitest';
import { invalidField, refusal } from '../../test/refusal';
import { validateFullTicket, validateShortTicket } from '../tickets/validation';
import { validateTruck } from '../trucks/truck';
import { weightLimitKg, weightOrNoneOutOfBounds, weightOutOfBounds } from './weight-bounds';

describe('weights are bounded (issue 34, D4)', () => {
  it("takes the scale's capacity, or without one the site's maximum", () => {
    expect(weightLimitKg(60_000, 100_000)).toBe(60_000);
    expect(weightLimitKg(null, 100_000)).toBe(100_000);
    expect(weightLimitKg(undefined, 80_000)).toBe(80_000);
  });

  it.each([0, -100, 100_000.01, 99_999_999, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %s KG in (0, 100000]',
    (weight) => {
      expect(weightOutOfBounds(weight, 100_000)).toBe('Weight must be more than 0 KG and at most 100000 KG');
    },
  );

  it('accepts weights in (0, limit], and 0 where the spec reads it as none', () => {
    expect(weightOutOfBounds(0.01, 100_000)).toBeNull();
    expect(weightOutOfBounds(100_000, 100_000)).toBeNull();
    expect(weightOrNoneOutOfBounds(0, 100_000)).toBeNull();
    expect(weightOrNoneOutOfBounds(-1, 100_000)).toBe('Weight must be more than 0 KG and at most 100000 KG');
  });

  it("bounds a ticket form's weight by the limit given; 0 and blank are a ticket not weighed yet", () => {
    expect(refusal(() => validateShortTicket({ weight: -100 }, 100_000))).toEqual(
      invalidField('weight', 'Weight must be more than 0 KG and at most 100000 KG'),
    );
    expect(refusal(() => validateShortTicket({ weight: 60_000.5 }, 60_000))).toEqual(
      invalidField('weight', 'Weight must be more than 0 KG and at most 60000 KG'),
    );
    expect(validateShortTicket({ weight: 0 }, 100_000).weight).toBe(0);
    expect(validateShortTicket({ weight: '' }, 100_000).weight).toBeNull();
    expect(validateShortTicket({ weight: 25_000 }, 100_000).weight).toBe(25_000);
    // The driver's dispatch sets no weight: it does not answer for the one the ticket carries.
    expect(validateShortTicket({ weight: -100 }, null).weight).toBe(-100);
    expect(refusal(() => validateFullTicket({ weight: 200_000 })).errors?.weight).toBe(
      'Weight must be more than 0 KG and at most 100000 KG',
    );
  });

  it("bounds a truck's tare; none (blank) is a truck never tared", () => {
    const truck = { number: 'T-101', licensePlate: 'AB12345' };
    const now = new Date('2026-11-27T08:00:00.000Z');
    expect(refusal(() => validateTruck(4, { ...truck, tareWeight: 9_999_999 }, null, now, 100_000))).toEqual(
      invalidField('tareWeight', 'Tare weight must be more than 0 KG and at most 100000 KG'),
    );
    expect(refusal(() => validateTruck(4, { ...truck, tareWeight: 0 }, null, now, 100_000)).errors).toEqual({
      tareWeight: 'Tare weight must be more than 0 KG and at most 100000 KG',
    });
    expect(validateTruck(4, { ...truck, tareWeight: 14_500 }, null, now, 100_000).tareWeight).toBe(14_500);
    expect(validateTruck(4, { ...truck, tareWeight: '' }, null, now, 100_000).tareWeight).toBeNull();
  });
});
