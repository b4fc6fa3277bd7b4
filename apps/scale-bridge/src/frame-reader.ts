import type { Transform } from 'node:stream';
import type { DecodeResult, ScaleProtocol } from './protocols/protocol';

/** Bytes in (write or pipe them, in any pieces), one decoded result per frame or run of garbage out. */
export function createFrameReader(
  protocol: ScaleProtocol,
  onResult: (result: DecodeResult) => void,
): Transform {
  const framer = protocol.createFramer();
  framer.on('data', (chunk: Buffer) => {
    const result = protocol.decode(chunk);
    // A lone LF (the CR LF tail of the stream's last frame) is neither frame nor garbage.
    if (result.kind !== 'garbage' || result.garbageBytes > 0) onResult(result);
  });
  return framer;
}
