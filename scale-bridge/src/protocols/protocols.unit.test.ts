import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WeightUnit } from '../units';
import { createAutoDetectReader } from './auto-detect';
import { decodeChunks } from './decode-chunks';
import type { IndicatorFrame, ProtocolName } from './protocol';
import { scaleProtocols } from './protocols';
import { readFrames } from './test-frames';

const protocols = scaleProtocols({ toledoChecksum: 'auto' });

/** The units each format can carry, and whether it can say "no weight". */
const formats: Record<ProtocolName, { units: WeightUnit[]; noWeight: boolean }> = {
  toledo: { units: ['kg', 'lb', 'g'], noWeight: false },
  sma: { units: ['kg', 'lb', 't', 'g', 'oz'], noWeight: true },
  cardinal: { units: ['kg', 'lb', 'g', 'oz'], noWeight: true },
  'rice-lake': { units: ['kg', 'lb', 't', 'g', 'oz'], noWeight: true },
  csv: { units: ['kg', 'lb', 't', 'g'], noWeight: true },
};

/**
 * Frames every format can say: out of range goes with the weight's sign and no motion (one status
 * field carries both in most formats), "no weight" with no other flag.
 */
const frameOf = (name: ProtocolName): fc.Arbitrary<IndicatorFrame> =>
  fc
    .record({
      counts: fc.integer({ min: -99_999, max: 99_999 }),
      decimals: fc.integer({ min: 0, max: 3 }),
      unit: fc.constantFrom(...formats[name].units),
      mode: fc.constantFrom('gross' as const, 'net' as const),
      motion: fc.boolean(),
      outOfRange: fc.boolean(),
      noWeight: fc.boolean().map((noWeight) => noWeight && formats[name].noWeight),
    })
    .map(({ counts, decimals, unit, mode, motion, outOfRange, noWeight }) => {
      const weight = Number((counts / 10 ** decimals).toFixed(decimals)) || 0;
      const range = outOfRange && !noWeight ? (weight < 0 ? 'under' : 'over') : 'ok';
      return {
        weight: noWeight ? null : weight,
        unit,
        decimals: noWeight ? 0 : decimals,
        mode,
        motion: motion && range === 'ok' && !noWeight,
        range,
      };
    });

/** The stream cut at random places: serial `data` events come in any pieces. */
const cut = (stream: Buffer, cuts: number[]): Buffer[] => {
  const points = [...new Set(cuts.map((at) => at % (stream.length + 1)))].sort((a, b) => a - b);
  return [...points, stream.length].map((end, i) => stream.subarray(points[i - 1] ?? 0, end));
};

const cuts = fc.array(fc.nat(), { maxLength: 40 });

describe.each(Object.keys(formats) as ProtocolName[])('%s', (name) => {
  const protocol = protocols[name];

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

  it('is detected from its first frames, in any chunking, and every frame is read', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(frameOf(name), { minLength: 3, maxLength: 8 }), cuts, async (frames, at) => {
        const stream = Buffer.concat(frames.map((each) => protocol.encode(each)));
        const detected: ProtocolName[] = [];
        const results = await decodeChunks(
          (onResult) =>
            createAutoDetectReader(Object.values(protocols), (found) => detected.push(found.name), onResult),
          cut(stream, at),
        );
        expect(detected).toEqual([name]);
        expect(results.flatMap((result) => (result.kind === 'frame' ? [result.frame] : []))).toEqual(frames);
      }),
      { numRuns: 50 },
    );
  });
});
