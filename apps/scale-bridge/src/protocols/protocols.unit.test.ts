import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WeightUnit } from '../units';
import { createAutoDetection } from './auto-detect';
import { decodeChunks } from './decode-chunks';
import type { IndicatorFrame, ProtocolName } from './protocol';
import { detectableProtocols, scaleProtocol } from './protocols';
import { frame, readFrames } from './test-frames';

const settings = {
  toledoChecksum: 'auto',
  template: '<STX><P><W8><SP><U><M><S><T8><CR><LF>',
} as const;
const silent = { info: () => {}, warn: () => {} };

/** What each format can say, so the frames generated for it are ones it can carry. */
interface Format {
  units: WeightUnit[];
  /** It can say "no weight" (dashes, invalid, busy). */
  noWeight: boolean;
  /** It carries a tare. */
  tare?: boolean;
  /** MT-SICS: the mode is the scale's setting, not the frame's. */
  mode?: IndicatorFrame['mode'];
  /** Rice Lake prints: no range, no motion (printed at standstill) or no flag (XG replies). */
  print?: boolean;
  /** MT-SICS: a frame with a weight is in range (S + and S - carry none). */
  rangeOnlyWithoutWeight?: boolean;
}

const tonnages: WeightUnit[] = ['kg', 'lb', 't', 'ton', 'g', 'oz'];
const formats: Record<ProtocolName, Format> = {
  toledo: { units: tonnages, noWeight: false, tare: true },
  sma: { units: tonnages, noWeight: true },
  cardinal: { units: tonnages, noWeight: true },
  'cardinal-738': { units: tonnages, noWeight: true },
  'rice-lake': { units: ['kg', 'lb', 't', 'g', 'oz'], noWeight: true },
  'rice-lake-print': { units: [...tonnages, 'long-ton'], noWeight: false, tare: true, print: true },
  'mt-sics': {
    units: ['kg', 'lb', 't', 'g', 'oz'],
    noWeight: true,
    mode: 'net',
    rangeOnlyWithoutWeight: true,
  },
  csv: { units: ['kg', 'lb', 't', 'g'], noWeight: true },
  template: { units: [...tonnages, 'long-ton'], noWeight: true, tare: true },
};

/**
 * Frames a format can say: out of range goes with the weight's sign and no motion (one status field
 * carries both in most formats), "no weight" with no other flag.
 */
const frameOf = (name: ProtocolName): fc.Arbitrary<IndicatorFrame> => {
  const format = formats[name];
  return fc
    .record({
      counts: fc.integer({ min: -99_999, max: 99_999 }),
      tareCounts: fc.integer({ min: 0, max: 99_999 }),
      decimals: fc.integer({ min: 0, max: 3 }),
      unit: fc.constantFrom(...format.units),
      mode: fc.constantFrom('gross' as const, 'net' as const),
      motion: fc.boolean(),
      outOfRange: fc.boolean(),
      noWeight: fc.boolean(),
      reply: fc.boolean(),
    })
    .map(
      ({ counts, tareCounts, decimals, unit, mode, motion, outOfRange, noWeight, reply }): IndicatorFrame => {
        const scaled = (value: number) => Number((value / 10 ** decimals).toFixed(decimals)) || 0;
        if (format.print) {
          // An XG reply: a gross weight, no flag, no tare; a ticket: at standstill, with or without a tare.
          return reply
            ? { weight: scaled(counts), unit, decimals, mode: 'gross', motion: null, range: 'ok' }
            : {
                weight: scaled(counts),
                unit,
                decimals,
                mode,
                motion: false,
                range: 'ok',
                ...(tareCounts ? { tare: scaled(tareCounts) } : {}),
              };
        }
        const blank = noWeight && format.noWeight;
        const weight = blank ? null : scaled(counts);
        const range =
          outOfRange && (format.rangeOnlyWithoutWeight ? blank : !blank)
            ? (weight ?? counts) < 0
              ? 'under'
              : 'over'
            : 'ok';
        return {
          weight,
          unit: blank && format.rangeOnlyWithoutWeight ? 'kg' : unit,
          decimals: blank ? 0 : decimals,
          mode: format.mode ?? mode,
          motion: motion && range === 'ok' && !blank,
          range,
          ...(format.tare && tareCounts && !blank ? { tare: scaled(tareCounts) } : {}),
        };
      },
    );
};

/** The stream cut at random places: serial `data` events come in any pieces. */
const cut = (stream: Buffer, cuts: number[]): Buffer[] => {
  const points = [...new Set(cuts.map((at) => at % (stream.length + 1)))].sort((a, b) => a - b);
  return [...points, stream.length].map((end, i) => stream.subarray(points[i - 1] ?? 0, end));
};

const cuts = fc.array(fc.nat(), { maxLength: 40 });

