import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * Waits while `stream` is full (until it drains), or until `reader` goes away (a closed download), which
 * ends the report: a report's writers take the next rows only once what they wrote has moved on.
 */
export async function roomIn(stream: Writable, reader: Writable = stream): Promise<void> {
  if (stream.writableNeedDrain && !reader.destroyed) {
    const done = new AbortController();
    await Promise.race([
      once(stream, 'drain', { signal: done.signal }),
      once(reader, 'close', { signal: done.signal }),
    ]).finally(() => done.abort());
  }
  if (reader.destroyed) throw new Error('report export: the reader closed the stream');
}
