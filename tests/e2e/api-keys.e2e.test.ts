import { endpoints } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { useBrowserPortal } from '../support/browser-portal';
import { requestOverHttp } from '../support/http-client';

const ctx = useBrowserPortal();

/** The feed's first page, asked for with `key`. */
const feedWith = (key: string) =>
  requestOverHttp(ctx.portal.url, endpoints.getFeed, { query: {} }, { authorization: `Bearer ${key}` });

/** Issues a key on Settings → API keys; answers the key its dialog shows once. */
async function issueKey(page: Page, name: string, scopes: string[], shot?: string): Promise<string> {
  await page.getByRole('button', { name: 'Issue API key' }).click();
  const form = page.getByRole('dialog', { name: 'New API key' });
  await form.getByLabel('Name').fill(name);
  for (const scope of scopes) await form.getByLabel(scope).check();
  if (shot) await screenshot(page, shot, { fullPage: false });
  await form.getByRole('button', { name: 'Issue' }).click();
  const shown = page.getByRole('dialog', { name: 'New API key' }).getByLabel('API key');
  await expect.poll(() => shown.inputValue()).toMatch(/^pk_/);
  return shown.inputValue();
}

describe('Settings → API keys, in Chromium', () => {
  it('issues a key shown once, which the feed takes, lists it, and revokes it', async () => {
    await ctx.logInAsAdministrator();
    await ctx.page.goto(`${ctx.portal.url}/settings`);
    await expect.poll(() => ctx.page.getByText('No API keys yet.').isVisible()).toBe(true);

    // The form says what is missing rather than sending it.
    await ctx.page.getByRole('button', { name: 'Issue API key' }).click();
    await ctx.page.getByRole('button', { name: 'Issue', exact: true }).click();
    await expect.poll(() => ctx.page.getByText('Choose at least one scope').isVisible()).toBe(true);
    await ctx.page.getByRole('button', { name: 'Cancel' }).click();

    const key = await issueKey(
      ctx.page,
      'Accounting feed',
      ['Read tickets', 'Read the event feed'],
      'api-keys-new-1440',
    );
    await screenshot(ctx.page, 'api-keys-shown-once-1440', { fullPage: false });
    await ctx.page.getByRole('button', { name: 'Done' }).click();

    expect((await feedWith(key)).status).toBe(200);
    const row = ctx.page.getByRole('row', { name: /Accounting feed/ });
    await expect.poll(() => row.textContent()).toContain('Read tickets, Read the event feed');
    await expect.poll(() => ctx.page.getByText(key).count()).toBe(0);
    await screenshot(ctx.page, 'api-keys-1440');

    await ctx.withAdministratorPage({ width: 390, height: 844 }, async (page) => {
      await page.goto(`${ctx.portal.url}/settings`);
      await page.getByRole('heading', { name: 'API keys' }).scrollIntoViewIfNeeded();
      await expect.poll(() => page.getByRole('row', { name: /Accounting feed/ }).isVisible()).toBe(true);
      const width = Number(await page.evaluate('document.documentElement.scrollWidth'));
      expect(width).toBeLessThanOrEqual(390);
      await screenshot(page, 'api-keys-390');
      await issueKey(page, 'Gate kiosk', ['Receive']);
      await screenshot(page, 'api-keys-shown-once-390', { fullPage: false });
      await page.getByRole('button', { name: 'Done' }).click();
    });

    await row.getByRole('button', { name: 'Revoke' }).click();
    await ctx.page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => ctx.page.getByText('API key revoked').isVisible()).toBe(true);
    expect((await feedWith(key)).status).toBe(401);
  });
});
