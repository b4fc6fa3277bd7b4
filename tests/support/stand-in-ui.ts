import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** The stand-in's files, by path under the UI's root, for tests that compare what is served. */
export const standInUiFiles = {
  'index.html': '<!doctype html><title>Portal</title><div id="root"></div>',
  'assets/app.js': 'console.log("portal")',
} as const;

/**
 * A stand-in for the built admin UI (an index page and one asset), for API tests of what serves it; with
 * `precompressed`, a .br and a .gz beside each file, as the real build writes them.
 */
export function createStandInUi({ precompressed = false } = {}): { dist: string; remove(): void } {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'portal-ui-'));
  mkdirSync(path.join(dist, 'assets'));
  for (const [file, text] of Object.entries(standInUiFiles)) {
    writeFileSync(path.join(dist, file), text);
    if (!precompressed) continue;
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
  }
  return { dist, remove: () => rmSync(dist, { recursive: true, force: true }) };
}
