import { describe, expect, it } from 'vitest';
import { cardinal738Protocol, cardinalProtocol } from './cardinal';
import { expectRead } from './test-frames';

describe('Cardinal 190 manual 8400-M022-O1 "Cardinal Scoreboard" and 200 series manual "SB-400": <s><xxxxxx><d><uu><m><cc><CR>', () => {
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
    ['SB-400 "ee" (lower case) as no weight', ' ------kgGee\r', { weight: null }],
    ['SB-400 BZ below zero as under range', '-000500kgGBZ\r', { weight: -500, range: 'under' }],
    ['SB-400 "tn" short tons', ' 0027.95tnG  \r', { weight: 27.95, decimals: 2, unit: 'ton' }],
    ['SB-400 "t" metric tonnes', ' 0025.34t G  \r', { weight: 25.34, decimals: 2, unit: 't' }],
    ['SB-400 net in motion', ' 011340kgNMO\r', { weight: 11_340, mode: 'net', motion: true }],
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

  it('190 manual "ASCII Commands": zero and tare are the SMA commands <LF>Z<CR>, <LF>T<CR>; no print', () => {
    expect(cardinalProtocol.commands).toEqual({ zero: Buffer.from('\nZ\r'), tare: Buffer.from('\nT\r') });
  });
});

describe('Cardinal 738 / SB-200 (200 series manual "SB-200", 920i manual "Cardinal 738 Indicator"): <CR><s><xxxxxx><d><c><uu><m><ETX>', () => {
  it.each([
    ['a stable gross weight, + for positive', '\r+025340 kgg\x03', { weight: 25_340 }],
    ['m: motion', '\r+025340mkgg\x03', { weight: 25_340, motion: true }],
    ['o: over capacity', '\r+099990okgg\x03', { weight: 99_990, range: 'over' }],
    ['o with a minus sign: under range', '\r-000500okgg\x03', { weight: -500, range: 'under' }],
    ['e: weight not displayed', '\r+------ekgg\x03', { weight: null }],
    ['n: net', '\r+011340 kgn\x03', { weight: 11_340, mode: 'net' }],
    ['lb', '\r+055000 lbg\x03', { weight: 55_000, unit: 'lb' }],
    [
      'tn: short tons, the decimal point embedded',
      '\r+0027.95 tng\x03',
      { weight: 27.95, decimals: 2, unit: 'ton' },
    ],
    ['t: metric tonnes', '\r+0025.34 t g\x03', { weight: 25.34, decimals: 2, unit: 't' }],
    ['the decimal point after the digits (none shown)', '\r+025340. kgg\x03', { weight: 25_340 }],
    ['SB-200: space for positive, G and N in capitals', '\r 025340 kgG\x03', { weight: 25_340 }],
  ] as const)('reads %s', (_name, text, expected) => expectRead(cardinal738Protocol, [text], [expected]));

  it('cuts frames at ETX and counts the bytes around them that are no frame', () =>
    expectRead(
      cardinal738Protocol,
      ['zz\r+025340 kgg\x03\r+02', '5340 kgg\x03'],
      [{ weight: 25_340 }, { weight: 25_340 }],
      2,
    ));
});
