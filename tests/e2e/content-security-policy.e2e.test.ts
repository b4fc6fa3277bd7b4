import { defaultUiDist } from '@portal/api';
import { bearer, runToEnd, startTestPortal, type TestPortal, testAdmin } from '@portal/api/test/portal';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectCspViolations, launchChromium, logIn, screenshot } from '../support/browser';

/**
 * The admin UI runs under the portal's Content-Security-Policy (scripts from its own origin only, no
 * framing) with nothing blocked: every screen below is opened, and each violation the browser reports
 * is collected.
 */

let portal: TestPortal;
let browser: Browser;
let page: Page;
let violations: string[];
let ticketId: number;

beforeAll(async () => {
  portal = await startTestPortal({ uiDist: defaultUiDist });
  const admin = bearer(await portal.login());
  await runToEnd(portal, admin, { method: 'POST', url: '/api/ticket/generate', payload: { from: 1, to: 2 } });
  const found = await portal.app.inject({
    method: 'POST',
    url: '/api/ticket/search',
    headers: admin,
    payload: { ticketNumber: 1 },
  });
  ticketId = found.json<{ id: number }[]>()[0]?.id ?? 0;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  violations = await collectCspViolations(page);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Opens a screen and waits until it has stopped loading. */
async function visit(path: string): Promise<void> {
  await page.goto(`${portal.url}${path}`);
  await page.waitForLoadState('networkidle');
}

describe('the Content-Security-Policy', () => {
  it('blocks nothing the admin UI does, on any screen', async () => {
    expect(ticketId).toBeGreaterThan(0);
    await visit('/');
    await logIn(page, portal.url, testAdmin.username, testAdmin.password);
    for (const tab of ['Generate', 'Export', 'Update', 'Clear', 'Bulk Receive', 'Search']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.waitForLoadState('networkidle');
    }
    await screenshot(page, 'csp-dashboard-1440');
    for (const path of [
      '/scale',
      `/ticket/${ticketId}`,
      `/ticket-log/${ticketId}`,
      `/ticket-audit/${ticketId}`,
      '/contractors',
      '/contractor-company/new',
      '/transports',
      '/transport-company/new',
      '/materials',
      '/material/new',
      '/users',
      '/user/new',
      '/settings',
      '/outbox',
      '/reports',
      '/no-such-screen',
    ]) {
      await visit(path);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await visit('/dashboard');
    await screenshot(page, 'csp-dashboard-390');

    // The public ticket link, signed out.
    const hash = (
      await portal.app.inject({
        method: 'GET',
        url: `/api/ticket/${ticketId}/hash`,
        headers: bearer(await portal.login()),
      })
    ).json<{ hash: string }>().hash;
    await page.evaluate('localStorage.clear()');
    await visit(`/ticket/${ticketId}?hash=${hash}`);
    // The API reference (Swagger UI) under its own policy.
    await visit('/api/docs');
    await page.waitForSelector('.swagger-ui');

    expect(violations).toEqual([]);

    // The collector itself sees a violation: an injected inline script, which the policy blocks.
    await visit('/dashboard');
    await page.evaluate(
      "const script = document.createElement('script'); script.textContent = 'window.injected = 1'; document.body.append(script)",
    );
    await expect.poll(() => violations.some((violation) => violation.startsWith('script-src'))).toBe(true);
    expect(await page.evaluate('window.injected')).toBeUndefined();
  });
});
