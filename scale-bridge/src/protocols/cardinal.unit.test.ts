import { describe, expect, it } from 'vitest';
import { cardinalProtocol } from './cardinal';
import { expectRead } from './test-frames';

describe('Cardinal <s><xxxxxx><d><uu><m><cc><CR>', () => {
  it.each([
    ['a stable gross weight', ' 012340KGG  \r', {}],
    [
      'a negative net weight in motion, with its decimal point',
      '-00012.5LBNMO\r',
      { weight: -12.5, unit: 'lb', decimals: 1, mode: 'net', motion: true },
    ],
    ['centre of zero', ' 000000KGGCZ\r', { weight: 0 }],
    ['over capacity', ' 099990KGGOC\r', { weight: 99_990, range: 'over' }],
    ['under capacity (negative and OC)', '-000500KGGOC\r', { weight: -500, range: 'under' }],
    ['lower-case units (model 201)', ' 012340kgG  \r', {}],
    ['grams ("G " then the mode)', ' 012340G G  \r', { unit: 'g' }],
    ['the 185, with spaces between the fields', ' 012340 LB G MO \r', { unit: 'lb', motion: true }],
    ['EE (weight not displayed) as no weight', ' ------KGGEE\r', { weight: null }],
    ['EE as no weight, whatever the digits', ' 000000KGGEE\r', { weight: null }],
  ] as const)('reads %s', (_name, text, expected) => expectRead(cardinalProtocol, [text], [expected]));

  it('counts garbage before a frame, a stray "-" right before it included, and keeps the sign right', () =>
    expectRead(cardinalProtocol, ['x9-', ' 012340KGG  \r'], [{}], 3));

  it('takes the LF of a CR LF terminator for no garbage', () =>
    expectRead(cardinalProtocol, [' 012340KGG  \r\n 012340KGG  \r\n'], [{}, {}]));

  it('does not take seven digits for six (a Rice Lake frame in grams looks like that)', () =>
    expectRead(cardinalProtocol, ['\x02 1234567GG \r\n'], [], 13));

  it('polls with ENQ', () => {
    expect(cardinalProtocol.poll).toEqual(Buffer.from([0x05]));
  });
});
