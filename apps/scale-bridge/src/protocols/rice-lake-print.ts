import { Transform, type TransformCallback } from 'node:stream';
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
import { riceLakeCommands } from './rice-lake';

/**
 * Rice Lake demand print and EDP replies, as the 880 technical manual ("Default Print Formats",
 * "Normal Mode Commands") and the 920i installation manual describe them:
 * - a demand print (PRINT key, KPRINT) is a ticket: GFMT `GROSS<G><NL2><TD><NL>` without a tare,
 *   NFMT `GROSS<G><NL>TARE<SP><T><NL>NET<SP2><N><NL2><TD><NL>` with one. A weight is 8 characters
 *   (sign and decimal point included), a space and the units: lb, kg, oz, tn (short tons), t
 *   (metric tonnes), g, and on the 920i lt (long tons). OIML and Canada modes print PT after a
 *   preset tare. A ticket prints at standstill: its weights are read as not in motion.
 * - the reply to XG (transmit gross weight in displayed units) is `nnnnnnn UU`: a gross weight with
 *   no status, so no motion flag (motion null: the bridge judges stability by the hold rule).
 * The bridge polls XG, never XN: XG gives the gross even while a tare is held, which is what a
 * weighbridge records, and an XN or XT reply looks the same as an XG one, so they could not be told apart.
 */
const units: UnitCodes = { kg: 'kg', lb: 'lb', t: 't', tn: 'ton', lt: 'long-ton', g: 'g', oz: 'oz' };

type Label = 'GROSS' | 'TARE' | 'NET';

interface WeightLine {
  label: Label | null;
  weight: number;
  decimals: number;
  unit: string;
}

const weightLinePattern =
  /^\s*(?:(?<label>GROSS|TARE|NET)\s*)?(?<weight>[-+]?\s*[\d.]+)\s+(?<unit>[a-z]{1,3})(?:\s+PT)?\s*$/i;

function readLine(text: string): WeightLine | null {
  const groups = weightLinePattern.exec(text)?.groups;
  const parsed = groups ? parseWeight(groups.weight ?? '') : null;
  if (!groups || !parsed || !unitFromCode(units, groups.unit ?? '')) return null;
  const label = (groups.label?.toUpperCase() as Label | undefined) ?? null;
  return { label, ...parsed, unit: groups.unit ?? '' };
}

const CR = 0x0d;
const LF = 0x0a;
const isEnd = (byte: number | undefined) => byte === CR || byte === LF;
/** Longest line kept while waiting for its end: a ticket line is far shorter. */
const maxLineLength = 128;

/** The line after a ticket line that belongs to the same ticket: TARE after GROSS, NET after TARE. */
const continues = (held: Label, next: Label | null) =>
  (held === 'GROSS' && next === 'TARE') || (held === 'TARE' && next === 'NET');

/**
 * Lines ending with CR, LF or CR LF, one chunk each, except that a ticket's GROSS, TARE and NET lines
 * go out as one chunk: the reading they make is the gross (or net) with the tare they print. A
 * ticket ends at its NET line, at a blank line (the default formats' <NL2>) or at a line of
 * another kind. The second byte of a CR LF (or LF CR) pair is the end of the line before, not a
 * blank line.
 */
class TicketFramer extends Transform {
  private buffer = Buffer.alloc(0);
  private ticket: Buffer[] = [];
  private heldLabel: Label | null = null;
  private pairTail: number | undefined;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.findIndex(isEnd);
      if (end === -1) break;
      const line = this.buffer.subarray(0, end + 1);
      this.buffer = this.buffer.subarray(end + 1);
      this.line(line);
    }
    if (this.buffer.length > maxLineLength) {
      this.release();
      this.push(this.buffer);
      this.buffer = Buffer.alloc(0);
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    this.release();
    if (this.buffer.length > 0) this.push(this.buffer);
    done();
  }

  private line(line: Buffer): void {
    const terminator = line.at(-1);
    if (line.length === 1 && terminator === this.pairTail) {
      this.pairTail = undefined;
      if (this.heldLabel) this.ticket.push(line);
      else this.push(line);
      return;
    }
    this.pairTail = terminator === CR ? LF : CR;
    const label = line.length === 1 ? null : (readLine(line.toString('latin1'))?.label ?? null);
    if (this.heldLabel && continues(this.heldLabel, label)) {
      this.ticket.push(line);
      this.heldLabel = label;
      if (label === 'NET') this.release();
      return;
    }
    if (line.length === 1 && this.heldLabel) {
      this.ticket.push(line);
      this.release();
      return;
    }
    this.release();
    if (label === 'GROSS' || label === 'TARE') {
      this.ticket.push(line);
      this.heldLabel = label;
    } else this.push(line);
  }

  private release(): void {
    if (this.ticket.length > 0) this.push(Buffer.concat(this.ticket));
    this.ticket = [];
    this.heldLabel = null;
  }
}

