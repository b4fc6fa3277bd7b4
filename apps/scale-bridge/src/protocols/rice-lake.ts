import { createCrFramer } from './line-framers';
import {
  ascii,
  type IndicatorFrame,
  type ScaleProtocol,
  type TextFormat,
  textProtocol,
  unitCode,
} from './protocol';

/**
 * Rice Lake Weighing Systems stream format (RLWS; the 920i installation manual's "Continuous Output
 * Serial Data Format"): <STX><POL><wwwwwww><UNIT><G/N><S><CR LF or CR>. POL: space positive, '-'
 * negative. Seven characters of weight, right-justified, the decimal point inside, leading zeros
 * sent as spaces. UNIT: L pounds, K kilograms, T tons, G grams, O ounces. G gross, N net. S: space
 * valid, I invalid, M motion, O over/under range, Z centre of zero. 'T' is metric tonnes or short
 * tons as the indicator is set: the scale's setting says which (`SCALE_RICE_LAKE_TONS`).
 */
export type RiceLakeTons = 't' | 'ton';

const formatFor = (tons: RiceLakeTons): TextFormat => ({
  // biome-ignore lint/suspicious/noControlCharactersInRegex: STX (0x02) starts every RLWS frame.
  pattern: /\x02(?<sign>[ -])(?<weight>.{7})(?<unit>[LKTGO])(?<mode>[GN])(?<status>[ IMOZ])$/,
  units: { L: 'lb', K: 'kg', T: tons, G: 'g', O: 'oz' },
  net: ['N'],
  statuses: { M: 'motion', O: 'out', I: 'no-weight' },
});

export function encodeRiceLake(frame: IndicatorFrame): Buffer {
  const format = formatFor(frame.unit === 'ton' ? 'ton' : 't');
  const { weight } = frame;
  const status =
    weight === null ? 'I' : frame.range !== 'ok' ? 'O' : frame.motion ? 'M' : weight === 0 ? 'Z' : ' ';
  const weightText = weight === null ? '' : Math.abs(weight).toFixed(Math.max(frame.decimals, 0));
  const sign = weight !== null && weight < 0 ? '-' : ' ';
  const mode = frame.mode === 'net' ? 'N' : 'G';
  const unit = unitCode(format.units, frame.unit, 'rice-lake');
  return ascii(`\x02${sign}${weightText.padStart(7)}${unit}${mode}${status}\r\n`);
}

/**
 * The EDP key-press commands of Rice Lake indicators (880 technical manual, "Key Press Commands";
 * the 920i answers the same), each ended by CR.
 */
export const riceLakeCommands = { zero: ascii('KZERO\r'), tare: ascii('KTARE\r'), print: ascii('KPRINT\r') };

export const riceLakeProtocol = (tons: RiceLakeTons = 't'): ScaleProtocol => {
  const format = formatFor(tons);
  return textProtocol(format, {
    name: 'rice-lake',
    commands: riceLakeCommands,
    createFramer: createCrFramer,
    encode: encodeRiceLake,
  });
};
