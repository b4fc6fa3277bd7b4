import { createDelimiterFramer } from './line-framers';
import {
  ascii,
  type IndicatorFrame,
  type ScaleProtocol,
  type StatusMeaning,
  type TextFormat,
  textProtocol,
  type UnitCodes,
  unitCode,
  unitFromCode,
} from './protocol';

/**
 * `SCALE_PROTOCOL=template`: a frame described by `SCALE_TEMPLATE`, the way indicators' own custom
 * stream and print settings describe theirs (the 920i's stream tokens `<P><W><U><M><S>`, Cardinal's
 * custom print). Characters stand for themselves; tokens in angle brackets:
 *
 * | token | matches |
 * |---|---|
 * | `<W>`, `<Wn>` | the displayed weight: digits, one decimal point, spaces, a sign (unless `<P>` gives it); `n` fixes its width; dashes: no weight |
 * | `<T>`, `<Tn>` | the tare, the same way (a zero tare is no tare) |
 * | `<P>` | polarity, one character: `-` negative, anything else positive |
 * | `<U>` | the unit: kg/K, lb/L, t (metric tonnes), tn/ton (short tons), lt (long tons), g/G, oz/O, any case |
 * | `<U:unit>` | nothing: the frame sends no unit, it is this one (`<U:kg>`, `<U:ton>`, `<U:long-ton>`) |
 * | `<M>` | the mode: N, NT or NET net, anything else gross |
 * | `<S>` | the status, one or two characters: M, MO, US motion; O, OC, OL over (under when negative); U, BZ, UL under; I, E, EE no weight; anything else valid. Without `<S>` the format has no motion flag |
 * | `<*>`, `<*n>` | any one (n) characters, skipped: fields by position |
 * | `<STX>`, `<ETX>`, `<CR>`, `<LF>`, `<SP>`, `<nnn>` | control characters, a space, a character by its decimal code |
 *
 * The template ends with the character that ends each frame (`<CR>`, `<LF>`, `<ETX>` …): the stream is
 * cut there. Example, the 920i's default stream: `<STX><P><W7><U><M><S><CR><LF>`.
 */
const named: Record<string, string> = { STX: '\x02', ETX: '\x03', CR: '\r', LF: '\n', SP: ' ' };

type Element =
  | { kind: 'literal'; text: string }
  | { kind: 'weight' | 'tare'; width?: number }
  | { kind: 'skip'; width: number }
  | { kind: 'unit'; fixed?: string }
  | { kind: 'sign' | 'mode' | 'status' };

const units: UnitCodes = {
  kg: 'kg',
  lb: 'lb',
  t: 't',
  tn: 'ton',
  ton: 'ton',
  lt: 'long-ton',
  'long-ton': 'long-ton',
  g: 'g',
  oz: 'oz',
  K: 'kg',
  L: 'lb',
  O: 'oz',
};

const statuses: Record<string, StatusMeaning> = {
  M: 'motion',
  MO: 'motion',
  US: 'motion',
  O: 'out',
  OC: 'out',
  OL: 'out',
  U: 'under',
  BZ: 'under',
  UL: 'under',
  I: 'no-weight',
  E: 'no-weight',
  EE: 'no-weight',
};

function elementOf(token: string): Element {
  const control = named[token] ?? (/^\d{1,3}$/.test(token) ? String.fromCharCode(Number(token)) : undefined);
  if (control !== undefined) return { kind: 'literal', text: control };
  const field = /^([WT*])(\d{0,2})$/.exec(token);
  if (field) {
    const width = field[2] ? Number(field[2]) : undefined;
    if (field[1] === '*') return { kind: 'skip', width: width ?? 1 };
    return { kind: field[1] === 'W' ? 'weight' : 'tare', ...(width ? { width } : {}) };
  }
  const fixedUnit = /^U:(.+)$/.exec(token)?.[1];
  if (fixedUnit !== undefined) {
    if (!unitFromCode(units, fixedUnit)) throw new RangeError(`<${token}>: no unit "${fixedUnit}"`);
    return { kind: 'unit', fixed: fixedUnit };
  }
  const simple = { P: 'sign', U: 'unit', M: 'mode', S: 'status' } as const;
  const kind = simple[token as keyof typeof simple];
  if (!kind) throw new RangeError(`unknown token <${token}>`);
  return { kind };
}

