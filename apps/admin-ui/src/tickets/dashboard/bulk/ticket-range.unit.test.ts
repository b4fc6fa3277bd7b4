import { type TicketRangeProblem, ticketRangeMessages } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../i18n/messages';
import { ticketCount, ticketRangeError, ticketRangeMessageKeys } from './ticket-range';

/** A catalogue text by its dotted key. */
const text = (key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

describe('the Bulk Receive range entry (the domain parser, shown in the catalogue’s words)', () => {
  it.each(Object.keys(ticketRangeMessages) as TicketRangeProblem[])(
    'shows the problem %s in the words the server answers it with',
    (problem) => {
      expect(text(ticketRangeMessageKeys[problem])).toBe(ticketRangeMessages[problem]);
    },
  );

  it('validates the field, an empty entry included', () => {
    expect(ticketRangeError('1-3,5')).toBeUndefined();
    expect(ticketRangeError('')).toBe(ticketRangeMessageKeys.format);
    expect(ticketRangeError('3-1')).toBe(ticketRangeMessageKeys.endBeforeStart);
    expect(ticketRangeError('1-200')).toBe(ticketRangeMessageKeys.tooLarge);
    expect(ticketRangeError('1000000')).toBe(ticketRangeMessageKeys.maxNumber);
  });

  it('counts a number named twice twice, as the server receives it twice', () => {
    expect(
      ticketCount([
        { from: 1, to: 3 },
        { from: 3, to: 3 },
      ]),
    ).toBe(4);
  });
});
