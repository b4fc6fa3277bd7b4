import { describe, expect, it } from 'vitest';
import { toKg } from '../units';
import { bytes, frame, readFrames } from './test-frames';
import { encodeToledo, toledoProtocol } from './toledo';

const plain = toledoProtocol('off');
const withChecksum = toledoProtocol('on');

/** STX, the status words, "012345" displayed, zero tare, CR: written out by hand, not by the encoder. */
const handFrame = (swa: number, swb: number, swc = 0x20, digits = '012345') =>
  Buffer.concat([Buffer.from([0x02, swa, swb, swc]), bytes(`${digits}000000\r`)]);

const checksummed = (body: Buffer) => {
  const sum = body.reduce((total, byte) => total + byte, 0);
  return Buffer.concat([body, Buffer.from([-sum & 0x7f])]);
};

describe('Mettler Toledo continuous output (IND terminal technical manuals, "Continuous Output")', () => {
  it('reads a frame written from the manual: SWA "4" is two decimals, SWB " " gross, positive, stable, lb', async () => {
    const { frames, garbageBytes } = await readFrames(plain, handFrame(0x34, 0x20));
    expect(frames).toEqual([frame({ weight: 123.45, unit: 'lb', decimals: 2 })]);
    expect(garbageBytes).toBe(0);
  });

  it.each([
    [0, 1234500, -2],
    [1, 123450, -1],
    [2, 12345, 0],
    [3, 1234.5, 1],
    [4, 123.45, 2],
    [5, 12.345, 3],
    [6, 1.2345, 4],
    [7, 0.12345, 5],
  ])('reads decimal code %i of status word A (dummy zeros for 0 and 1)', async (code, weight, decimals) => {
    const { frames } = await readFrames(plain, handFrame(0x28 | code, 0x30));
    expect(frames).toEqual([frame({ weight, decimals })]);
  });

  it.each([
    ['net', 0x01, { mode: 'net' }],
    ['negative', 0x02, { weight: -12345 }],
    ['out of range, positive: over', 0x04, { range: 'over' }],
    ['out of range, negative: under', 0x06, { weight: -12345, range: 'under' }],
    ['motion', 0x08, { motion: true }],
  ] as const)('reads status word B: %s', async (_name, bit, expected) => {
    const { frames } = await readFrames(plain, handFrame(0x2a, 0x30 | bit));
    expect(frames).toEqual([frame({ weight: 12345, ...expected })]);
  });

  it('reads the unit: SWB bit 4 kg or lb, else SWC bits 0–2 grams, metric tonnes, ounces, short tons', async () => {
    const { frames } = await readFrames(
      plain,
      handFrame(0x2a, 0x30),
      handFrame(0x2a, 0x20),
      handFrame(0x2a, 0x30, 0x21),
      handFrame(0x2a, 0x30, 0x22),
      handFrame(0x2a, 0x20, 0x23),
      handFrame(0x2a, 0x20, 0x26),
    );
    expect(frames.map((each) => each.unit)).toEqual(['kg', 'lb', 'g', 't', 'oz', 'ton']);
  });

  it('issue 29, defect 4: a tonne terminal (SWA two decimals, SWC metric t) showing 25.34 t is 25,340 kg', async () => {
    const { frames } = await readFrames(plain, handFrame(0x2c, 0x30, 0x22, '002534'));
    expect(frames).toEqual([frame({ weight: 25.34, unit: 't', decimals: 2 })]);
    expect(toKg(25.34, 't', 10)).toBe(25_340);
    // A short-ton terminal at 27.95 ton is 55,900 lb: 25,355.8 kg, to the kg at a 20 lb (9.07 kg) division.
    const { frames: shortTons } = await readFrames(plain, handFrame(0x2c, 0x20, 0x26, '002795'));
    expect(shortTons.map((each) => toKg(each.weight ?? 0, each.unit, 9.07))).toEqual([25_356]);
  });

  it("issue 29, defect 3: reads the tare field, in the weight's decimals, beside a net weight (SWB bit 0)", async () => {
    const net = Buffer.concat([Buffer.from([0x02, 0x2a, 0x31, 0x20]), bytes('024020014000\r')]);
    const { frames } = await readFrames(plain, net);
    expect(frames).toEqual([frame({ weight: 24_020, mode: 'net', tare: 14_000 })]);
    const tonnes = Buffer.concat([Buffer.from([0x02, 0x2c, 0x31, 0x22]), bytes('002402001400\r')]);
    expect((await readFrames(plain, tonnes)).frames).toEqual([
      frame({ weight: 24.02, decimals: 2, unit: 't', mode: 'net', tare: 14 }),
    ]);
  });

  it('WILDCAT technical manual "ASCII Input Commands": Z zero, T tare, P print, one character each', () => {
    expect(plain.commands).toEqual({ zero: bytes('Z'), tare: bytes('T'), print: bytes('P') });
  });

  it('does not read troy ounces, pennyweight or custom units (SWC 4, 5, 7) as a weight', async () => {
    const { frames, garbageBytes } = await readFrames(
      plain,
      handFrame(0x2a, 0x30, 0x24),
      handFrame(0x2a, 0x30, 0x25),
      handFrame(0x2a, 0x30, 0x27),
    );
    expect(frames).toEqual([]);
    expect(garbageBytes).toBe(3 * 17);
  });

  it('does not reject frames whose "always 1" bits are 0 (vendors differ)', async () => {
    const { frames } = await readFrames(plain, handFrame(0x03, 0x10 | 0x08, 0x00));
    expect(frames).toEqual([frame({ weight: 1234.5, decimals: 1, motion: true })]);
  });

  it('checks the checksum: the right one passes, a wrong one is counted and the frame dropped', async () => {
    const good = checksummed(handFrame(0x2a, 0x30));
    const bad = Buffer.from(good);
    bad[bad.length - 1] = ((bad.at(-1) ?? 0) + 1) & 0x7f;
    const { frames, checksumErrors, garbageBytes } = await readFrames(withChecksum, good, bad, good);
    expect(frames).toEqual([frame({ weight: 12345 }), frame({ weight: 12345 })]);
    expect(checksumErrors).toBe(1);
    expect(garbageBytes).toBe(0);
  });

  it('frames on STX and length: a checksum byte of CR (0x0D) or STX (0x02) ends its frame', async () => {
    const cr = { weight: 69_999, encoded: encodeToledo(frame({ weight: 69_999 }), { checksum: true }) };
    const stx = { weight: 899_999, encoded: encodeToledo(frame({ weight: 899_999 }), { checksum: true }) };
    expect([cr.encoded.at(-1), stx.encoded.at(-1)]).toEqual([0x0d, 0x02]);
    const next = encodeToledo(frame({ weight: 5 }), { checksum: true });
    const { frames, checksumErrors, garbageBytes } = await readFrames(
      withChecksum,
      Buffer.concat([cr.encoded, stx.encoded, next]),
    );
    expect(frames.map((each) => each.weight)).toEqual([cr.weight, stx.weight, 5]);
    expect(checksumErrors + garbageBytes).toBe(0);
  });

  it('skips and counts garbage between frames, STX and CR in it included, and resyncs on the next STX', async () => {
    const noise = Buffer.from([0x41, 0x02, 0x0d, 0x31, 0x02, 0x7f]);
    const one = encodeToledo(frame({ weight: 100 }), { checksum: true });
    const two = encodeToledo(frame({ weight: 200 }), { checksum: true });
    const { frames, garbageBytes, checksumErrors } = await readFrames(
      withChecksum,
      noise,
      one,
      noise,
      two,
      noise,
    );
    expect(frames.map((each) => each.weight)).toEqual([100, 200]);
    expect(garbageBytes).toBe(3 * noise.length);
    expect(checksumErrors).toBe(0);
  });

  it('learns from the first frames whether a checksum follows the CR (auto)', async () => {
    const stream = (checksum: boolean) =>
      Buffer.concat([1, 2, 3].map((weight) => encodeToledo(frame({ weight }), { checksum })));
    for (const checksum of [true, false]) {
      const { frames, garbageBytes, checksumErrors } = await readFrames(
        toledoProtocol('auto'),
        stream(checksum),
      );
      expect(frames.map((each) => each.weight)).toEqual([1, 2, 3]);
      expect(garbageBytes + checksumErrors).toBe(0);
    }
  });

  it('issue 29, defect 7: learns the checksum setting though bytes sit between frames (LF, NUL, CR LF)', async () => {
    for (const filler of [[0x0a], [0x00], [0x0d, 0x0a]])
      for (const checksum of [true, false]) {
        const stream = [1, 2, 3, 4].map((weight) =>
          Buffer.concat([encodeToledo(frame({ weight }), { checksum }), Buffer.from(filler)]),
        );
        const { frames, checksumErrors, garbageBytes } = await readFrames(toledoProtocol('auto'), ...stream);
        const what = `checksum ${checksum}, filler ${filler}`;
        // The last frame has no next one to learn from before the stream ends; the first three are read.
        expect(frames.map((each) => each.weight).slice(0, 3), what).toEqual([1, 2, 3]);
        expect(checksumErrors, what).toBe(0);
        expect(garbageBytes, what).toBeGreaterThanOrEqual(3 * filler.length);
      }
  });

  it('issue 29, defect 8: reads the short continuous output (no tare field), with or without a checksum', async () => {
    // STX, SWA "*" (×1, no decimals), SWB "0" (kg, gross, stable), SWC " ", 025340, CR: 11 bytes.
    const short = Buffer.concat([Buffer.from([0x02, 0x2a, 0x30, 0x20]), bytes('025340\r')]);
    const { frames: plainFrames } = await readFrames(plain, short, short);
    expect(plainFrames).toEqual([frame({ weight: 25_340 }), frame({ weight: 25_340 })]);
    const { frames: summed, checksumErrors } = await readFrames(withChecksum, checksummed(short));
    expect(summed).toEqual([frame({ weight: 25_340 })]);
    expect(checksumErrors).toBe(0);
    for (const checksum of [true, false]) {
      const stream = [1, 2, 3, 4].map((weight) => encodeToledo(frame({ weight }), { checksum, short: true }));
      const { frames, garbageBytes } = await readFrames(toledoProtocol('auto'), ...stream);
      expect(frames.map((each) => each.weight).slice(0, 3), `checksum ${checksum}`).toEqual([1, 2, 3]);
      expect(garbageBytes).toBe(0);
    }
  });

  it('learns again when the checksums stop (the indicator was reconfigured)', async () => {
    const stream = (checksum: boolean, count: number) =>
      Array.from({ length: count }, (_, i) => encodeToledo(frame({ weight: i }), { checksum }));
    const { frames } = await readFrames(toledoProtocol('auto'), ...stream(true, 3), ...stream(false, 30));
    expect(frames.length).toBeGreaterThan(3 + 10);
    expect(frames.at(-1)?.weight).toBe(29);
  });

  it('encodes what it decodes, and refuses what the format cannot say', () => {
    const encoded = encodeToledo(
      frame({ weight: -12.5, unit: 'lb', decimals: 1, mode: 'net', motion: true }),
    );
    expect(encoded.toString('latin1')).toBe('\x02++ 000125000000\r');
    expect(() => encodeToledo(frame({ weight: null }))).toThrow(RangeError);
    expect(encodeToledo(frame({ weight: 25.34, unit: 't', decimals: 2 }))[3]).toBe(0x22);
    expect(() => encodeToledo(frame({ weight: 1_000_000 }))).toThrow(RangeError);
  });
});
