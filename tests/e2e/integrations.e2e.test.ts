import { startWebhookReceiver, type WebhookReceiver } from '@portal/api/test/webhook-receiver';
import { endpoints } from '@portal/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { useBrowserPortal } from '../support/browser-portal';

// Issue 33: Settings → Integrations in Chromium at a desktop's and a phone's width: adding a webhook shows
// its secret once, a paused one is announced, and a webhook's deliveries show how each attempt went.
const ctx = useBrowserPortal(
  {},
  {
    env: {
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_RETRY_MAX_MS: '100',
      WEBHOOK_GIVE_UP_AFTER_MS: '300',
      WEBHOOK_RELAY_INTERVAL_MS: '50',
    },
  },
);
let failing: WebhookReceiver;
let working: WebhookReceiver;

beforeAll(async () => {
  failing = await startWebhookReceiver();
  failing.answer({ status: 500 });
  working = await startWebhookReceiver();
  await ctx.call(endpoints.postWebhookNew, {
    body: { url: failing.url, eventTypes: ['ticket.generated'], description: 'Accounting (down)' },
  });
  await ctx.generateTickets(1, 1);
});
afterAll(async () => {
  await failing?.close();
  await working?.close();
});

/** How far the page is wider than the window (0: nothing scrolls sideways). */
const overflow = async (page: Page) =>
  Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'));

describe('Settings → Integrations, in Chromium', () => {
  it('adds a webhook and shows its secret once, at 1440 px', async () => {
    const page = ctx.page;
    const paused = async () => (await ctx.call(endpoints.getWebhookAll, {}))[0]?.state;
    await expect.poll(paused, { timeout: 20_000 }).toBe('paused');
    await ctx.logInAsAdministrator();
    await page.getByRole('menuitem', { name: 'Integrations' }).click();
    await page.getByText(`Deliveries to ${failing.url} kept failing`).waitFor();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'New webhook' });
    await dialog.getByLabel('URL').fill(working.url);
    await dialog.getByLabel('Description').fill('Hauler dispatch board');
    await dialog.getByLabel('ticket.received').check();
    await dialog.getByLabel('ticket.rejected').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const secret = page.getByRole('dialog', { name: 'Signing secret' });
    await expect.poll(() => secret.getByRole('textbox').inputValue()).toMatch(/^whsec_/);
    await screenshot(page, 'integrations-secret-1440', { fullPage: false });
    await secret.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('link', { name: working.url }).waitFor();
    expect(await overflow(page)).toBe(0);
    await screenshot(page, 'integrations-1440');
    await page.getByRole('link', { name: failing.url }).click();
    await page.getByRole('heading', { name: `Deliveries to ${failing.url}` }).waitFor();
    await page.getByRole('cell', { name: 'ticket.generated' }).waitFor();
    await page.getByRole('cell', { name: '500', exact: true }).waitFor();
    expect(await overflow(page)).toBe(0);
    await screenshot(page, 'integrations-deliveries-1440');
    // By state: the failing delivery is under Failing, and none is delivered.
    await page.getByRole('button', { name: 'Delivered', exact: true }).click();
    await page.getByText('No deliveries here.').waitFor();
    await page.getByRole('button', { name: 'Failing', exact: true }).click();
    await page.getByRole('cell', { name: '500', exact: true }).waitFor();
    await screenshot(page, 'integrations-deliveries-failing-1440', { fullPage: false });
    await page.getByRole('button', { name: 'All', exact: true }).click();
    // Replay from a time: the dialog asks from when (an hour ago to start with) and says what it sent again.
    await page.getByRole('button', { name: 'Replay from…' }).click();
    const replay = page.getByRole('dialog', { name: 'Replay the events from a time' });
    expect(await replay.getByLabel('From').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await screenshot(page, 'integrations-replay-1440', { fullPage: false });
    await replay.getByRole('button', { name: 'Replay' }).click();
    await page.getByText(/^Sent again: \d+ events?$/).waitFor();
  });

  it('shows the list, the banner and the deliveries without widening the page, at 390 px', async () => {
    await ctx.withAdministratorPage({ width: 390, height: 844 }, async (page) => {
      await page.goto(`${ctx.portal.url}/integrations`);
      await page.getByText(`Deliveries to ${failing.url} kept failing`).waitFor();
      await page.getByRole('link', { name: working.url }).waitFor();
      expect(await overflow(page)).toBe(0);
      await screenshot(page, 'integrations-390');
      await page.getByRole('link', { name: failing.url }).click();
      await page.getByRole('cell', { name: '500', exact: true }).waitFor();
      expect(await overflow(page)).toBe(0);
      await screenshot(page, 'integrations-deliveries-390');
    });
  });
});