describe.each(Object.keys(formats) as ProtocolName[])('%s', (name) => {
  const protocol = scaleProtocol(name, settings);

  it('decodes what it encodes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(frameOf(name), { minLength: 3, maxLength: 12 }), async (frames) => {
        const stream = Buffer.concat(frames.map((each) => protocol.encode(each)));
        const read = await readFrames(protocol, stream);
        expect(read).toEqual({ frames, garbageBytes: 0, checksumErrors: 0 });
      }),
    );
  });

  it('reads the same from any chunking of a stream, garbage and all', async () => {
    const stream = fc
      .array(fc.tuple(frameOf(name), fc.uint8Array({ maxLength: 12 })), { minLength: 3, maxLength: 10 })
      .map((parts) => Buffer.concat(parts.flatMap(([each, noise]) => [protocol.encode(each), noise])));
    await fc.assert(
      fc.asyncProperty(stream, cuts, async (bytes, at) => {
        expect(await readFrames(protocol, ...cut(bytes, at))).toEqual(await readFrames(protocol, bytes));
      }),
    );
  });

  // A template describes a site's own stream: it is configured (SCALE_TEMPLATE), never detected.
  if (name === 'template')
    it('is never a candidate of auto: a template is configured, not detected', () => {
      expect(detectableProtocols(settings).map((each) => each.name)).not.toContain('template');
    });
  else
    it('is detected from its first frames, in any chunking, and every frame is read', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(frameOf(name), { minLength: 3, maxLength: 8 }),
          cuts,
          async (frames, at) => {
            const stream = Buffer.concat(frames.map((each) => protocol.encode(each)));
            const detected: string[] = [];
            const log = {
              info: (line: string) => detected.push(line),
              warn: (line: string) => detected.push(line),
            };
            const results = await decodeChunks(
              (onResult) => createAutoDetection(detectableProtocols(settings), log).createReader(onResult),
              cut(stream, at),
            );
            expect(detected).toEqual([`detected the ${name} protocol`]);
            expect(results.flatMap((result) => (result.kind === 'frame' ? [result.frame] : []))).toEqual(
              frames,
            );
          },
        ),
        { numRuns: 50 },
      );
    });
});

describe('auto', () => {
  const candidates = detectableProtocols(settings);
  const toledo = scaleProtocol('toledo', settings);
  const sma = scaleProtocol('sma', settings);

  it('issue 29: polls each format that speaks only when asked, in turn, until it has detected one', async () => {
    const auto = createAutoDetection(candidates, silent);
    const polls = Array.from({ length: 6 }, () => auto.nextPoll()?.toString('latin1'));
    expect(polls).toEqual(['\nW\r', '\x05', 'XG\r', 'SI\r\n', '\nW\r', '\x05']);
    await decodeChunks(
      (onResult) => auto.createReader(onResult),
      [Buffer.concat([1, 2, 3].map(() => sma.encode(frame())))],
    );
    expect(auto.protocol?.name).toBe('sma');
    expect(auto.nextPoll()?.toString('latin1')).toBe('\nW\r');
    // A streaming format detected is not polled.
    const streaming = createAutoDetection(candidates, silent);
    await decodeChunks(
      (onResult) => streaming.createReader(onResult),
      [Buffer.concat([1, 2, 3].map(() => toledo.encode(frame())))],
    );
    expect(streaming.nextPoll()).toBeUndefined();
  });

  it('issue 29: detects again, and says so, when another indicator is cabled in (bytes arrive, none fit)', async () => {
    const lines: string[] = [];
    const log = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
    const auto = createAutoDetection(candidates, log);
    const toledoStream = Buffer.concat(Array.from({ length: 5 }, () => toledo.encode(frame())));
    const csvStream = Buffer.concat(
      Array.from({ length: 40 }, () => scaleProtocol('csv', settings).encode(frame({ weight: 20_000 }))),
    );
    // Serial reads come in pieces: the switch is noticed in one, the new format detected in the next.
    const pieces = Array.from({ length: Math.ceil(csvStream.length / 64) }, (_, i) =>
      csvStream.subarray(i * 64, (i + 1) * 64),
    );
    const results = await decodeChunks((onResult) => auto.createReader(onResult), [toledoStream, ...pieces]);
    expect(lines[0]).toBe('detected the toledo protocol');
    expect(lines[1]).toMatch(/^no toledo frame in the last \d+ bytes: detecting the protocol again$/);
    expect(lines[2]).toBe('detected the csv protocol');
    expect(auto.protocol?.name).toBe('csv');
    expect(results.filter((result) => result.kind === 'frame').at(-1)).toMatchObject({
      frame: { weight: 20_000 },
    });
    // The next opening of the port starts from what it now sees.
    const again = await decodeChunks((onResult) => auto.createReader(onResult), [csvStream.subarray(0, 18)]);
    expect(again).toMatchObject([{ kind: 'frame', frame: { weight: 20_000 } }]);
  });
});
