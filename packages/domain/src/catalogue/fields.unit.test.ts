import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { optionalId, optionalNumber, unchosenIdMessage } from './fields';

describe('ids in JSON bodies', () => {
  it('reads a whole number as the id, and absent, empty or below 1 as none chosen', () => {
    expect(optionalId(7, 'truckId')).toBe(7);
    for (const none of [undefined, null, '', 0, -3]) expect(optionalId(none, 'truckId')).toBeNull();
  });

  it('refuses every other type, naming the field, instead of coercing it to a number', () => {
    for (const coercible of [true, [2], '2', '2e0', ' 2 ', 1.5, { id: 2 }]) {
      let refused: unknown;
      try {
        optionalId(coercible, 'id');
      } catch (error) {
        refused = error;
      }
      expect(refused, JSON.stringify(coercible)).toBeInstanceOf(DomainError);
      expect(refused).toMatchObject({ kind: 'validation', fieldErrors: { id: 'id must be a whole number' } });
    }
  });
});

describe('a required dropdown that holds no record', () => {
  const messages = { required: 'Contractor is required', notSelected: 'Please select a contractor' };

  it('is "required" when nothing was sent, and "not selected" when a number below 1 was', () => {
    for (const missing of [undefined, null, ''])
      expect(unchosenIdMessage(missing, messages)).toBe(messages.required);
    for (const none of [0, -1]) expect(unchosenIdMessage(none, messages)).toBe(messages.notSelected);
  });
});

describe('numbers in form fields', () => {
  it('reads typed text and JSON numbers, and nothing else', () => {
    expect(optionalNumber('12.5')).toBe(12.5);
    expect(optionalNumber(12.5)).toBe(12.5);
    expect(optionalNumber('')).toBeNull();
    for (const other of [true, [5], { n: 5 }]) expect(optionalNumber(other)).toBeNaN();
  });
});
