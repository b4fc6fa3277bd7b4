import { describe, expect, it } from 'vitest';
import { smaProtocol } from './sma';
import { bytes, frame, readFrames } from './test-frames';

/** <LF><s><r><n><m><f><10-character weight><uuu><CR>, written out by hand. */
const answer = (status: string, mode: string, motion: string, weight: string, unit: string) =>
  bytes(`\n${status}1${mode}${motion} ${weight.padStart(10)}${unit.padEnd(3)}\r`);

describe('SMA SCP-0499', () => {
  it('reads the standard answer: "     5.025" lb, gross, stable', async () => {
    const { frames, garbageBytes } = await readFrames(smaProtocol, answer(' ', 'G', ' ', '5.025', 'lb'));
    expect(frames).toEqual([frame({ weight: 5.025, unit: 'lb', decimals: 3 })]);
    expect(garbageBytes).toBe(0);
  });

  it.each([
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
  ] as const)('reads %s', async (_name, bytes, expected) => {
    const { frames } = await readFrames(smaProtocol, bytes);
    expect(frames).toEqual([frame(expected)]);
  });

  it.each(['E', 'I', 'T'])('reads error %s, whose weight is dashes, as no weight', async (status) => {
    const { frames } = await readFrames(smaProtocol, answer(status, 'G', ' ', '----------', 'kg'));
    expect(frames).toEqual([frame({ weight: null })]);
  });

  it('reads "weight not displayed" (e) as no weight', async () => {
    const { frames } = await readFrames(smaProtocol, answer('e', 'G', ' ', '', 'kg'));
    expect(frames).toEqual([frame({ weight: null })]);
  });

  it('counts a tare answer (n = T), an unknown unit and noise as garbage, and reads on', async () => {
    const good = answer(' ', 'G', ' ', '100', 'kg');
    const tare = answer(' ', 'T', ' ', '5', 'kg');
    const unknownUnit = answer(' ', 'G', ' ', '5', 'xx');
    const { frames, garbageBytes } = await readFrames(smaProtocol, tare, bytes('#!'), unknownUnit, good);
    expect(frames).toEqual([frame({ weight: 100 })]);
    expect(garbageBytes).toBe(tare.length + 2 + unknownUnit.length);
  });

  it('polls with <LF>W<CR>', () => {
    expect(smaProtocol.poll).toEqual(bytes('\nW\r'));
  });
});
