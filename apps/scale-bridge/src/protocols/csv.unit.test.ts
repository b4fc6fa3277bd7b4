import { describe, it } from 'vitest';
import { csvProtocol } from './csv';
import { expectRead } from './test-frames';

describe('comma-separated ASCII lines', () => {
  it.each([
    ['ST,GS,+0012340kg', {}],
    ['US,NT,-   12.5 kg', { weight: -12.5, decimals: 1, mode: 'net', motion: true }],
    ['ST,GS,+0027000lb', { weight: 27_000, unit: 'lb' }],
    ['ST,GS,+ 12.345 t', { weight: 12.345, decimals: 3, unit: 't' }],
    ['ST,NT,+0000500g', { weight: 500, unit: 'g', mode: 'net' }],
    ['OL,GS,+0099990kg', { weight: 99_990, range: 'over' }],
    ['OL,GS,-0000500kg', { weight: -500, range: 'under' }],
    ['OL,GS,+-------kg', { weight: null, range: 'over' }],
  ] as const)('reads %s', (line, expected) => expectRead(csvProtocol, [`${line}\r\n`], [expected]));

  it('issue 29: reads lines that end with LF alone, or CR alone, as indicators may be set', () =>
    expectRead(
      csvProtocol,
      ['ST,GS,+0012340kg\n', 'US,GS,+0012360kg\n', 'ST,GS,+0012340kg\r'],
      [{}, { weight: 12_360, motion: true }, {}],
    ));

  it('counts garbage and half lines, and reads the next line', () =>
    expectRead(csvProtocol, ['ST,GS,+00\r\n', '@@ST,GS,+0012340kg\r\n'], [{}], 'ST,GS,+00\r'.length + 2));
});
