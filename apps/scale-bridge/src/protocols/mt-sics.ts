import { createLineFramer } from './line-framers';
import {
  ascii,
  type DecodeResult,
  garbage,
  type IndicatorFrame,
  parseWeight,
  type ScaleProtocol,
  type UnitCodes,
  unitCode,
  unitFromCode,
} from './protocol';

/**
 * Mettler Toledo MT-SICS level 0 (the MT-SICS reference manual, "S – Send stable weight value", "SI –
 * Send weight value immediately"): the bridge polls `SI` CR LF; the terminal answers
 * `S S <weight, 10 characters right-aligned> <unit>` when stable, `S D …` when dynamic (in motion),
 * `S I` when busy (taring, zeroing: no weight now), `S +` over range, `S -` under range, each ended
 * by CR LF. The answers to `S` look the same.
 *
 * Gross or net: the manual calls the weight of S and SI "the net weight", the weight after any tare
 * the terminal holds, and level 0 has no way to ask whether one is held (TA, level 1, and SIX1 are
 * not on every terminal). So the bridge cannot tell: the scale's setting `SCALE_MTSICS_MODE` says how
 * the terminal is used. `net` (the default, as the manual words it): its readings are net, refused
 * by a weigh-in unless weighed as net. `gross`: the terminal is never tared (the portal keeps the
 * trucks' tares), so the weight shown is the gross.
 */
export type MtSicsMode = IndicatorFrame['mode'];

const units: UnitCodes = { kg: 'kg', g: 'g', lb: 'lb', oz: 'oz', t: 't' };

const weightAnswer = /S (?<status>[SD]) +(?<weight>[-+]?[\d.]+) (?<unit>[a-z]{1,3})$/i;
const statusAnswer = /S (?<status>[I+-])$/;
const ranges = { I: 'ok', '+': 'over', '-': 'under' } as const;

function decodeFor(mode: MtSicsMode) {
  return (chunk: Buffer): DecodeResult => {
    const text = chunk.toString('latin1').replace(/\r?\n$|\r$/, '');
    // A lone LF is the CR LF tail of the answer before.
    if (text === '') return garbage(0);
    const weighed = weightAnswer.exec(text);
    const parsed = weighed?.groups ? parseWeight(weighed.groups.weight ?? '') : null;
    const unit = weighed?.groups && unitFromCode(units, weighed.groups.unit ?? '');
    const status = statusAnswer.exec(text);
    const match = parsed && unit ? weighed : status;
    if (!match) return garbage(chunk.length);
    const frame: IndicatorFrame =
      parsed && unit
        ? { ...parsed, unit, mode, motion: weighed?.groups?.status === 'D', range: 'ok' }
        : // No weight, so no unit: kg stands in. The range is the terminal's word.
          {
            weight: null,
            unit: 'kg',
            decimals: 0,
            mode,
            motion: false,
            range: ranges[status?.groups?.status as keyof typeof ranges],
          };
    return { kind: 'frame', frame, raw: chunk.subarray(match.index), garbageBytes: match.index };
  };
}

function encodeMtSics(frame: IndicatorFrame): Buffer {
  const { weight } = frame;
  if (weight === null) return ascii(`S ${{ ok: 'I', over: '+', under: '-' }[frame.range]}\r\n`);
  const text = weight.toFixed(Math.max(frame.decimals, 0)).padStart(10);
  return ascii(`S ${frame.motion ? 'D' : 'S'} ${text} ${unitCode(units, frame.unit, 'mt-sics')}\r\n`);
}

export const mtSicsProtocol = (mode: MtSicsMode = 'net'): ScaleProtocol => ({
  name: 'mt-sics',
  poll: ascii('SI\r\n'),
  pollOnly: true,
  // Level 0 Z zeroes, level 1 T tares (answered "Z A", "T S <tare>"). Printing is level 2 (P100, the
  // terminal's own printer) or none: no print command here.
  commands: { zero: ascii('Z\r\n'), tare: ascii('T\r\n') },
  createFramer: createLineFramer,
  decode: decodeFor(mode),
  encode: encodeMtSics,
});
