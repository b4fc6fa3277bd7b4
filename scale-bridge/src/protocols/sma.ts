import { createCrFramer } from './line-framers';
import { decodeText, type IndicatorFrame, type ScaleProtocol, type TextFormat, unitCode } from './protocol';

/**
 * SMA SCP-0499 (Scale Manufacturers Association): the host polls with <LF>W<CR>; the indicator
 * answers <LF><s><r><n><m><f><10-character weight><uuu><CR>.
 * s: Z centre of zero, O over capacity, U under capacity, E zero error, I initial-zero error,
 *    T tare error (the three errors send dashes for the weight), e weight not displayed, space none.
 * r: range ('1' on single-range scales). n: G gross, N net, g/n high-resolution, T tare (an answer
 * to the tare request, not a reading: garbage here). m: M in motion, space stable. f: reserved.
 */
const format: TextFormat = {
  pattern: /\n(?<status>[ZOUEITe ])\d(?<mode>[GNgn])(?<motion>[M ]).(?<weight>.{10})(?<unit>.{1,3})$/,
  units: { lb: 'lb', kg: 'kg', g: 'g', oz: 'oz', t: 't' },
  net: 'N',
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
  return Buffer.from(`\n${status}1${mode}${frame.motion ? 'M' : ' '} ${weightText}${unit}\r`, 'latin1');
}

export const smaProtocol: ScaleProtocol = {
  name: 'sma',
  poll: Buffer.from('\nW\r', 'latin1'),
  createFramer: createCrFramer,
  decode: (chunk) => decodeText(chunk, format),
  encode: encodeSma,
};
