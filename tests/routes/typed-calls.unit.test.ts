import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The contract is the route table: the admin UI, the test kits and the browser suites call the API through
// the typed client (`call`; `clientOfPortal`, `injectionOf`, `clientOverHttp`), never by a path typed as a
// string or an answer cast to a type. Comments may name paths.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const callers = ['apps/admin-ui/src', 'apps/api/test', 'tests/support'];
const browserSuites = 'tests/e2e';

/** The TypeScript files under `folder`: its test files when `tests`, else the rest. */
function sources(folder: string, tests: boolean): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && /\.test\.tsx?$/.test(entry.name) === tests,
    )
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** Each line of `files` that `pattern` finds, as `file:line: text`. */
function linesMatching(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        pattern.test(line) && !/^\s*(\/\/|\/?\*)/.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
}

const apiPathInString = /['"`]\/api\//;
const answerCast = /apiRequest<|\.json<|\bok<|\bpost<|\bapi<|\.json\(\)\)? as\b/;

describe('calls through the typed client', () => {
  it.each(callers)('%s names no API path in a string', (folder) => {
    expect(linesMatching(sources(folder, false), apiPathInString)).toEqual([]);
  });

  it.each(callers)('%s casts no answer (`apiRequest<T>`, `.json<T>()`)', (folder) => {
    expect(linesMatching(sources(folder, false), answerCast)).toEqual([]);
  });

  it('the browser suites call no API path named in a string', () => {
    const notCalls = [
      // Watching what the browser asks for: the UI's own requests, filtered by their path.
      /\b(request|response)(\(\))?\.url\(\)/,
      // The API reference (Swagger UI) is a page, visited like a screen.
      /\bvisit\('\/api\/docs'\)/,
    ];
    const calls = linesMatching(sources(browserSuites, true), apiPathInString).filter(
      (line) => !notCalls.some((pattern) => pattern.test(line)),
    );
    expect(calls).toEqual([]);
  });

  it('the browser suites cast no answer (`ctx.api<T>`, `.json<T>()`)', () => {
    expect(linesMatching(sources(browserSuites, true), answerCast)).toEqual([]);
  });
});
