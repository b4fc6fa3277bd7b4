import { type Transform, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createFrameReader } from '../frame-reader';
import type { Logger } from '../log';
import type { DecodeResult, ScaleProtocol } from './protocol';

/** Frames a protocol must decode from the stream before it is taken. */
const framesToDecide = 3;
/** Results kept per candidate while undecided (runs of garbage are merged). */
const resultsKept = 64;
/**
 * Bytes with no frame of the detected protocol among them after which the indicator is taken to have
 * changed (another one cabled in, or reconfigured), and detection starts again: several frames' worth
 * of every format, more than the text lines around a printed ticket.
 */
const redetectAfterBytes = 512;

/** The protocol the bridge reads, set or detected, across the port's openings. */
interface ProtocolChoice {
  /** The protocol set, or the one detected once one is (kept across reconnections until the bytes stop fitting it). */
  readonly protocol: ScaleProtocol | null;
  /** A reader for one opening of the port: every candidate reads while undecided, then the detected one. */
  createReader(onResult: (result: DecodeResult) => void): Writable;
  /**
   * What to send at the next poll tick: a set protocol's poll. With `auto`, while undecided, the polls of the formats that answer polls,
   * in turn (an indicator that speaks only when asked would never be heard otherwise); once decided,
   * the detected protocol's poll if it is one of those.
   */
  nextPoll(): Buffer | undefined;
}

/** A protocol set by the `protocol` setting. */
export const fixedProtocol = (protocol: ScaleProtocol): ProtocolChoice => ({
  protocol,
  createReader: (onResult) => createFrameReader(protocol, onResult),
  nextPoll: () => protocol.poll,
});

/**
 * The `auto` protocol: every candidate's framer reads the same bytes; the first to decode three
 * frames wins, its results so far are replayed and it alone reads on. The formats differ in start
 * bytes, lengths and field shapes, so a stream of one decodes as garbage in the others. When
 * `redetectAfterBytes` arrive with no frame of the detected protocol, detection starts again.
 */
export function createAutoDetection(candidates: readonly ScaleProtocol[], log: Logger): ProtocolChoice {
  let detected: ScaleProtocol | null = null;
  let pollTurn = 0;
  const pollers = candidates.filter((protocol) => protocol.poll);
  return {
    get protocol() {
      return detected;
    },
    nextPoll() {
      if (detected) return detected.pollOnly ? detected.poll : undefined;
      return pollers[pollTurn++ % pollers.length]?.poll;
    },
    createReader(onResult) {
      // Readers replaced (lost candidates, a protocol that stopped fitting) may still emit: ignored.
      let readers: Transform[] = [];
      const replace = (next: Transform[]) => {
        for (const reader of readers) if (!next.includes(reader)) reader.destroy();
        readers = next;
      };
      /** A reader of the protocol whose results go where `handler` says at the time. */
      const readerOf = (protocol: ScaleProtocol, handler: (result: DecodeResult) => void) => {
        const reader = {
          handler,
          stream: createFrameReader(protocol, (result) => {
            if (readers.includes(reader.stream)) reader.handler(result);
          }),
        };
        return reader;
      };
      /** The detected protocol reads on (in the reader that detected it, so no byte is lost). */
      const follow = (protocol: ScaleProtocol, reader = readerOf(protocol, () => {})) => {
        let unrecognised = 0;
        reader.handler = (result) => {
          onResult(result);
          unrecognised = result.kind === 'frame' ? 0 : unrecognised + result.garbageBytes;
          if (unrecognised < redetectAfterBytes) return;
          log.warn(
            `no ${protocol.name} frame in the last ${unrecognised} bytes: detecting the protocol again`,
          );
          detected = null;
          detect();
        };
        replace([reader.stream]);
      };
      const detect = () => {
        const trials = candidates.map((protocol) => {
          const seen: DecodeResult[] = [];
          let frames = 0;
          const trial = readerOf(protocol, (result) => {
            const last = seen.at(-1);
            if (result.kind === 'garbage' && last?.kind === 'garbage')
              last.garbageBytes += result.garbageBytes;
            else if (seen.length < resultsKept || result.kind === 'frame') seen.push(result);
            if (result.kind !== 'frame' || ++frames < framesToDecide) return;
            detected = protocol;
            log.info(`detected the ${protocol.name} protocol`);
            follow(protocol, trial);
            for (const earlier of seen) onResult(earlier);
          });
          return trial.stream;
        });
        replace(trials);
      };
      if (detected) follow(detected);
      else detect();
      return new Writable({
        write(chunk: Buffer, _encoding, done) {
          // A candidate can win, or the detected protocol be dropped, while another reads the same chunk.
          for (const reader of readers)
            if (!reader.destroyed && readers.includes(reader)) reader.write(chunk);
          done();
        },
        final(done) {
          const live = readers.filter((reader) => !reader.destroyed);
          for (const reader of live) reader.end();
          // Losers destroyed while the last bytes are read end early: that is no failure.
          Promise.allSettled(live.map((reader) => finished(reader))).then(() => done());
        },
        destroy(error, done) {
          replace([]);
          done(error);
        },
      });
    },
  };
}
