import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium); never a downloaded browser build. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps trying to reach Google on this closed network.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Playwright gives every launch a fresh, temporary profile. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
    headless: true,
  });
}

/** Saves a full-page screenshot under test-results/ for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.resolve('test-results', `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
