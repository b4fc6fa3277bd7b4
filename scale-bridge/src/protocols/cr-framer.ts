import { DelimiterParser } from '@serialport/parser-delimiter';

/** Longest run kept while waiting for a CR: every frame here is far shorter. */
const maxFrameLength = 64;

/**
 * The stock delimiter parser, bounded: a stream that never sends the delimiter (wrong baud rate,
 * wrong protocol) would otherwise grow its buffer without end. Past the bound, all but the last
 * possible frame's worth of bytes go out as a chunk of their own, which decodes as garbage.
 */
class BoundedDelimiterParser extends DelimiterParser {
  override _transform(chunk: Buffer, encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    super._transform(chunk, encoding, (error) => {
      if (this.buffer.length > 4 * maxFrameLength) {
        this.push(this.buffer.subarray(0, this.buffer.length - maxFrameLength));
        this.buffer = this.buffer.subarray(this.buffer.length - maxFrameLength);
      }
      done(error);
    });
  }
}

/** Frames of the ASCII protocols end with CR (some add LF, which starts the next chunk). */
export const createCrFramer = () => new BoundedDelimiterParser({ delimiter: '\r', includeDelimiter: true });
