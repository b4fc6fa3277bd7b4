import { describe, expect, it } from 'vitest';
import {
  parseTicketRanges,
  type TicketRangeParse,
  ticketNumbersOf,
  ticketRangeKey,
  ticketRangeMessages,
} from './ticket-range';

const messages = {
  format: 'Invalid ticket range formt (e.g. 1,2,3 or 1-3)',
  endBeforeStart: 'End of range must be greater than start of range',
  tooLarge: 'Ticket range is too large (max 100)',
  maxNumber: 'Max ticket number is 999999',
  // Ours, not the spec's: one entry's work is bounded (issue 32, item 4).
  tooManyTickets: 'Too many tickets at once (max 2000 in one entry); receive them in parts',
} as const;

/** The refusal for a message: the problem whose spec text it is. */
const refused = (message: string): TicketRangeParse =>
  ({
    ok: false,
    problem: Object.entries(ticketRangeMessages).find(([, text]) => text === message)?.[0],
  }) as TicketRangeParse;

describe('parseTicketRanges: accepted entries (the bulk receive range entry)', () => {
  it("uses the spec's messages word for word, typo included", () => {
    expect(ticketRangeMessages).toEqual(messages);
  });

  it.each([
    [
      '1,2,3',
      [
        [1, 1],
        [2, 2],
        [3, 3],
      ],
    ],
    ['1-3', [[1, 3]]],
    [
      '1-3,5',
      [
        [1, 3],
        [5, 5],
      ],
    ],
    [
      ' 7 - 9 , 12 ',
      [
        [7, 9],
        [12, 12],
      ],
    ],
    [
      '\t4-6,\t8 ',
      [
        [4, 6],
        [8, 8],
      ],
    ],
    ['1-1', [[1, 1]]],
    ['1-100', [[1, 100]]],
    ['999900-999999', [[999_900, 999_999]]],
    ['999999', [[999_999, 999_999]]],
    ['007-009', [[7, 9]]],
    ['0000000000000000000000001', [[1, 1]]],
    [
      '5,5',
      [
        [5, 5],
        [5, 5],
      ],
    ],
    [
      '10-12,1-3',
      [
        [10, 12],
        [1, 3],
      ],
    ],
  ] as const)('%j', (text, expected) => {
    expect(parseTicketRanges(text)).toEqual({
      ok: true,
      ranges: expected.map(([from, to]) => ({ from, to })),
    });
  });

  it('keys each range as its chip is shown and lists its numbers', () => {
    const parsed = parseTicketRanges('1-3, 5');
    if (!parsed.ok) throw new Error(ticketRangeMessages[parsed.problem]);
    expect(parsed.ranges.map(ticketRangeKey)).toEqual(['1-3', '5']);
    expect(parsed.ranges.map(ticketNumbersOf)).toEqual([[1, 2, 3], [5]]);
  });
});

