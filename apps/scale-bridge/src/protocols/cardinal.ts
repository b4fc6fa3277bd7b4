import { createCrFramer, createDelimiterFramer } from './line-framers';
import {
  ascii,
  type IndicatorFrame,
  type TextFormat,
  textProtocol,
  type UnitCodes,
  unitCode,
} from './protocol';

/**
 * Cardinal's units, as the 190 manual (8400-M022-O1, "Cardinal Scoreboard": LB, KG, OZ, "G ") and the
 * 200 series manual ("SB-400", "SB-200": tn, lb, oz, t, kg, g) write them: tn short tons, t metric
 * tonnes. Pounds/ounces (l/o) is no weighbridge's unit and is not read.
 */
const units: UnitCodes = { LB: 'lb', KG: 'kg', OZ: 'oz', 'G ': 'g', tn: 'ton', 't ': 't' };

/** Six digits, with the decimal point among them (seven characters) where the indicator shows one. */
function cardinalDigits({ weight, decimals }: IndicatorFrame): string {
  const places = Math.max(decimals, 0);
  if (weight === null) return '-'.repeat(6);
  return Math.abs(weight)
    .toFixed(places)
    .padStart(places > 0 ? 7 : 6, '0');
}

/**
 * Cardinal scoreboard / SB-400 / computer output (190 manual 8400-M022-O1 "Cardinal Scoreboard
 * Continuous Output Format"; 200 series manual "If SB-400 or Computer is selected"):
 * <s><xxxxxx><d><uu><m><cc><CR>, streamed or sent in answer to ENQ (0x05). s: '-' negative, space
 * positive. Six digits, with the decimal point among them when enabled (seven digits are not this
 * format: RLWS grams look like that). m: G gross, N net. cc: OC over capacity (under when
 * negative), BZ below zero, CZ centre of zero, MO motion, EE weight not displayed, or blank. The 185
 * and the 190's answer to ENQ put a space between the fields.
 */
const scoreboard: TextFormat = {
  pattern:
    /(?<sign>[ -])(?<weight>\d{6}|(?=\d{0,5}\.)[\d.]{7}|-{6,7}| {6,7}) ?(?<unit>lb|kg|oz|tn|g ?|t ?) ?(?<mode>[GN]) ?(?<status>OC|BZ|CZ|MO|EE| {2})? *$/i,
  units,
  net: ['N'],
  statuses: { MO: 'motion', OC: 'out', BZ: 'under', EE: 'no-weight' },
};

export function encodeCardinal(frame: IndicatorFrame): Buffer {
  const { weight } = frame;
  const status =
    weight === null
      ? 'EE'
      : frame.range === 'under'
        ? 'BZ'
        : frame.range === 'over'
          ? 'OC'
          : frame.motion
            ? 'MO'
            : weight === 0
              ? 'CZ'
              : '  ';
  const sign = weight !== null && weight < 0 ? '-' : ' ';
  const mode = frame.mode === 'net' ? 'N' : 'G';
  return ascii(`${sign}${cardinalDigits(frame)}${unitCode(units, frame.unit, 'cardinal')}${mode}${status}\r`);
}

/**
 * The 190 in weight-on-demand mode answers the SMA commands (190 manual, "ASCII Commands"): Z
 * zeroes, T tares. Neither format has a print command.
 */
const cardinalCommands = { zero: ascii('\nZ\r'), tare: ascii('\nT\r') };

export const cardinalProtocol = textProtocol(scoreboard, {
  name: 'cardinal',
  poll: Buffer.from([0x05]),
  commands: cardinalCommands,
  createFramer: createCrFramer,
  encode: encodeCardinal,
});

const ETX = 0x03;

/**
 * Cardinal 738 scoreboard output, the 200 series' SB-200 (200 series manual, "If SB-200 is
 * selected"; the 920i installation manual's "Cardinal 738 Indicator" sample string):
 * <CR><s><xxxxxx><d><c><uu><m><ETX>. s: '+' (the 738) or space positive, '-' negative. Six digits
 * with leading zeros, the decimal point among them, or after them when the display has none. c: m
 * motion, o over capacity (under when negative), e weight not displayed, space valid. uu: two
 * lower-case characters (tn, lb, oz, t, kg, g). m: g gross, n net (G/N on the SB-200).
 */
const scoreboard738: TextFormat = {
  pattern:
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ETX (0x03) ends every 738 frame.
    /\r(?<sign>[ +-])(?<weight>\d{6}\.?|(?=\d{0,5}\.)[\d.]{7}|-{6,7}| {6,7})(?<status>[moe ])(?<unit>lb|kg|oz|tn|g ?|t ?)(?<mode>[gn])\x03$/i,
  units,
  net: ['N'],
  statuses: { M: 'motion', O: 'out', E: 'no-weight' },
};

function encodeCardinal738(frame: IndicatorFrame): Buffer {
  const { weight } = frame;
  const status = weight === null ? 'e' : frame.range !== 'ok' ? 'o' : frame.motion ? 'm' : ' ';
  const sign = weight !== null && weight < 0 ? '-' : '+';
  const unit = unitCode(units, frame.unit, 'cardinal-738').toLowerCase();
  return ascii(`\r${sign}${cardinalDigits(frame)}${status}${unit}${frame.mode === 'net' ? 'n' : 'g'}\x03`);
}

export const cardinal738Protocol = textProtocol(scoreboard738, {
  name: 'cardinal-738',
  createFramer: () => createDelimiterFramer(Buffer.from([ETX])),
  encode: encodeCardinal738,
});
