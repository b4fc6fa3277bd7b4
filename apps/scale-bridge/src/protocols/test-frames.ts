import { expect } from 'vitest';
import { createFrameReader } from '../frame-reader';
import { decodeChunks } from './decode-chunks';
import type { DecodeResult, IndicatorFrame, ScaleProtocol } from './protocol';

/** A frame with the usual values, and the fields a test cares about changed. */
export const frame = (fields: Partial<IndicatorFrame> = {}): IndicatorFrame => ({
  weight: 12_340,
  unit: 'kg',
  decimals: 0,
  mode: 'gross',
  motion: false,
  range: 'ok',
  ...fields,
});

export const bytes = (text: string): Buffer => Buffer.from(text, 'latin1');

/** Every result of the protocol's reader for these chunks. */
const decodeWith = (protocol: ScaleProtocol, ...chunks: Uint8Array[]): Promise<DecodeResult[]> =>
  decodeChunks((onResult) => createFrameReader(protocol, onResult), chunks);

/** The frames decoded from these bytes, and the garbage bytes and checksum errors counted on the way. */
export async function readFrames(protocol: ScaleProtocol, ...chunks: Uint8Array[]) {
  const results = await decodeWith(protocol, ...chunks);
  return {
    frames: results.flatMap((result) => (result.kind === 'frame' ? [result.frame] : [])),
    garbageBytes: results.reduce((sum, result) => sum + result.garbageBytes, 0),
    checksumErrors: results.filter((result) => result.kind === 'checksum-error').length,
  };
}

/** The chunks decode to these frames (the usual one, changed per entry) and this much garbage. */
export async function expectRead(
  protocol: ScaleProtocol,
  chunks: (string | Uint8Array)[],
  frames: Partial<IndicatorFrame>[],
  garbageBytes = 0,
) {
  const read = await readFrames(
    protocol,
    ...chunks.map((chunk) => (typeof chunk === 'string' ? bytes(chunk) : chunk)),
  );
  expect(read).toEqual({ frames: frames.map(frame), garbageBytes, checksumErrors: 0 });
}
