import { describe, expect, it } from 'vitest';
import { smaProtocol } from './sma';
import { expectRead } from './test-frames';

/** <LF><s><r><n><m><f><10-character weight><uuu><CR>, written out by hand. */
const answer = (status: string, mode: string, motion: string, weight: string, unit: string) =>
  `\n${status}1${mode}${motion} ${weight.padStart(10)}${unit.padEnd(3)}\r`;

describe('SMA SCP-0499 (Standard Scale Serial Communication Protocol, Level 1)', () => {
  it.each([
    [
      'the standard answer: "     5.025" lb',
      answer(' ', 'G', ' ', '5.025', 'lb'),
      { weight: 5.025, unit: 'lb', decimals: 3 },
    ],
    ['Z centre of zero', answer('Z', 'G', ' ', '0', 'kg'), { weight: 0 }],
    ['O over capacity', answer('O', 'G', ' ', '99990', 'kg'), { weight: 99_990, range: 'over' }],
    ['U under capacity', answer('U', 'G', ' ', '-200', 'kg'), { weight: -200, range: 'under' }],
    [
      'M in motion, net',
      answer(' ', 'N', 'M', '-12.50', 'kg'),
      { weight: -12.5, decimals: 2, mode: 'net', motion: true },
    ],
    ['g high-resolution gross', answer(' ', 'g', ' ', '12340.5', 'kg'), { weight: 12_340.5, decimals: 1 }],
    ['t tonnes', answer(' ', 'G', ' ', '12.34', 't'), { weight: 12.34, decimals: 2, unit: 't' }],
    [
      'issue 29: "ton" short tons',
      answer(' ', 'G', ' ', '27.95', 'ton'),
      { weight: 27.95, decimals: 2, unit: 'ton' },
    ],
    ['lb', answer(' ', 'G', ' ', '55000', 'lb'), { weight: 55_000, unit: 'lb' }],
    ['g', answer(' ', 'G', ' ', '500', 'g'), { weight: 500, unit: 'g' }],
    ['oz', answer(' ', 'G', ' ', '16.0', 'oz'), { weight: 16, decimals: 1, unit: 'oz' }],
    [
      'n high-resolution net',
      answer(' ', 'n', ' ', '11340.5', 'kg'),
      { weight: 11_340.5, decimals: 1, mode: 'net' },
    ],
    ['E zero error (dashes) as no weight', answer('E', 'G', ' ', '----------', 'kg'), { weight: null }],
    ['I initial-zero error as no weight', answer('I', 'G', ' ', '----------', 'kg'), { weight: null }],
    ['T tare error as no weight', answer('T', 'G', ' ', '----------', 'kg'), { weight: null }],
    ['e weight not displayed as no weight', answer('e', 'G', ' ', '', 'kg'), { weight: null }],
  ] as const)('reads %s', (_name, text, expected) => expectRead(smaProtocol, [text], [expected]));

  it('counts a tare answer (n = T), an unknown unit and noise as garbage, and reads on', () => {
    const tare = answer(' ', 'T', ' ', '5', 'kg');
    const unknownUnit = answer(' ', 'G', ' ', '5', 'xx');
    const good = answer(' ', 'G', ' ', '100', 'kg');
    return expectRead(
      smaProtocol,
      [tare, '#!', unknownUnit, good],
      [{ weight: 100 }],
      tare.length + 2 + unknownUnit.length,
    );
  });

  it('polls with <LF>W<CR>', () => {
    expect(smaProtocol.poll).toEqual(Buffer.from('\nW\r', 'latin1'));
  });

  it('zeroes with <LF>Z<CR> and tares with <LF>T<CR>; P asks for a weight at standstill, so no print', () => {
    expect(smaProtocol.commands).toEqual({ zero: Buffer.from('\nZ\r'), tare: Buffer.from('\nT\r') });
  });
});
