import { describe, expect, it } from 'vitest';
import { csvProtocol } from './csv';
import { bytes, frame, readFrames } from './test-frames';

describe('comma-separated ASCII lines', () => {
  it.each([
    ['ST,GS,+0012345kg', { weight: 12_345 }],
    ['US,NT,-   12.5 kg', { weight: -12.5, decimals: 1, mode: 'net', motion: true }],
    ['ST,GS,+0027000lb', { weight: 27_000, unit: 'lb' }],
    ['ST,GS,+ 12.345 t', { weight: 12.345, decimals: 3, unit: 't' }],
    ['ST,NT,+0000500g', { weight: 500, unit: 'g', mode: 'net' }],
    ['OL,GS,+0099990kg', { weight: 99_990, range: 'over' }],
    ['OL,GS,-0000500kg', { weight: -500, range: 'under' }],
  ] as const)('reads %s', async (line, expected) => {
    const { frames, garbageBytes } = await readFrames(csvProtocol, bytes(`${line}\r\n`));
    expect(frames).toEqual([frame(expected)]);
    expect(garbageBytes).toBe(0);
  });

  it('reads an overload without digits as no weight', async () => {
    const { frames } = await readFrames(csvProtocol, bytes('OL,GS,+-------kg\r\n'));
    expect(frames).toEqual([frame({ weight: null, range: 'over' })]);
  });

  it('counts garbage and half lines, and reads the next line', async () => {
    const { frames, garbageBytes } = await readFrames(
      csvProtocol,
      bytes('ST,GS,+00\r\n'),
      bytes('@@ST,GS,+0012340kg\r\n'),
    );
    expect(frames).toEqual([frame({ weight: 12_340 })]);
    expect(garbageBytes).toBe('ST,GS,+00\r'.length + 2);
  });
});