function parseTemplate(template: string): Element[] {
  const elements: Element[] = [];
  for (const [, token, text] of template.matchAll(/<([^<>]*)>|([^<>]+|[<>])/g)) {
    elements.push(token !== undefined ? elementOf(token) : { kind: 'literal', text: text ?? '' });
  }
  const count = (kind: Element['kind']) => elements.filter((each) => each.kind === kind).length;
  if (count('weight') !== 1) throw new RangeError('it needs one weight, <W> or <Wn>');
  if (count('unit') !== 1)
    throw new RangeError('it needs one unit, <U> or <U:unit> for a frame that sends none');
  for (const kind of ['tare', 'sign', 'mode', 'status'] as const)
    if (count(kind) > 1) throw new RangeError(`it has more than one ${kind}`);
  const last = elements.at(-1);
  if (last?.kind !== 'literal')
    throw new RangeError('it must end with the character that ends a frame, e.g. <CR>');
  return elements;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const numberField = (name: string, width?: number) =>
  `(?<${name}>${width ? `.{${width}}` : '[ +-]*[\\d.]+|-+'})`;

function patternOf(elements: Element[]): RegExp {
  const parts = elements.map((element) => {
    switch (element.kind) {
      case 'literal':
        return escapeRegExp(element.text);
      case 'weight':
      case 'tare':
        return numberField(element.kind, element.width);
      case 'skip':
        return `[^]{${element.width}}`;
      case 'unit':
        return element.fixed === undefined ? '(?<unit>[a-z]{1,3})' : '';
      case 'sign':
        return '(?<sign>.)';
      case 'mode':
        return '(?<mode>[a-z]{1,5})';
      case 'status':
        return '(?<status>[a-z ]{1,2})';
      default:
        return element satisfies never;
    }
  });
  // The decoder cuts the chunk's last CR or LF off before matching.
  const lastText = elements.at(-1)?.kind === 'literal' ? (parts.at(-1) ?? '') : '';
  const end = /(\r|\n)$/.test(lastText) ? lastText.slice(0, -1) : lastText;
  return new RegExp(`${parts.slice(0, -1).join('')}${end}$`, 'i');
}

/** The template's frame format and the byte frames end with, or a RangeError saying what is wrong with it. */
export function templateFormat(template: string): { format: TextFormat; end: string; elements: Element[] } {
  const elements = parseTemplate(template);
  const last = elements.at(-1);
  const end = last?.kind === 'literal' ? last.text.slice(-1) : '';
  const fixed = elements.find((each) => each.kind === 'unit')?.fixed;
  const fixedUnit = fixed === undefined ? undefined : unitFromCode(units, fixed);
  const format: TextFormat = {
    pattern: patternOf(elements),
    units,
    ...(fixedUnit ? { fixedUnit } : {}),
    net: ['N', 'NT', 'NET'],
    statuses,
    noMotionFlag: !elements.some((each) => each.kind === 'status'),
  };
  return { format, end, elements };
}

function encodeWith(elements: Element[], frame: IndicatorFrame): Buffer {
  const hasSign = elements.some((each) => each.kind === 'sign');
  const number = (value: number | null | undefined, width?: number) => {
    const text =
      value === null || value === undefined
        ? '-'.repeat(width ?? 6)
        : (hasSign ? Math.abs(value) : value).toFixed(Math.max(frame.decimals, 0));
    if (width !== undefined && text.length > width)
      throw new RangeError(`${text} does not fit ${width} characters`);
    return width ? text.padStart(width) : text;
  };
  const statusOf = () => {
    if (frame.weight === null) return 'I';
    if (frame.range === 'under') return 'U';
    if (frame.range === 'over') return 'O';
    return frame.motion ? 'M' : ' ';
  };
  const text = elements.map((element) => {
    switch (element.kind) {
      case 'literal':
        return element.text;
      case 'weight':
        return number(frame.weight, element.width);
      case 'tare':
        return number(frame.tare ?? 0, element.width);
      case 'skip':
        return ' '.repeat(element.width);
      case 'unit':
        return element.fixed === undefined ? unitCode(units, frame.unit, 'template') : '';
      case 'sign':
        return frame.weight !== null && frame.weight < 0 ? '-' : ' ';
      case 'mode':
        return frame.mode === 'net' ? 'N' : 'G';
      case 'status':
        return statusOf();
      default:
        return element satisfies never;
    }
  });
  return ascii(text.join(''));
}

export const templateProtocol = (template: string): ScaleProtocol => {
  const { format, end, elements } = templateFormat(template);
  return textProtocol(format, {
    name: 'template',
    createFramer: () => createDelimiterFramer(ascii(end)),
    encode: (frame) => encodeWith(elements, frame),
  });
};
