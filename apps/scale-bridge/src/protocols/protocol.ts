import type { Transform } from 'node:stream';
import type { IndicatorCommand } from '@portal/contract';
import type { WeightUnit } from '../units';

export const protocolNames = [
  'toledo',
  'sma',
  'cardinal',
  'cardinal-738',
  'rice-lake',
  'rice-lake-print',
  'mt-sics',
  'csv',
  'template',
] as const;
export type ProtocolName = (typeof protocolNames)[number];

/** What one frame says, in the indicator's own unit: the shape every encoder takes and every decoder gives. */
export interface IndicatorFrame {
  /** Displayed weight; null when the indicator shows none (dashes, "weight not displayed", invalid). */
  weight: number | null;
  unit: WeightUnit;
  /** Digits after the decimal point; negative for dummy zeros (Toledo's ×10 and ×100 displays). */
  decimals: number;
  mode: 'gross' | 'net';
  /** The indicator's motion flag; null where the frame has none (Rice Lake XG replies, a template without status). */
  motion: boolean | null;
  range: 'ok' | 'over' | 'under';
  /** The tare the indicator holds, in `unit`, where the frame carries one; a zero tare is no tare and left out. */
  tare?: number;
}

/** One chunk from a framer, decoded. Bytes that belong to no frame count as garbage. */
export type DecodeResult =
  | { kind: 'frame'; frame: IndicatorFrame; raw: Buffer; garbageBytes: number }
  | { kind: 'checksum-error'; raw: Buffer; garbageBytes: number }
  | { kind: 'garbage'; garbageBytes: number };

export interface ScaleProtocol {
  name: ProtocolName;
  /** What the bridge sends to ask for a reading, for indicators that answer polls. */
  poll?: Buffer;
  /** The indicator speaks only when polled: the bridge polls it unless told otherwise. */
  pollOnly?: boolean;
  /** The bytes of each command the indicator's format has (none: the format cannot be commanded). */
  commands?: Partial<Record<IndicatorCommand, Buffer>>;
  /** A parser stream: bytes in arbitrary pieces in, one chunk per frame (garbage before it included) out. */
  createFramer(): Transform;
  decode(chunk: Buffer): DecodeResult;
  encode(frame: IndicatorFrame): Buffer;
}

export const garbage = (bytes: number): DecodeResult => ({ kind: 'garbage', garbageBytes: bytes });

/** A format's unit codes, as the indicator sends them (matched without case or padding), and the unit each means. */
export type UnitCodes = Readonly<Record<string, WeightUnit>>;

const normalCode = (code: string) => code.trim().toUpperCase();

export const unitFromCode = (codes: UnitCodes, code: string): WeightUnit | undefined =>
  Object.entries(codes).find(([each]) => normalCode(each) === normalCode(code))?.[1];

/** A unit's code in a protocol (the first one listed); an encoder asked for a unit its protocol cannot say throws. */
export function unitCode(codes: UnitCodes, unit: WeightUnit, protocol: string): string {
  const code = Object.entries(codes).find(([, each]) => each === unit)?.[0];
  if (code === undefined) throw new RangeError(`${protocol} frames cannot carry the unit ${unit}`);
  return code;
}

/** "  -12.50" → -12.5 with 2 decimals; anything but an optionally signed decimal number → null. */
export function parseWeight(text: string): { weight: number; decimals: number } | null {
  const match = /^\s*([+-]?)\s*(\d*)(?:\.(\d*))?\s*$/.exec(text);
  if (!match || `${match[2]}${match[3] ?? ''}` === '') return null;
  const weight = Number(`${match[1]}${match[2] || '0'}.${match[3] || '0'}`);
  return { weight: Object.is(weight, -0) ? 0 : weight, decimals: match[3]?.length ?? 0 };
}

/** A tare field as a frame carries it: a zero or unreadable tare is no tare. */
const tareOf = (text: string | undefined): { tare?: number } => {
  const tare = text === undefined ? null : parseWeight(text)?.weight;
  return tare ? { tare } : {};
};

/** What a status code of an ASCII format says; 'out': over or under range, by the weight's sign. */
export type StatusMeaning = 'motion' | 'over' | 'under' | 'out' | 'no-weight';

/** An ASCII format, declared: the decoder is the same for all of them. */
export interface TextFormat {
  /**
   * Matches a frame at the end of a chunk (anchored with `$`, the CR or LF cut off), with named
   * groups `weight` and, where the format has them, `unit`, `mode`, `sign` (apart from the weight),
   * `status`, `motion` (a field of its own, 'M' in motion) and `tare`.
   */
  pattern: RegExp;
  units: UnitCodes;
  /** The unit of a format that sends none (a template's `<U:kg>`). */
  fixedUnit?: WeightUnit;
  /** Mode codes for a net weight (upper case); any other is gross. */
  net: readonly string[];
  /** Status codes (upper case) and their meaning; others mean nothing to the bridge. */
  statuses: Readonly<Record<string, StatusMeaning>>;
  /** The format has no motion flag: its frames say motion null. */
  noMotionFlag?: boolean;
  /** SMA: an LF starts every frame. Elsewhere a leading LF is the previous frame's CR LF tail. */
  lineFeedStartsFrames?: boolean;
}

const LF = 0x0a;

function readText(groups: Record<string, string | undefined>, format: TextFormat): IndicatorFrame | null {
  const { weight: weightText = '', unit: unitText, mode = '', status = '', sign, motion, tare } = groups;
  const meaning = format.statuses[status.trim().toUpperCase()];
  const unit = unitText === undefined ? format.fixedUnit : unitFromCode(format.units, unitText);
  // Dashes say "no weight" in every one of these formats.
  const noWeight = meaning === 'no-weight' || /^[\s-]*-[\s-]*$/.test(weightText);
  const parsed = noWeight ? null : parseWeight(weightText);
  if (!unit || (!parsed && !noWeight)) return null;
  const weight = parsed ? (sign === '-' ? -parsed.weight : parsed.weight) || 0 : null;
  const out = (weight ?? 0) < 0 || sign === '-' ? 'under' : 'over';
  return {
    weight,
    unit,
    decimals: parsed?.decimals ?? 0,
    mode: format.net.includes(mode.trim().toUpperCase()) ? 'net' : 'gross',
    motion: format.noMotionFlag ? null : meaning === 'motion' || motion?.toUpperCase() === 'M',
    range: meaning === 'out' ? out : meaning === 'over' || meaning === 'under' ? meaning : 'ok',
    ...tareOf(tare),
  };
}

/** A protocol whose frames are text read by one format: its decoder is the format's. */
export const textProtocol = (format: TextFormat, protocol: Omit<ScaleProtocol, 'decode'>): ScaleProtocol => ({
  ...protocol,
  decode: (chunk) => decodeText(chunk, format),
});

/** Decodes the frame at the end of a CR- (or LF-) terminated chunk; what stands before it is garbage. */
function decodeText(chunk: Buffer, format: TextFormat): DecodeResult {
  const match = format.pattern.exec(chunk.toString('latin1').replace(/[\r\n]$/, ''));
  const frame = match?.groups ? readText(match.groups, format) : null;
  const start = match && frame ? match.index : chunk.length;
  const lineFeedTail = !format.lineFeedStartsFrames && chunk[0] === LF && start > 0 ? 1 : 0;
  if (!match || !frame) return garbage(chunk.length - lineFeedTail);
  return { kind: 'frame', frame, raw: chunk.subarray(start), garbageBytes: start - lineFeedTail };
}

/** An ASCII command as the bytes on the wire. */
export const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');
