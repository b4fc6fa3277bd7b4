import { describe, expect, it } from 'vitest';
import { riceLakeProtocol } from './rice-lake';
import { expectRead } from './test-frames';

describe('Rice Lake RLWS (920i installation manual, "Continuous Output Serial Data Format") <STX><POL><wwwwwww><UNIT><G/N><S><CR LF>', () => {
  it.each([
    ['a stable gross weight in kg', '\x02   12340KG \r\n', {}],
    [
      'pounds, net, in motion',
      '\x02  123.45LNM\r\n',
      { weight: 123.45, unit: 'lb', decimals: 2, mode: 'net', motion: true },
    ],
    [
      'a negative weight with the zero before the point',
      '\x02-    0.5KG \r\n',
      { weight: -0.5, decimals: 1 },
    ],
    ['tonnes', '\x02  12.340TG \r\n', { weight: 12.34, decimals: 3, unit: 't' }],
    ['grams', '\x02     500GG \r\n', { weight: 500, unit: 'g' }],
    ['ounces', '\x02    16.0OG \r\n', { weight: 16, decimals: 1, unit: 'oz' }],
    ['centre of zero', '\x02       0KGZ\r\n', { weight: 0 }],
    ['over range', '\x02   99990KGO\r\n', { weight: 99_990, range: 'over' }],
    ['under range', '\x02-    500KGO\r\n', { weight: -500, range: 'under' }],
    ['a CR alone for terminator', '\x02   12340KG \r', {}],
    ['I (invalid) as no weight', '\x02 -------KGI\r\n', { weight: null }],
    ['I as no weight, blank', '\x02        KGI\r\n', { weight: null }],
  ] as const)('reads %s', (_name, text, expected) => expectRead(riceLakeProtocol(), [text], [expected]));

  it("issue 29: 'T' is short tons at a scale set so (SCALE_RICE_LAKE_TONS=ton), metric tonnes by default", async () => {
    await expectRead(
      riceLakeProtocol('ton'),
      ['\x02   27.95TG \r\n'],
      [{ weight: 27.95, decimals: 2, unit: 'ton' }],
    );
    await expectRead(
      riceLakeProtocol(),
      ['\x02   27.95TG \r\n'],
      [{ weight: 27.95, decimals: 2, unit: 't' }],
    );
  });

  it('880 technical manual "Key Press Commands": KZERO, KTARE, KPRINT, each ended by CR', () => {
    expect(riceLakeProtocol().commands).toEqual({
      zero: Buffer.from('KZERO\r'),
      tare: Buffer.from('KTARE\r'),
      print: Buffer.from('KPRINT\r'),
    });
  });

  it('skips garbage up to the next STX and counts it', () =>
    expectRead(riceLakeProtocol(), ['\x02 12\r', 'zz\x02   12340KG \r\n'], [{}], 5 + 2));
});