/** The chunk's lines with where each starts: a ticket's lines, or one line. */
function linesOf(text: string): { text: string; start: number; length: number }[] {
  const lines = [];
  const pattern = /[^\r\n]*(?:\r\n|\n\r|\r|\n|$)/g;
  for (let match = pattern.exec(text); match && match[0] !== ''; match = pattern.exec(text)) {
    lines.push({ text: match[0], start: match.index, length: match[0].length });
  }
  return lines;
}

function decode(chunk: Buffer): DecodeResult {
  const weights: Partial<Record<Label | 'reply', WeightLine>> = {};
  let garbageBytes = 0;
  let blankBytes = 0;
  let start: number | undefined;
  for (const line of linesOf(chunk.toString('latin1'))) {
    if (line.text.trim() === '') {
      blankBytes += line.length;
      continue;
    }
    const read = readLine(line.text);
    if (!read) garbageBytes += line.length;
    else {
      weights[read.label ?? 'reply'] = read;
      start ??= line.start;
    }
  }
  const main = weights.GROSS ?? weights.NET ?? weights.reply;
  const unit = main && unitFromCode(units, main.unit);
  // Line ends and blank lines are neither frame nor garbage.
  if (!main || !unit || start === undefined) return garbage(chunk.length - blankBytes);
  const tare = weights.TARE && unitFromCode(units, weights.TARE.unit) === unit ? weights.TARE.weight : 0;
  const frame: IndicatorFrame = {
    weight: main.weight,
    unit,
    decimals: main.decimals,
    mode: main === weights.NET ? 'net' : 'gross',
    motion: main === weights.reply ? null : false,
    range: 'ok',
    ...(tare ? { tare } : {}),
  };
  return { kind: 'frame', frame, raw: chunk.subarray(start), garbageBytes };
}

const printed = (label: string, weight: number, frame: IndicatorFrame, code: string) =>
  `${label}${weight.toFixed(Math.max(frame.decimals, 0)).padStart(8)} ${code}\r\n`;

/**
 * A frame with no motion flag as the reply to XG, any other as a ticket: GROSS (and TARE) for a gross
 * frame, (TARE and) NET for a net one, then the blank line the default formats end with.
 */
function encodeRiceLakePrint(frame: IndicatorFrame): Buffer {
  const { weight, tare } = frame;
  if (weight === null || frame.range !== 'ok' || frame.motion === true) {
    throw new RangeError('Rice Lake prints and XG replies carry only a weight at standstill');
  }
  const code = unitCode(units, frame.unit, 'rice-lake-print');
  if (frame.motion === null) {
    if (frame.mode === 'net' || tare) throw new RangeError('an XG reply is a gross weight without a tare');
    return ascii(printed('', weight, frame, code));
  }
  const tareLine = tare ? printed('TARE', tare, frame, code) : '';
  const lines =
    frame.mode === 'gross'
      ? `${printed('GROSS', weight, frame, code)}${tareLine}`
      : `${tareLine}${printed('NET', weight, frame, code)}`;
  return ascii(`${lines}\r\n`);
}

export const riceLakePrintProtocol: ScaleProtocol = {
  name: 'rice-lake-print',
  poll: ascii('XG\r'),
  pollOnly: true,
  commands: riceLakeCommands,
  createFramer: () => new TicketFramer(),
  decode,
  encode: encodeRiceLakePrint,
};
