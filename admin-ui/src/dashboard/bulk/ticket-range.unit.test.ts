import * as domain from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages';
import {
  MAX_RANGE_SPAN,
  MAX_TICKET_NUMBER,
  parseTicketRanges,
  ticketCount,
  ticketRangeError,
  ticketRangeKey,
  ticketRangeMessageKeys,
} from './ticket-range';

/** A catalogue text by its dotted key. */
const text = (key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

const entries = [
  '1,2,3',
  '1-3',
  '1-3,5',
  ' 1 - 3 , 5 ',
  '007',
  '1-100',
  '1-101',
  '5-1',
  '3-3',
  '',
  ' ',
  '1,,2',
  '1-2-3',
  'a',
  '1;2',
  '-1',
  '999999',
  '1000000',
  '999990-1000000',
  `${'9'.repeat(400)}`,
  '１２',
  '1-3,9-2',
  '1-3,x',
];

describe('the Bulk Receive range entry (mirror of the domain rule)', () => {
  it('keeps the limits of the domain', () => {
    expect(MAX_TICKET_NUMBER).toBe(domain.maxTicketNumber);
    expect(MAX_RANGE_SPAN).toBe(domain.maxRangeSpan);
  });

  it.each(entries)('parses %j as the server does, with the same message', (entry) => {
    const ours = parseTicketRanges(entry);
    const theirs = domain.parseTicketRanges(entry);
    expect(ours.ok).toBe(theirs.ok);
    if (ours.ok && theirs.ok) expect(ours.ranges).toEqual(theirs.ranges);
    if (!ours.ok && !theirs.ok) expect(text(ticketRangeMessageKeys[ours.problem])).toBe(theirs.message);
  });

  it("has the spec's messages word for word, typo included", () => {
    expect(text(ticketRangeMessageKeys.format)).toBe('Invalid ticket range formt (e.g. 1,2,3 or 1-3)');
    expect(text(ticketRangeMessageKeys.endBeforeStart)).toBe(
      'End of range must be greater than start of range',
    );
    expect(text(ticketRangeMessageKeys.tooLarge)).toBe('Ticket range is too large (max 100)');
  });

  it('validates the field, an empty entry included', () => {
    expect(ticketRangeError('1-3,5')).toBeUndefined();
    expect(ticketRangeError('')).toBe(ticketRangeMessageKeys.format);
    expect(ticketRangeError('3-1')).toBe(ticketRangeMessageKeys.endBeforeStart);
    expect(ticketRangeError('1-200')).toBe(ticketRangeMessageKeys.tooLarge);
  });

  it('keys and counts ranges as the chips show them', () => {
    expect(ticketRangeKey({ from: 5, to: 5 })).toBe(domain.ticketRangeKey({ from: 5, to: 5 }));
    expect(ticketRangeKey({ from: 1, to: 3 })).toBe('1-3');
    expect(
      ticketCount([
        { from: 1, to: 3 },
        { from: 5, to: 5 },
      ]),
    ).toBe(4);
  });
});
