import { describe, expect, it } from 'vitest';
import { cardinalProtocol } from './cardinal';
import { bytes, frame, readFrames } from './test-frames';

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
  ] as const)('reads %s', async (_name, text, expected) => {
    const { frames, garbageBytes } = await readFrames(cardinalProtocol, bytes(text));
    expect(frames).toEqual([frame(expected)]);
    expect(garbageBytes).toBe(0);
  });

  it('reads EE (weight not displayed) as no weight', async () => {
    const { frames } = await readFrames(cardinalProtocol, bytes(' ------KGGEE\r'), bytes(' 000000KGGEE\r'));
    expect(frames).toEqual([frame({ weight: null }), frame({ weight: null })]);
  });

  it('counts garbage before a frame, a stray "-" right before it included, and keeps the sign right', async () => {
    const { frames, garbageBytes } = await readFrames(
      cardinalProtocol,
      bytes('x9-'),
      bytes(' 012340KGG  \r'),
    );
    expect(frames).toEqual([frame()]);
    expect(garbageBytes).toBe(3);
  });

  it('takes the LF of a CR LF terminator for no garbage', async () => {
    const { frames, garbageBytes } = await readFrames(
      cardinalProtocol,
      bytes(' 012340KGG  \r\n 012340KGG  \r\n'),
    );
    expect(frames).toHaveLength(2);
    expect(garbageBytes).toBe(0);
  });

  it('polls with ENQ', () => {
    expect(cardinalProtocol.poll).toEqual(Buffer.from([0x05]));
  });
});
