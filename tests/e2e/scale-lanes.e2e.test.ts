import { testAdmin } from '@portal/api/test/portal';
import { bridgeReading, keepReporting, scaleWithKey, sendBridgeReport } from '@portal/api/test/scale-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, screenshot } from '../support/browser';
import { useBrowserPortal } from '../support/browser-portal';

// A scale out for 3 s is alerted here (a minute in production: SCALE_ALERT_AFTER_MS).
const test = useBrowserPortal({}, { env: { SCALE_ALERT_AFTER_MS: '3000' } });
const bridges: { stop(): void }[] = [];
const reporting = (key: string, weightKg: number, stable: boolean) =>
  bridges.push(keepReporting(test.portal, key, () => bridgeReading(weightKg, stable)));

beforeAll(async () => {
  // Every toast's text as it appears, to count them at the end (a string: this file is typed without the DOM).
  await test.page.addInitScript(`
    window.shownToasts = [];
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.MuiSnackbarContent-message:not([data-counted])')) {
        toast.setAttribute('data-counted', '');
        window.shownToasts.push(toast.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true });
  `);
  await logIn(test.page, test.portal.url, testAdmin.username, testAdmin.password);
});
afterAll(() => {
  for (const bridge of bridges) bridge.stop();
});

const lane = (name: string) => test.page.getByTestId('scale-lane').filter({ hasText: name });

describe('the Scale page lanes, end to end in Chromium', () => {
  it('shows every scale at once (ok, in motion, disconnected), selects one by a click, and tells a scale out once, and back once', async () => {
    const north = await scaleWithKey(test.portal, test.admin, 'North bridge');
    const south = await scaleWithKey(test.portal, test.admin, 'South bridge');
    const east = await scaleWithKey(test.portal, test.admin, 'East bridge');
    reporting(north.key, 24_320, true);
    reporting(south.key, 11_480, false);
    // The east bridge reports once, then dies: disconnected 1.5 s later, alerted 3 s after that.
    expect(await sendBridgeReport(test.portal, east.key, bridgeReading(0, true))).toBe(204);

    await test.page.goto(`${test.portal.url}/scale`);
    await expect.poll(() => test.page.getByTestId('scale-lane').count()).toBe(3);
    await expect.poll(() => lane('East bridge').getByTestId('lane-alarm').textContent()).toBe('DISCONNECTED');
    await expect.poll(() => lane('South bridge').getByTestId('lane-alarm').textContent()).toBe('MOTION');
    await expect.poll(() => lane('North bridge').getByTestId('lane-stability').textContent()).toBe('Stable');
    expect(await lane('North bridge').getByTestId('lane-alarm').count()).toBe(0);
    expect(await lane('North bridge').getByTestId('lane-weight').textContent()).toMatch(/^24\s?320/);
    expect(await lane('North bridge').getByTestId('lane-details').textContent()).toMatch(
      /^Gross · In range · Reading \d+\.\d s old$/,
    );
    expect(await lane('East bridge').getByTestId('lane-status').textContent()).toMatch(
      /^Scale disconnected since \d{4}\/\d{2}\/\d{2}, \d{2}:\d{2}:\d{2}$/,
    );

    // A click on a lane chooses its scale for weighing.
    await lane('South bridge').click();
    await expect
      .poll(() => test.page.getByRole('combobox', { name: 'Scale' }).textContent())
      .toBe('South bridge');
    expect(await lane('South bridge').getByRole('button').getAttribute('aria-pressed')).toBe('true');
    expect(await lane('North bridge').getByRole('button').getAttribute('aria-pressed')).toBe('false');
    await screenshot(test.page, 'scale-lanes-1440');

    const outToast = test.page.getByText(
      /^Scale East bridge is disconnected since .*: weighing from it is refused\.$/,
    );
    await expect.poll(() => outToast.isVisible(), { timeout: 20_000 }).toBe(true);
    await screenshot(test.page, 'scale-lanes-alert-1440', { fullPage: false });
    await test.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(test.page, 'scale-lanes-390');

    // The east bridge comes back: one 'back' toast, and the alert is not repeated.
    reporting(east.key, 0, true);
    await expect
      .poll(() => test.page.getByText('Scale East bridge is back.').isVisible(), { timeout: 30_000 })
      .toBe(true);
    await test.page.waitForTimeout(6000);
    const toasts = (await test.page.evaluate('window.shownToasts')) as string[];
    expect(toasts.filter((text) => text.includes('East bridge'))).toEqual([
      expect.stringMatching(/^Scale East bridge is disconnected since/),
      'Scale East bridge is back.',
    ]);
    await test.page.setViewportSize({ width: 1440, height: 900 });
  });
});
