import { Transform, type TransformCallback } from 'node:stream';
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

/** Frames that end with one byte (Cardinal 738's ETX, a template's last character), bounded. */
export const createDelimiterFramer = (delimiter: Buffer | string) =>
  new BoundedDelimiterParser({ delimiter, includeDelimiter: true });

/** Frames of the ASCII protocols end with CR (some add LF, which starts the next chunk). */
export const createCrFramer = () => createDelimiterFramer('\r');

const CR = 0x0d;
const LF = 0x0a;

/**
 * Lines that end with CR, CR LF or LF alone (the CSV streams of indicators set either way): a chunk ends
 * at whichever comes first, and the LF of a CR LF goes out alone, where the decoder drops it. Bounded as
 * the CR framer is.
 */
class LineFramer extends Transform {
  private buffer = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.findIndex((byte) => byte === CR || byte === LF);
      if (end === -1) break;
      this.push(this.buffer.subarray(0, end + 1));
      this.buffer = this.buffer.subarray(end + 1);
    }
    if (this.buffer.length > 4 * maxFrameLength) {
      this.push(this.buffer.subarray(0, this.buffer.length - maxFrameLength));
      this.buffer = this.buffer.subarray(this.buffer.length - maxFrameLength);
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.buffer.length > 0) this.push(this.buffer);
    done();
  }
}

export const createLineFramer = () => new LineFramer();
