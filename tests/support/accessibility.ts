import axe, { type AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';

/** Issue 15, item 16: what the audit holds a screen to (WCAG 2.1 A and AA), and which findings fail a test. */
const runOptions = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } };
const failingImpacts = new Set(['serious', 'critical']);

/**
 * The serious and critical findings of an axe-core audit of what the page shows now, one line each
 * (screen, rule, what it asks, which element, and why it failed). The engine is injected through the
 * DevTools protocol, so the portal's Content-Security-Policy stays as it is.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const { pathname } = new URL(page.url());
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axe.source);
  const results = (await page.evaluate(
    `window.axe.run(document, ${JSON.stringify(runOptions)})`,
  )) as AxeResults;
  return results.violations
    .filter((violation) => failingImpacts.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${pathname}: ${violation.id} (${violation.impact}) ${violation.help}: ${node.target.join(' ')}. ${node.failureSummary ?? ''}`,
      ),
    );
}

// Runs in the page (a string: this file is typed without the DOM). A cancelled animation counts as ended;
// one that never ends (paused) holds the screenshot back 2 s at most.
const transitionsEnded = `Promise.race([
  Promise.all(document.getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    .map((animation) => animation.finished.catch(() => undefined))),
  new Promise((resolve) => setTimeout(resolve, 2000)),
])`;

/** Findings on the screens audited during the running test, reported when it ends. */
const findings: string[] = [];

/** Audits the screen the page shows once its transitions have ended; findings fail the running test when it ends. */
export async function auditScreen(page: Page): Promise<void> {
  if (page.isClosed() || !page.url().startsWith('http')) return;
  // Mid-fade, a toast's colours are a blend that no one reads.
  await page.evaluate(transitionsEnded);
  let found = await accessibilityViolations(page);
  if (found.length > 0) {
    // A screen may change during the audit (a button that data just enabled fades its colour in for 250 ms,
    // after the wait above): audit it again once settled. A real finding is there both times.
    await page.waitForTimeout(500);
    await page.evaluate(transitionsEnded);
    found = await accessibilityViolations(page);
  }
  findings.push(...found);
}

/**
 * For a browser test file: after each test, audits the screens `pages` still show and fails the test on
 * any serious or critical finding there or on a screen audited meanwhile (every screenshot is audited).
 */
export function auditScreensAfterEach(pages: () => (Page | undefined)[]): void {
  afterEach(async () => {
    for (const page of pages()) {
      if (!page || page.isClosed()) continue;
      // The test is over: the pointer leaves the page, so a hover tooltip that is still fading in (its delay
      // can outlast the wait for transitions) is not audited half drawn.
      await page.mouse.move(-1, -1);
      await auditScreen(page);
    }
    const found = findings.splice(0);
    expect(found, 'accessibility: serious or critical axe-core findings').toEqual([]);
  });
}