describe('parseTicketRanges: refused entries', () => {
  it.each([
    [''],
    ['   '],
    [','],
    ['1,,2'],
    ['1,'],
    [',1'],
    ['1, ,2'],
    ['-'],
    ['1-'],
    ['-3'],
    ['a'],
    ['1a'],
    ['1-3a'],
    ['one'],
    ['1-2-3'],
    ['1--3'],
    ['-1'],
    ['-1-3'],
    ['1.5'],
    ['1-2.5'],
    ['1e3'],
    ['0x10'],
    ['1 2'],
    ['1;2'],
    ['1/2'],
    ['+1'],
    ['1–3'], // an en dash, not a hyphen
    ['١٢'], // Arabic-Indic digits are not ASCII digits
    ['１'], // a fullwidth digit
  ])('%j is not digits separated by commas or hyphens', (text) => {
    expect(parseTicketRanges(text)).toEqual(refused(messages.format));
  });

  it.each([[null], [undefined], [12], [{}]])(
    'a non-string (%j) is refused as a bad format, not thrown on',
    (value) => {
      expect(parseTicketRanges(value)).toEqual(refused(messages.format));
    },
  );

  it.each([['3-1'], ['10-9'], ['1-3,5-4'], ['999999-1']])('%j ends before it starts', (text) => {
    expect(parseTicketRanges(text)).toEqual(refused(messages.endBeforeStart));
  });

  it('a range 100 or more apart is refused: 1-100 (99 apart) passes, 1-101 (100 apart) does not', () => {
    expect(parseTicketRanges('1-100').ok).toBe(true);
    expect(parseTicketRanges('1-101')).toEqual(refused(messages.tooLarge));
    expect(parseTicketRanges('5,1-500')).toEqual(refused(messages.tooLarge));
    expect(parseTicketRanges('0-99').ok).toBe(true);
    expect(parseTicketRanges('0-100')).toEqual(refused(messages.tooLarge));
  });

  it.each([
    ['1000000'],
    ['999999-1000000'],
    ['1-1000000'],
    ['1000000-1'],
    ['99999999999999999999999999999'],
    ['9'.repeat(400)],
    [`1-${'9'.repeat(5000)}`],
  ])('numbers above 999999 are refused (%#)', (text) => {
    expect(parseTicketRanges(text)).toEqual(refused(messages.maxNumber));
  });

  it('a well-formed entry is checked range by range; the first broken rule is named', () => {
    expect(parseTicketRanges('3-1,1-500')).toEqual(refused(messages.endBeforeStart));
    expect(parseTicketRanges('1-500,3-1')).toEqual(refused(messages.tooLarge));
    // A malformed part anywhere makes the whole entry a format error.
    expect(parseTicketRanges('3-1,x')).toEqual(refused(messages.format));
  });

  it('takes at most 2000 tickets over all the ranges of one entry', () => {
    const hundreds = (count: number) =>
      Array.from({ length: count }, (_, i) => `${i * 100 + 1}-${i * 100 + 100}`).join(',');
    const twenty = parseTicketRanges(hundreds(20));
    expect(twenty.ok && twenty.ranges.length).toBe(20);
    expect(parseTicketRanges(`${hundreds(20)},2001`)).toEqual(refused(messages.tooManyTickets));
    const singles = Array.from({ length: 2001 }, (_, i) => String(i + 1)).join(',');
    expect(parseTicketRanges(singles)).toEqual(refused(messages.tooManyTickets));
    expect(messages.tooManyTickets).toBe(
      'Too many tickets at once (max 2000 in one entry); receive them in parts',
    );
  });

  it('answers quickly on a very long entry', () => {
    const many = Array.from({ length: 50_000 }, (_, i) => `${(i % 999) + 1}-${(i % 999) + 2}`).join(' , ');
    const started = performance.now();
    // 100,000 tickets: refused as too many for one entry, as quickly as it is read.
    expect(parseTicketRanges(many)).toEqual(refused(messages.tooManyTickets));
    expect(parseTicketRanges(`${many},x`)).toEqual(refused(messages.format));
    expect(parseTicketRanges(`${' '.repeat(200_000)}1${' '.repeat(200_000)}-`)).toEqual(
      refused(messages.format),
    );
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

/** mulberry32: a small seeded generator, so a failing case can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('parseTicketRanges: property, never throws', () => {
  const alphabet = [
    ...'0123456789',
    ...'0123456789',
    ...',,,---   ',
    '\t',
    '\n',
    '\u00a0',
    '.',
    'e',
    'x',
    '+',
    '–',
    '١',
    '𝟙',
    '😀',
    '\u0000',
    '\ud800', // a lone surrogate
  ];
  const pick = <T>(random: () => number, items: readonly T[]): T =>
    items[Math.floor(random() * items.length)] as T;

  it('answers a result for 5,000 random entries, and every accepted one obeys the rules', () => {
    const random = seeded(20261121);
    for (let i = 0; i < 5_000; i++) {
      const length = Math.floor(random() * (random() < 0.05 ? 2_000 : 24));
      let text = '';
      for (let c = 0; c < length; c++) text += random() < 0.02 ? '9'.repeat(30) : pick(random, alphabet);
      let result: TicketRangeParse | undefined;
      expect(
        () => {
          result = parseTicketRanges(text);
        },
        `case ${i}: ${JSON.stringify(text)}`,
      ).not.toThrow();
      if (!result) throw new Error(`case ${i}: no result`);
      if (result.ok) {
        expect(result.ranges.length, JSON.stringify(text)).toBe(text.split(',').length);
        for (const { from, to } of result.ranges) {
          expect(Number.isSafeInteger(from) && Number.isSafeInteger(to)).toBe(true);
          expect(from).toBeGreaterThanOrEqual(0);
          expect(to).toBeLessThanOrEqual(999_999);
          expect(to - from).toBeGreaterThanOrEqual(0);
          expect(to - from).toBeLessThan(100);
        }
      } else {
        expect(Object.keys(messages)).toContain(result.problem);
      }
    }
  });

  it('well-formed random entries are accepted or refused by the numeric rules only', () => {
    const random = seeded(7);
    const space = () => pick(random, ['', ' ', '  ', '\t']);
    for (let i = 0; i < 2_000; i++) {
      const parts = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
        const from = Math.floor(random() * 1_100_000);
        const to = random() < 0.4 ? null : Math.max(0, from + Math.floor(random() * 300) - 100);
        return { from, to };
      });
      const text = parts
        .map(
          ({ from, to }) => `${space()}${from}${to === null ? '' : `${space()}-${space()}${to}`}${space()}`,
        )
        .join(',');
      const expected = (() => {
        for (const { from, to: end } of parts) {
          const to = end ?? from;
          if (from > 999_999 || to > 999_999) return refused(messages.maxNumber);
          if (to < from) return refused(messages.endBeforeStart);
          if (to - from >= 100) return refused(messages.tooLarge);
        }
        return { ok: true, ranges: parts.map(({ from, to }) => ({ from, to: to ?? from })) };
      })();
      expect(parseTicketRanges(text), JSON.stringify(text)).toEqual(expected);
    }
  });
});
