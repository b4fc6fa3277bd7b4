import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The contract is the route table: the admin UI and the test kits call the API through the typed
// client (`call`; `clientOfPortal`, `injectionOf`), never by a path typed as a string or an answer cast
// to a type. Comments may name paths.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const callers = ['apps/admin-ui/src', 'apps/api/test', 'tests/support'];

function sources(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** Each line of `folder`'s files that `pattern` finds, as `file:line: text`. */
function linesMatching(folder: string, pattern: RegExp): string[] {
  return sources(folder).flatMap((file) =>
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        pattern.test(line) && !/^\s*(\/\/|\/?\*)/.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
}

describe('calls through the typed client', () => {
  it.each(callers)('%s names no API path in a string', (folder) => {
    expect(linesMatching(folder, /['"`]\/api\//)).toEqual([]);
  });

  it.each(callers)('%s casts no answer (`apiRequest<T>`, `.json<T>()`)', (folder) => {
    expect(linesMatching(folder, /apiRequest<|\.json<|\bok<|\bpost</)).toEqual([]);
  });
});
