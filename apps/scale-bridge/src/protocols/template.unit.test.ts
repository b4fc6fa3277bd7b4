import { describe, expect, it } from 'vitest';
import { templateFormat, templateProtocol } from './template';
import { expectRead } from './test-frames';

describe('the template format (SCALE_TEMPLATE), modelled on the 920i custom stream tokens', () => {
  it('reads the 920i default stream, <STX><P><W7><U><M><S><CR><LF>', () =>
    expectRead(
      templateProtocol('<STX><P><W7><U><M><S><CR><LF>'),
      ['\x02   25340KG \r\n', '\x02-   12.5LNM\r\n'],
      [{ weight: 25_340 }, { weight: -12.5, decimals: 1, unit: 'lb', mode: 'net', motion: true }],
    ));

  it('reads Cardinal-style status tokens and units: MO motion, OC over, BZ under, EE no weight, tn, lt', () =>
    expectRead(
      templateProtocol('<W> <U> <M> <S><CR>'),
      [
        '25340 kg G MO\r',
        '99990 kg G OC\r',
        '-500 kg G BZ\r',
        '------ kg G EE\r',
        '27.95 tn G  \r',
        '24.96 lt N  \r',
      ],
      [
        { weight: 25_340, motion: true },
        { weight: 99_990, range: 'over' },
        { weight: -500, range: 'under' },
        { weight: null },
        { weight: 27.95, decimals: 2, unit: 'ton' },
        { weight: 24.96, decimals: 2, unit: 'long-ton', mode: 'net' },
      ],
    ));

  it('reads fields by position (<*n> skips), a fixed unit (<U:kg>) and a tare (<Tn>)', () =>
    expectRead(
      templateProtocol('<*3><W6><T6><U:kg><ETX>'),
      ['ID1 25340 14000\x03', 'ID1 20000     0\x03'],
      [
        { weight: 25_340, tare: 14_000, motion: null },
        { weight: 20_000, motion: null },
      ],
    ));

  it('has no motion flag without <S>: its frames say motion null (judged by the hold rule)', () =>
    expectRead(templateProtocol('<W> <U><CR><LF>'), ['25340 kg\r\n'], [{ weight: 25_340, motion: null }]));

  it('counts what does not fit the template as unrecognised', () =>
    expectRead(
      templateProtocol('<W> <U><CR><LF>'),
      ['hello\r\n', '25340 kg\r\n'],
      [{ weight: 25_340, motion: null }],
      7,
    ));

  it.each([
    ['<U><CR>', 'it needs one weight, <W> or <Wn>'],
    ['<W><CR>', 'it needs one unit, <U> or <U:unit> for a frame that sends none'],
    ['<W><U>', 'it must end with the character that ends a frame, e.g. <CR>'],
    ['<W><U><Q><CR>', 'unknown token <Q>'],
    ['<W><U:stone><CR>', '<U:stone>: no unit "stone"'],
    ['<W><U><S><S><CR>', 'it has more than one status'],
  ])('refuses %s: %s', (template, message) => {
    expect(() => templateFormat(template)).toThrow(message);
  });
});
