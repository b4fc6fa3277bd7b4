import { describe, expect, it } from 'vitest';
import { riceLakePrintProtocol } from './rice-lake-print';
import { expectRead } from './test-frames';

const read = (chunks: string[], frames: Parameters<typeof expectRead>[2], garbageBytes = 0) =>
  expectRead(riceLakePrintProtocol, chunks, frames, garbageBytes);

describe('Rice Lake demand print (880 technical manual "Default Print Formats": GFMT, NFMT)', () => {
  it('issue 29: reads the GFMT ticket "GROSS    25340 KG", at standstill, as gross', () =>
    read(
      ['GROSS   25340 KG\r\n\r\n11/27/2026 05:07AM\r\n'],
      [{ weight: 25_340, motion: false }],
      '11/27/2026 05:07AM\r'.length,
    ));

  it('reads an NFMT ticket (GROSS, TARE, NET) as the gross with the tare it prints', () =>
    read(
      ['GROSS   25340 kg\r\nTARE    14000 kg\r\nNET     11340 kg\r\n\r\n'],
      [{ weight: 25_340, motion: false, tare: 14_000 }],
    ));

  it('reads the ticket whatever the pieces it arrives in, and the next ticket after it', () =>
    read(
      [
        'GROSS   25',
        '340 kg\r',
        '\nTARE    14000 kg\r\nN',
        'ET     11340 kg\r\n',
        'GROSS   20000 kg\r\n\r\n',
      ],
      [
        { weight: 25_340, motion: false, tare: 14_000 },
        { weight: 20_000, motion: false },
      ],
    ));

  it('reads a tare and net without the gross as a net weight with its tare', () =>
    read(
      ['TARE    14000 kg\r\nNET     11340 kg\r\n'],
      [{ weight: 11_340, mode: 'net', motion: false, tare: 14_000 }],
    ));

  it('reads OIML mode\'s "PT" after a preset tare', () =>
    read(
      ['GROSS   25340 kg\r\nTARE    14000 kg PT\r\n\r\n'],
      [{ weight: 25_340, motion: false, tare: 14_000 }],
    ));

  it.each([
    ['lb', 'GROSS   55000 lb', { weight: 55_000, unit: 'lb' }],
    ['tn: short tons', 'GROSS   27.95 tn', { weight: 27.95, decimals: 2, unit: 'ton' }],
    ['t: metric tonnes', 'GROSS  25.340 t', { weight: 25.34, decimals: 3, unit: 't' }],
    [
      'issue 29: lt, long tons (920i units LT)',
      'GROSS   24.96 lt',
      { weight: 24.96, decimals: 2, unit: 'long-ton' },
    ],
    ['g', 'GROSS     500 g', { weight: 500, unit: 'g' }],
    ['oz', 'GROSS    16.0 oz', { weight: 16, decimals: 1, unit: 'oz' }],
  ] as const)('reads the units %s', (_name, line, expected) =>
    read([`${line}\r\n\r\n`], [{ motion: false, ...expected }]),
  );

  // The LF of a CR LF ends the line before: neither frame nor garbage, as in every CR LF format.
  it('counts the ticket lines that carry no weight (header, date) as unrecognised', () =>
    read(
      ["MOE'S DUMP\r\n", 'GROSS   25340 kg\r\n\r\n'],
      [{ weight: 25_340, motion: false }],
      "MOE'S DUMP\r".length,
    ));
});

describe('Rice Lake EDP reply to XG (880 technical manual "Normal Mode Commands": `nnnnnnn UU`)', () => {
  it('polls with XG and reads the reply as a gross weight with no motion flag', async () => {
    expect(riceLakePrintProtocol.poll).toEqual(Buffer.from('XG\r'));
    await read(
      ['   25340 kg\r\n', '  -120.5 lb\r\n'],
      [
        { weight: 25_340, motion: null },
        { weight: -120.5, decimals: 1, unit: 'lb', motion: null },
      ],
    );
  });

  it('takes the EDP key-press commands KZERO, KTARE, KPRINT', () => {
    expect(riceLakePrintProtocol.commands).toEqual({
      zero: Buffer.from('KZERO\r'),
      tare: Buffer.from('KTARE\r'),
      print: Buffer.from('KPRINT\r'),
    });
  });

  it('refuses to encode what neither a ticket nor a reply can say', () => {
    const frame = { weight: 1, unit: 'kg', decimals: 0, mode: 'gross', range: 'ok' } as const;
    expect(() => riceLakePrintProtocol.encode({ ...frame, motion: true })).toThrow(RangeError);
    expect(() => riceLakePrintProtocol.encode({ ...frame, motion: null, mode: 'net' })).toThrow(RangeError);
  });
});
