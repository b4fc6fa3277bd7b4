import { describe, expect, it } from 'vitest';
import { ticketNumberFilter } from './validation';

describe('ticketNumberFilter (the dashboard search and the custom report)', () => {
  const rule = ticketNumberFilter('portal.test.ticketNotNumber');

  it.each(['12a', '-3', '-1', '1.5', '12 3'])('refuses %j: not digits', (typed) => {
    expect(rule(typed)).toBe('portal.test.ticketNotNumber');
  });

  it.each([' 42 ', '007', '', '   ', null, undefined])(
    'takes %j: digits, or blank for no filter',
    (typed) => {
      expect(rule(typed)).toBeUndefined();
    },
  );
});
