import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The written word keeps up with the code (issue 30, item 6): every link in the README and docs/, and
// every file path they name in backticks, exists. A path given within a section about one package may
// name its file from that package's folder (`plugins/session-users.ts`): it must end a tracked file's path.
// A comment or doc that sends the reader to a doc's section (`docs/rules.md, "Ticket numbers"`) names a
// doc that exists and a heading it has.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');
/** Written when the portal or the bench runs, never committed. */
const writtenAtRunTime = new Set(['bench/results/latest.json']);

const docs = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
  'tests/event-corpus/README.md',
];

function namedPaths(doc: string): { kind: 'link' | 'path'; target: string }[] {
  const text = readFileSync(path.join(root, doc), 'utf8');
  const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^(https?:|mailto:)/.test(target))
    .map((target) => ({ kind: 'link' as const, target }));
  const paths = [...text.matchAll(/`([\w.@-]+(?:\/[\w.@-]+)+\/?)`/g)]
    .map((match) => match[1] ?? '')
    // Files: a source, doc, data or script name, or a folder (trailing /). Not run-time paths under an
    // environment variable (DATA_DIR/secrets.json) or build output.
    .filter((target) => /\.(ts|tsx|mjs|md|json|ya?ml|sh)$|\/$/.test(target))
    .filter((target) => !/^[A-Z_]+\//.test(target) && !target.startsWith('dist/'))
    .map((target) => ({ kind: 'path' as const, target }));
  return [...links, ...paths];
}

const exists = (doc: string, target: string) =>
  writtenAtRunTime.has(target) ||
  existsSync(path.join(root, target)) ||
  existsSync(path.join(root, path.dirname(doc), target)) ||
  tracked.some((file) => (target.endsWith('/') ? file.includes(`/${target}`) : file.endsWith(`/${target}`)));

/** The doc a reference names, from the file that names it: `docs/x.md` from the root, `x.md` beside a doc. */
function referencedDoc(from: string, name: string): string {
  if (name.includes('/') || !from.startsWith('docs/')) return name;
  return existsSync(path.join(root, 'docs', name)) ? `docs/${name}` : name;
}

/** A doc's headings, without their #s. */
const headings = (doc: string) =>
  [...readFileSync(path.join(root, doc), 'utf8').matchAll(/^#+\s+(.+)$/gm)].map((match) => match[1] ?? '');

/** The text of a source file's comments: whole comment lines and what follows `//` on a code line. */
const commentText = (text: string) =>
  text
    .split('\n')
    .map((line) => (/^\s*(\/\/|\/\*|\*)/.test(line) ? line : (line.split(' // ')[1] ?? '')))
    .join('\n');

/** Every doc and doc section that a comment or doc names, with where it was named. */
function docReferences(): { from: string; doc: string; section: string | null }[] {
  const sources = tracked.filter(
    (file) =>
      /\.(ts|tsx)$/.test(file) && !file.startsWith('tests/docs/') && existsSync(path.join(root, file)),
  );
  return [...docs, ...sources].flatMap((from) => {
    const raw = readFileSync(path.join(root, from), 'utf8');
    const text = from.endsWith('.md') ? raw : commentText(raw);
    return [...text.matchAll(/((?:docs\/)?[\w-]+\.md)\b[`)\]]*(?:,\s*["'“]([^"'”\n]+)["'”])?/g)].map(
      (match) => ({
        from,
        doc: referencedDoc(from, match[1] ?? ''),
        section: match[2] ?? null,
      }),
    );
  });
}

describe('the docs', () => {
  it.each(docs)('%s names only files and links that exist', (doc) => {
    expect(namedPaths(doc).filter(({ target }) => !exists(doc, target))).toEqual([]);
  });

  it('are named, with their sections, only as they exist', () => {
    const references = docReferences();
    const missing = references.filter(
      ({ doc, section }) =>
        !existsSync(path.join(root, doc)) ||
        (section !== null && !headings(doc).some((heading) => heading.startsWith(section))),
    );
    expect(missing).toEqual([]);
    expect(references.filter(({ section }) => section !== null).length).toBeGreaterThan(10);
  });

  it('are read for links and paths at all', () => {
    expect(docs.flatMap(namedPaths).length).toBeGreaterThan(80);
  });
});
