import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { DecodeResult } from './protocol';

/** Writes the chunks into a reader (a frame reader, auto-detection) and collects every result it gives. */
export async function decodeChunks(
  createReader: (onResult: (result: DecodeResult) => void) => Writable,
  chunks: Iterable<Uint8Array>,
): Promise<DecodeResult[]> {
  const results: DecodeResult[] = [];
  const reader = createReader((result) => results.push(result));
  for (const chunk of chunks) reader.write(chunk);
  reader.end();
  await finished(reader);
  return results;
}
