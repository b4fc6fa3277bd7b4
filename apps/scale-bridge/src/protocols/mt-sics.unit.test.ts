import { describe, expect, it } from 'vitest';
import { mtSicsProtocol } from './mt-sics';
import { expectRead } from './test-frames';

const gross = mtSicsProtocol('gross');

describe('Mettler Toledo MT-SICS level 0 (MT-SICS reference manual: "S", "SI")', () => {
  it.each([
    ['issue 29: S S, a stable weight', 'S S      25340 kg', { weight: 25_340 }],
    [
      'S D, a dynamic weight (in motion), the answer to SI',
      'S D      25360 kg',
      { weight: 25_360, motion: true },
    ],
    ['a negative weight with decimals', 'S S     -12.50 kg', { weight: -12.5, decimals: 2 }],
    ['lb', 'S S      55000 lb', { weight: 55_000, unit: 'lb' }],
    ['t', 'S S     25.340 t', { weight: 25.34, decimals: 3, unit: 't' }],
    ['g', 'S S     500.00 g', { weight: 500, decimals: 2, unit: 'g' }],
    ['oz', 'S S       16.0 oz', { weight: 16, decimals: 1, unit: 'oz' }],
    ['S I (busy: taring, zeroing) as no weight', 'S I', { weight: null }],
    ['S + (over range) as no weight, over', 'S +', { weight: null, range: 'over' }],
    ['S - (under range) as no weight, under', 'S -', { weight: null, range: 'under' }],
  ] as const)('reads %s', (_name, text, expected) => expectRead(gross, [`${text}\r\n`], [expected]));

  it('reads the weight as net, as the manual calls it, unless the scale is set gross (SCALE_MTSICS_MODE)', async () => {
    await expectRead(mtSicsProtocol(), ['S S      11340 kg\r\n'], [{ weight: 11_340, mode: 'net' }]);
    await expectRead(gross, ['S S      11340 kg\r\n'], [{ weight: 11_340, mode: 'gross' }]);
  });

  it('counts error answers (ES, EL) and noise as unrecognised, and reads on', () =>
    expectRead(gross, ['ES\r\n', 'zzS S      25340 kg\r\n'], [{ weight: 25_340 }], 'ES\r'.length + 2));

  it('polls with SI CR LF; Z zeroes, T tares; no print command at levels 0 and 1', () => {
    expect(gross.poll).toEqual(Buffer.from('SI\r\n'));
    expect(gross.commands).toEqual({ zero: Buffer.from('Z\r\n'), tare: Buffer.from('T\r\n') });
  });
});
