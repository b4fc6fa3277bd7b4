import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createFrameReader } from '../frame-reader';
import type { DecodeResult, ScaleProtocol } from './protocol';

/** Frames a protocol must decode from the stream before it is taken. */
const framesToDecide = 3;
/** Results kept per candidate while undecided (runs of garbage are merged). */
const resultsKept = 64;

/**
 * The `auto` protocol: every candidate's framer reads the same bytes; the first to decode three
 * frames wins, its results so far are replayed and it alone reads on. The formats differ in start
 * bytes, lengths and field shapes, so a stream of one decodes as garbage in the others.
 */
export function createAutoDetectReader(
  candidates: readonly ScaleProtocol[],
  onDetected: (protocol: ScaleProtocol) => void,
  onResult: (result: DecodeResult) => void,
): Writable {
  let decided = false;
  const trials = candidates.map((protocol) => {
    const seen: DecodeResult[] = [];
    let frames = 0;
    const reader = createFrameReader(protocol, (result) => {
      if (decided) {
        onResult(result);
        return;
      }
      const last = seen.at(-1);
      if (result.kind === 'garbage' && last?.kind === 'garbage') last.garbageBytes += result.garbageBytes;
      else if (seen.length < resultsKept || result.kind === 'frame') seen.push(result);
      if (result.kind !== 'frame' || ++frames < framesToDecide) return;
      decided = true;
      for (const other of trials) if (other !== reader) other.destroy();
      onDetected(protocol);
      for (const earlier of seen) onResult(earlier);
    });
    return reader;
  });
  // A candidate can lose while the others read the same chunk: check each one as it comes.
  const live = () => trials.filter((reader) => !reader.destroyed);
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const reader of trials) if (!reader.destroyed) reader.write(chunk);
      done();
    },
    final(done) {
      const readers = live();
      for (const reader of readers) reader.end();
      // Losers destroyed while the last bytes are read end early: that is no failure.
      Promise.allSettled(readers.map((reader) => finished(reader))).then(() => done());
    },
    destroy(error, done) {
      for (const reader of trials) reader.destroy();
      done(error);
    },
  });
}
