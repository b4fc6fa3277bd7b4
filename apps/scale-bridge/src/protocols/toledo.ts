import { Transform, type TransformCallback } from 'node:stream';
import type { WeightUnit } from '../units';
import { ascii, type DecodeResult, garbage, type IndicatorFrame, type ScaleProtocol } from './protocol';

/**
 * Mettler Toledo continuous output: STX, status words A, B and C, six digits of displayed weight,
 * six of tare (left out in the "short" continuous output), CR, and an optional checksum (two's
 * complement of the low seven bits of the sum of every byte before it).
 */
const STX = 0x02;
const CR = 0x0d;
/** STX + 3 status words + 6 + 6 digits + CR. */
const longBodyLength = 17;
/** The short continuous output: STX + 3 status words + 6 digits + CR, no tare. */
const shortBodyLength = 11;

/**
 * The length of the frame body at the buffer's start (an STX): short when a CR follows the weight,
 * long when it follows the tare; 0: no frame; undefined: wait for more. A long frame's byte where a
 * short one's CR would be is a tare digit, never a CR.
 */
function bodyLengthAt(b: Buffer): number | undefined {
  if (b.length < shortBodyLength) return undefined;
  if (b[shortBodyLength - 1] === CR) return shortBodyLength;
  if (b.length < longBodyLength) return undefined;
  return b[longBodyLength - 1] === CR ? longBodyLength : 0;
}

// Status word A, bits 0–2: where the decimal point is. 0 and 1 are dummy zeros (×100, ×10),
// 2 is none, 3–7 are one to five decimals: decimals = code − 2.
const decimalCode = (swa: number) => swa & 0b111;
// Bit 3 of A says "increment ×1"; bit 5 of A, B and C is "always 1" (some vendors send 0: never checked).
const swaBase = 0b0010_1000;
const swBase = 0b0010_0000;
const swb = { net: 1, negative: 2, outOfRange: 4, motion: 8, kg: 16 } as const;
/**
 * Status word C, bits 0–2: the expanded units. 0 is lb or kg as status word B's bit 4 says; the rest
 * name their own unit. Troy ounces (4), pennyweight (5) and custom units (7) are no weighbridge's: a
 * frame in them is not read as a weight.
 */
const swcUnits: Partial<Record<number, WeightUnit>> = { 1: 'g', 2: 't', 3: 'oz', 6: 'ton' };
const swcUnitMask = 0b111;

const checksumOf = (bytes: Uint8Array): number => {
  let sum = 0;
  for (const byte of bytes) sum += byte;
  return -sum & 0x7f;
};

const checksumHolds = (frame: Buffer, bodyLength: number): boolean =>
  checksumOf(frame.subarray(0, bodyLength)) === ((frame[bodyLength] ?? 0) & 0x7f);

export type ToledoChecksum = 'auto' | 'on' | 'off';

/** Bytes an indicator may put between two frames (CR LF, NUL padding) that learning still sees past. */
const fillerBytesTolerated = 4;

/** After this many checksum failures in a row, a learned "checksum on" is unlearned (the setting changed). */
const failuresBeforeRelearning = 8;

/**
 * Frames on STX and length, never on CR: the checksum byte can be 0x0D (or 0x02). No stock
 * @serialport parser fits: the delimiter parsers would split on such a checksum, and these frames
 * carry no length field for the packet-length parser. Whether a checksum follows the CR is set, or
 * learned from the first two frames, whatever filler sits between them (`auto`).
 */
class ToledoFramer extends Transform {
  private buffer = Buffer.alloc(0);
  private checksum: boolean | undefined;
  private failuresInARow = 0;

  constructor(private readonly setting: ToledoChecksum) {
    super();
    this.checksum = setting === 'auto' ? undefined : setting === 'on';
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const start = this.buffer.indexOf(STX);
      if (start !== 0) this.emitBytes(start === -1 ? this.buffer.length : start);
      if (start === -1) break;
      const length = this.frameLength();
      if (length === undefined) break;
      // Not a frame at this STX: it is garbage, and the search resumes after it.
      this.emitBytes(length === 0 ? 1 : length);
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    this.emitBytes(this.buffer.length);
    done();
  }

  private emitBytes(count: number): void {
    if (count === 0) return;
    this.push(this.buffer.subarray(0, count));
    this.buffer = this.buffer.subarray(count);
  }

  /** The length of the frame at the buffer's start (an STX); 0: no frame there; undefined: wait for more. */
  private frameLength(): number | undefined {
    const b = this.buffer;
    const body = bodyLengthAt(b);
    if (!body) return body;
    if (this.checksum === false) return body;
    if (this.checksum === true) return b.length > body ? this.countChecksum(b, body) : undefined;
    return this.learnChecksum(body);
  }

