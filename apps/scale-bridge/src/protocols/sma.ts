import { createCrFramer } from './line-framers';
import { ascii, type IndicatorFrame, type TextFormat, textProtocol, unitCode } from './protocol';

/**
 * SMA SCP-0499 (Scale Manufacturers Association, Standard Scale Serial Communication Protocol,
 * Level 1): the host polls with <LF>W<CR>; the indicator answers
 * <LF><s><r><n><m><f><10-character weight><uuu><CR>.
 * s: Z centre of zero, O over capacity, U under capacity, E zero error, I initial-zero error,
 *    T tare error (the three errors send dashes for the weight), e weight not displayed, space none.
 * r: range ('1' on single-range scales). n: G gross, N net, g/n high-resolution, T tare (an answer
 * to the tare request, not a reading: garbage here). m: M in motion, space stable. f: reserved.
 * uuu: lb, kg, g, oz, t (metric tonnes), ton (short tons), left-justified.
 */
const format: TextFormat = {
  pattern: /\n(?<status>[ZOUEITe ])\d(?<mode>[GNgn])(?<motion>[M ]).(?<weight>.{10})(?<unit>.{1,3})$/,
  units: { lb: 'lb', kg: 'kg', g: 'g', oz: 'oz', t: 't', ton: 'ton' },
  net: ['N'],
  statuses: { O: 'over', U: 'under', E: 'no-weight', I: 'no-weight', T: 'no-weight' },
  lineFeedStartsFrames: true,
};

export function encodeSma(frame: IndicatorFrame): Buffer {
  const { weight } = frame;
  const status = weight === null ? 'E' : { ok: weight === 0 ? 'Z' : ' ', over: 'O', under: 'U' }[frame.range];
  const weightText =
    weight === null ? '-'.repeat(10) : weight.toFixed(Math.max(frame.decimals, 0)).padStart(10);
  const mode = frame.mode === 'net' ? 'N' : 'G';
  const unit = unitCode(format.units, frame.unit, 'sma').padEnd(3);
  return ascii(`\n${status}1${mode}${frame.motion ? 'M' : ' '} ${weightText}${unit}\r`);
}

export const smaProtocol = textProtocol(format, {
  name: 'sma',
  poll: ascii('\nW\r'),
  pollOnly: true,
  // SCP-0499 Level 1: Z zeroes, T tares (each answered with a standard reply). Its P asks for a
  // weight at standstill, not a print: the format has no print command.
  commands: { zero: ascii('\nZ\r'), tare: ascii('\nT\r') },
  createFramer: createCrFramer,
  encode: encodeSma,
});
