import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The house reads top-down: apps/ run, packages/ are shared. An app imports packages and never another
// app; a package imports only the packages listed before it here, so no arrow runs back up.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const packagesBottomUp = [
  'audit-verifier',
  'domain',
  'contract',
  'observability',
  'event-store',
  'projections',
];
const apps = readdirSync(path.join(root, 'apps'));

/** Every `@portal/<name>` a folder's TypeScript imports (static, dynamic or re-exported), with where. */
function portalImports(folder: string): { imported: string; file: string }[] {
  const found: { imported: string; file: string }[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name))
        for (const match of readFileSync(full, 'utf8').matchAll(/(?:from|import\()\s*'@portal\/([a-z-]+)/g))
          found.push({ imported: match[1] ?? '', file: path.relative(root, full) });
    }
  };
  walk(path.join(root, folder));
  return found;
}

const upwardImports = (folder: string, allowed: readonly string[]) =>
  portalImports(folder)
    .filter(({ imported }) => !allowed.includes(imported))
    .map(({ imported, file }) => `${file} imports @portal/${imported}`);

/** The API's engines, which every feature uses, and its features, which use them. */
const apiEngines = ['jobs', 'write-side', 'catalogue', 'observability', 'plugins'];
const apiFeatures = readdirSync(path.join(root, 'apps/api/src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && ![...apiEngines, 'cli'].includes(entry.name))
  .map((entry) => entry.name);

/**
 * The imports of a feature's folder in a folder's non-test files: `../tickets/…` from `jobs/`. The type of
 * the infrastructure the composition root hands every route (`plugins/infrastructure.ts`) may name the
 * features' services it holds, as types only: it runs none of their code.
 */
function featureImports(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.includes('.test.')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const typesOnly = file.endsWith(path.join('plugins', 'infrastructure.ts'));
    for (const match of readFileSync(file, 'utf8').matchAll(/^(import type )?.*from '\.\.\/([a-z-]+)\//gm))
      if (apiFeatures.includes(match[2] ?? '') && !(typesOnly && match[1]))
        found.push(`${path.relative(root, file)} imports ../${match[2]}`);
  }
  return found;
}

describe('the layers', () => {
  it('has the apps and packages it describes', () => {
    expect(apps.sort()).toEqual(['admin-ui', 'api', 'scale-bridge']);
    expect(readdirSync(path.join(root, 'packages')).sort()).toEqual([...packagesBottomUp].sort());
  });

  it.each(packagesBottomUp)('packages/%s imports only the packages below it', (name) => {
    const below = packagesBottomUp.slice(0, packagesBottomUp.indexOf(name));
    expect(upwardImports(`packages/${name}`, [name, ...below])).toEqual([]);
  });

  it.each(apps)('apps/%s imports packages and itself, never another app', (name) => {
    expect(upwardImports(`apps/${name}`, [name, ...packagesBottomUp])).toEqual([]);
  });

  it.each(apiEngines)(
    "the API's %s/ knows no feature: features hand it their work where the portal is composed",
    (engine) => {
      expect(featureImports(`apps/api/src/${engine}`)).toEqual([]);
    },
  );

  it("keeps the auditors' verifier standalone: one file that imports only Node's own modules", () => {
    const verifier = readFileSync(path.join(root, 'packages/audit-verifier/verify-audit-export.mjs'), 'utf8');
    const imported = [...verifier.matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((match) => match[1]);
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((name) => !name?.startsWith('node:'))).toEqual([]);
  });

  it('finds imports where they are', () => {
    // The scans themselves: the API imports the read models, and its composition root the features.
    expect(portalImports('apps/api').some(({ imported }) => imported === 'projections')).toBe(true);
    expect(apiFeatures).toEqual(expect.arrayContaining(['tickets', 'reports', 'mail', 'soilflo']));
    const composition = readFileSync(path.join(root, 'apps/api/src/job-registry.ts'), 'utf8');
    expect(composition).toMatch(/from '\.\/tickets\//);
  });
});
