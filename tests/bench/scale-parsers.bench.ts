import { performance } from 'node:perf_hooks';
import type { Writable } from 'node:stream';
import { createFrameReader } from '../../apps/scale-bridge/src/frame-reader';
import { createAutoDetection } from '../../apps/scale-bridge/src/protocols/auto-detect';
import { decodeChunks } from '../../apps/scale-bridge/src/protocols/decode-chunks';
import type { DecodeResult, ScaleProtocol } from '../../apps/scale-bridge/src/protocols/protocol';
import { detectableProtocols } from '../../apps/scale-bridge/src/protocols/protocols';
import { truckScaleAt } from '../../apps/scale-bridge/src/simulator/truck-cycle';
import { type BenchRow, mustBeZero, perSecond, row } from './report';

const name = 'scale-parsers';
const frameCount = 50_000;
const maxChunk = 32;

/** A seeded generator: every run cuts the stream at the same places. */
function chunkSizes(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return 1 + (state % maxChunk);
  };
}

/** The stream a truck scale sends over `frameCount` frames at 10 Hz, in the protocol's encoding. */
function truckStream(protocol: ScaleProtocol): Buffer {
  const frames = Array.from({ length: frameCount }, (_, i) => {
    const { weightKg, motion } = truckScaleAt(i * 100);
    // A Rice Lake indicator polled with XG answers with no motion flag.
    const flag = protocol.name === 'rice-lake-print' ? null : motion;
    return protocol.encode({
      weight: weightKg,
      unit: 'kg',
      decimals: 0,
      mode: 'gross',
      motion: flag,
      range: 'ok',
    });
  });
  return Buffer.concat(frames);
}

/** Serial reads arrive in pieces: the stream cut into 1–32-byte chunks. */
function cut(stream: Buffer): Buffer[] {
  const next = chunkSizes(7);
  const chunks: Buffer[] = [];
  for (let at = 0; at < stream.length; ) {
    const end = Math.min(at + next(), stream.length);
    chunks.push(stream.subarray(at, end));
    at = end;
  }
  return chunks;
}

async function measure(
  label: string,
  createReader: (onResult: (result: DecodeResult) => void) => Writable,
  stream: Buffer,
): Promise<BenchRow[]> {
  const chunks = cut(stream);
  await decodeChunks(createReader, chunks.slice(0, 2000)); // warm-up
  const started = performance.now();
  const results = await decodeChunks(createReader, chunks);
  const elapsed = performance.now() - started;
  const frames = results.filter((result) => result.kind === 'frame').length;
  const garbage = results.reduce((sum, result) => sum + result.garbageBytes, 0);
  return [
    row(name, `${label}: frames parsed`, perSecond(frames, elapsed), 'frames/s'),
    row(name, `${label}: bytes parsed`, perSecond(stream.length, elapsed) / 2 ** 20, 'MiB/s'),
    mustBeZero(name, `${label}: frames lost of ${frameCount}`, frameCount - frames),
    mustBeZero(name, `${label}: garbage bytes`, garbage, 'bytes'),
  ];
}

/**
 * Frames per second each protocol's parser stream (framer and decoder) reads from a truck
 * scale's stream cut into 1–32-byte chunks, and the same through auto-detection (all the
 * decoders until one wins). An indicator sends 10–20 frames a second.
 */
export async function scaleParsersBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const protocol of detectableProtocols({ toledoChecksum: 'on' })) {
    const stream = truckStream(protocol);
    rows.push(...(await measure(protocol.name, (onResult) => createFrameReader(protocol, onResult), stream)));
  }
  const auto = detectableProtocols({ toledoChecksum: 'auto' });
  const silent = { info: () => {}, warn: () => {} };
  rows.push(
    ...(await measure(
      'toledo via auto',
      (onResult) => createAutoDetection(auto, silent).createReader(onResult),
      truckStream(auto[0] as ScaleProtocol),
    )),
  );
  return rows;
}