  /**
   * Learns whether a checksum follows the CR from this frame and the next one. Indicators may put
   * bytes between frames (LF, CR LF, NUL): the next frame is the first STX within a few bytes after
   * this one's CR that a CR closes a frame's length on. A checksum byte stands right after the CR and
   * holds; anything else there is filler.
   */
  private learnChecksum(body: number): number | undefined {
    const b = this.buffer;
    if (b.length < 2 * body + 1 + fillerBytesTolerated) return undefined;
    const nextFrameAt = (from: number) => {
      for (let at = from; at <= body + 1 + fillerBytesTolerated; at++)
        if (b[at] === STX && b[at + body - 1] === CR) return at;
      return undefined;
    };
    const next = nextFrameAt(body);
    if (next === undefined) return 0;
    const holds = checksumHolds(b, body);
    if (next === body) {
      // The next frame starts right after the CR, unless that STX is this frame's checksum (0x02).
      if (holds && nextFrameAt(body + 1) !== undefined) return 0;
      this.checksum = false;
    } else this.checksum = holds;
    return this.frameLength();
  }

  private countChecksum(frame: Buffer, body: number): number {
    this.failuresInARow = checksumHolds(frame, body) ? 0 : this.failuresInARow + 1;
    if (this.setting === 'auto' && this.failuresInARow >= failuresBeforeRelearning) {
      this.checksum = undefined;
      this.failuresInARow = 0;
    }
    return body + 1;
  }
}

function decode(chunk: Buffer): DecodeResult {
  const bodyLength = chunk[0] === STX ? bodyLengthAt(chunk) : 0;
  if (!bodyLength || (chunk.length !== bodyLength && chunk.length !== bodyLength + 1)) {
    return garbage(chunk.length);
  }
  if (chunk.length > bodyLength && !checksumHolds(chunk, bodyLength)) {
    return { kind: 'checksum-error', raw: chunk, garbageBytes: 0 };
  }
  const [a = 0, b = 0, c = 0] = chunk.subarray(1, 4);
  const digits = chunk.subarray(4, 10).toString('latin1');
  const tareDigits = bodyLength === longBodyLength ? chunk.subarray(10, 16).toString('latin1') : '0';
  if (!/^ *\d+$/.test(digits) || !/^ *\d*$/.test(tareDigits)) return garbage(chunk.length);
  const expandedUnit = c & swcUnitMask;
  const unit = expandedUnit === 0 ? (b & swb.kg ? 'kg' : 'lb') : swcUnits[expandedUnit];
  if (!unit) return garbage(chunk.length);
  const decimals = decimalCode(a) - 2;
  const negative = (b & swb.negative) !== 0;
  const scaled = (text: string) =>
    Number((Number(text.trim()) * 10 ** -decimals).toFixed(Math.max(decimals, 0)));
  const tare = scaled(tareDigits);
  const frame: IndicatorFrame = {
    weight: (negative ? -1 : 1) * scaled(digits) || 0,
    unit,
    decimals,
    mode: b & swb.net ? 'net' : 'gross',
    motion: (b & swb.motion) !== 0,
    range: b & swb.outOfRange ? (negative ? 'under' : 'over') : 'ok',
    // The tare field: what the terminal holds, in the weight's unit and decimals (zero: none).
    ...(tare ? { tare } : {}),
  };
  return { kind: 'frame', frame, raw: chunk, garbageBytes: 0 };
}

/** One frame; `checksum` appends the checksum byte; `short` leaves the tare field out (else no tare is zeros). */
export function encodeToledo(
  frame: IndicatorFrame,
  options: { checksum?: boolean; short?: boolean } = {},
): Buffer {
  const { weight, unit, decimals } = frame;
  if (weight === null) throw new RangeError('toledo frames always carry a weight');
  if (!Number.isInteger(decimals) || decimals < -2 || decimals > 5) {
    throw new RangeError(`toledo frames cannot show ${decimals} decimals`);
  }
  const expandedUnit =
    unit === 'kg' || unit === 'lb'
      ? 0
      : Number(Object.entries(swcUnits).find(([, swcUnit]) => swcUnit === unit)?.[0]);
  const countsOf = (value: number) => {
    const counts = Math.round(Math.abs(value) * 10 ** decimals);
    if (counts > 999_999) throw new RangeError(`${value} does not fit six digits`);
    return String(counts).padStart(6, '0');
  };
  const status =
    (frame.mode === 'net' ? swb.net : 0) |
    (weight < 0 ? swb.negative : 0) |
    (frame.range !== 'ok' ? swb.outOfRange : 0) |
    (frame.motion ? swb.motion : 0) |
    (unit === 'lb' ? 0 : swb.kg);
  const body = Buffer.concat([
    Buffer.from([STX, swaBase | (decimals + 2), swBase | status, swBase | expandedUnit]),
    ascii(`${countsOf(weight)}${options.short ? '' : countsOf(frame.tare ?? 0)}\r`),
  ]);
  return options.checksum ? Buffer.concat([body, Buffer.from([checksumOf(body)])]) : body;
}

export const toledoProtocol = (checksum: ToledoChecksum = 'auto'): ScaleProtocol => ({
  name: 'toledo',
  // Toledo terminals read single ASCII characters on the port of their continuous output (WILDCAT
  // technical manual, "ASCII Input Commands"; the CTPZ input of the IND terminals): Z zero, T tare,
  // P print (C clears the tare: no operator command here).
  commands: { zero: ascii('Z'), tare: ascii('T'), print: ascii('P') },
  createFramer: () => new ToledoFramer(checksum),
  decode,
  encode: (frame) => encodeToledo(frame, { checksum: checksum !== 'off' }),
});
