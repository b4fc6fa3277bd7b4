import { createCrFramer } from './line-framers';
import { decodeText, type IndicatorFrame, type ScaleProtocol, type TextFormat, unitCode } from './protocol';

/**
 * Cardinal (models 190, 201, 185): <s><xxxxxx><d><uu><m><cc><CR>, streamed or sent in answer to
 * ENQ (0x05). s: '-' negative, space positive. Six digits, with the decimal point among them when
 * enabled (seven digits are not this format: RLWS grams look like that). uu: LB, KG, OZ or G (either
 * case). m: G gross, N net. cc: OC over capacity, CZ centre of zero, MO motion, EE weight not
 * displayed, or blank. The 185 puts a space between the fields.
 */
const format: TextFormat = {
  pattern:
    /(?<sign>[ -])(?<weight>\d{6}|(?=\d{0,5}\.)[\d.]{7}|-{6,7}| {6,7}) ?(?<unit>lb|kg|oz|g ?) ?(?<mode>[GN]) ?(?<status>OC|CZ|MO|EE| {2})? *$/i,
  units: { lb: 'LB', kg: 'KG', oz: 'OZ', g: 'G ' },
  net: 'N',
  statuses: { MO: 'motion', OC: 'out', EE: 'no-weight' },
};

export function encodeCardinal(frame: IndicatorFrame): Buffer {
  const { weight, decimals } = frame;
  const places = Math.max(decimals, 0);
  const digits =
    weight === null
      ? '-'.repeat(6)
      : Math.abs(weight)
          .toFixed(places)
          .padStart(places > 0 ? 7 : 6, '0');
  const status =
    weight === null ? 'EE' : frame.range !== 'ok' ? 'OC' : frame.motion ? 'MO' : weight === 0 ? 'CZ' : '  ';
  const sign = weight !== null && weight < 0 ? '-' : ' ';
  const mode = frame.mode === 'net' ? 'N' : 'G';
  return Buffer.from(
    `${sign}${digits}${unitCode(format.units, frame.unit, 'cardinal')}${mode}${status}\r`,
    'latin1',
  );
}

export const cardinalProtocol: ScaleProtocol = {
  name: 'cardinal',
  poll: Buffer.from([0x05]),
  createFramer: createCrFramer,
  decode: (chunk) => decodeText(chunk, format),
  encode: encodeCardinal,
};
