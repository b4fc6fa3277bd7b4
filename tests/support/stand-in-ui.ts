import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A stand-in for the built admin UI (an index page and one asset), for API tests of what serves it. */
export function createStandInUi(): { dist: string; remove(): void } {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'portal-ui-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("portal")');
  return { dist, remove: () => rmSync(dist, { recursive: true, force: true }) };
}
