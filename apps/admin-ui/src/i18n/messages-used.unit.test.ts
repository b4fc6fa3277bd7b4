import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';

/** Every source file of the admin UI but the tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const lookUp = (key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

/**
 * Untranslated keys once reached the screen ('portal.errors.unexpected' on the ticket page): the
 * translator lets a missing key through as text, so every key the code names must be in the catalogue.
 * Keys built at run time (`portal.tickets.fields.${source}`) end in a dot here and are left out.
 */
describe('the message catalogue', () => {
  it('holds every portal.* and ra.* key the code names', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const missing: string[] = [];
    for (const file of sourceFiles(root)) {
      const text = readFileSync(file, 'utf8');
      for (const [, key] of text.matchAll(/['"`]((?:portal|ra)\.[A-Za-z0-9_.]+)['"`]/g)) {
        // A key naming a branch (`portal.tickets.log`) is a namespace the code builds keys under.
        if (key && !key.endsWith('.') && lookUp(key) === undefined)
          missing.push(`${path.relative(root, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
