import { describe, expect, it } from 'vitest';
import { riceLakeProtocol } from './rice-lake';
import { bytes, frame, readFrames } from './test-frames';

describe('Rice Lake RLWS <STX><POL><wwwwwww><UNIT><G/N><S><CR LF>', () => {
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
    ['grams and ounces', '\x02     500GG \r\n', { weight: 500, unit: 'g' }],
    ['centre of zero', '\x02       0KGZ\r\n', { weight: 0 }],
    ['over range', '\x02   99990KGO\r\n', { weight: 99_990, range: 'over' }],
    ['under range', '\x02-    500KGO\r\n', { weight: -500, range: 'under' }],
    ['a CR alone for terminator', '\x02   12340KG \r', {}],
  ] as const)('reads %s', async (_name, text, expected) => {
    const { frames, garbageBytes } = await readFrames(riceLakeProtocol, bytes(text));
    expect(frames).toEqual([frame(expected)]);
    expect(garbageBytes).toBe(0);
  });

  it('reads ounces', async () => {
    const { frames } = await readFrames(riceLakeProtocol, bytes('\x02    16.0OG \r\n'));
    expect(frames).toEqual([frame({ weight: 16, decimals: 1, unit: 'oz' })]);
  });

  it('reads I (invalid) as no weight', async () => {
    const { frames } = await readFrames(
      riceLakeProtocol,
      bytes('\x02 -------KGI\r\n'),
      bytes('\x02        KGI\r\n'),
    );
    expect(frames).toEqual([frame({ weight: null }), frame({ weight: null })]);
  });

  it('skips garbage up to the next STX and counts it', async () => {
    const { frames, garbageBytes } = await readFrames(
      riceLakeProtocol,
      bytes('\x02 12\r'),
      bytes('zz\x02   12340KG \r\n'),
    );
    expect(frames).toEqual([frame()]);
    expect(garbageBytes).toBe(5 + 2);
  });
});
