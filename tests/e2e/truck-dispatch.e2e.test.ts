import type { Ticket } from '@portal/contract';
import { ticketFormMessages, truckDispatchMessages } from '@portal/domain';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { datePicker, formInput, screenshot, typeDate } from '../support/browser';
import {
  logInAsAdministrator,
  runAsAdministrator,
  ticketNumbered,
  useBrowserPortal,
} from '../support/browser-portal';

const ctx = useBrowserPortal();

let ticket: Ticket;
let soilFLOTicket: Ticket;
let hash: string;

const hashOf = async (id: number) => (await ctx.api<{ hash: string }>('GET', `/api/ticket/${id}/hash`)).hash;

beforeAll(async () => {
  await ctx.api('POST', '/api/transportcompany/new', { name: 'Northern Haulage' });
  await runAsAdministrator(ctx, '/api/ticket/generate', { from: 1, to: 1 });
  await runAsAdministrator(ctx, '/api/ticket/generate', { from: 3, to: 3 });
  await runAsAdministrator(ctx, '/api/ticket/generate', { from: 2, to: 2, isSoilFLOTicket: true });
  ticket = await ticketNumbered(ctx, 1);
  soilFLOTicket = await ticketNumbered(ctx, 2);
  hash = await hashOf(ticket.id);
});

let driver: Page | undefined;
afterEach(async () => {
  await driver?.context().close();
  driver = undefined;
});

/** A driver's phone: a context of its own, so no one is signed in, 360 px wide. */
async function openOnPhone(path: string): Promise<Page> {
  const context = await ctx.browser.newContext({ viewport: { width: 360, height: 740 } });
  driver = await context.newPage();
  await driver.goto(`${ctx.portal.url}${path}`);
  return driver;
}

const heightOf = async (page: Page, selector: string) =>
  (await page.locator(selector).first().boundingBox())?.height;

describe('Truck Dispatch page', () => {
  it('checks the form with the spec texts, dispatches the truck and shows it en route', async () => {
    const page = await openOnPhone(`/truck-dispatch/${ticket.id}?hash=${hash}`);
    await expect.poll(() => page.getByRole('heading', { name: '[0] 000001' }).isVisible()).toBe(true);
    expect(await page.getByRole('link').count()).toBe(0);
    await screenshot(page, 'truck-dispatch-form-360');

    await page.getByRole('button', { name: 'Dispatch' }).click();
    for (const message of [
      ticketFormMessages.timeLoadedRequired,
      truckDispatchMessages.haulageCompanyRequired,
      ticketFormMessages.driverNameRequired,
      ticketFormMessages.licensePlateRequired,
    ]) {
      await expect.poll(() => page.getByText(message, { exact: true }).isVisible(), { message }).toBe(true);
    }
    // Touch targets of 48 px and more.
    expect(await heightOf(page, 'button[type="submit"]')).toBeGreaterThanOrEqual(48);
    expect(await heightOf(page, '.MuiInputBase-root')).toBeGreaterThanOrEqual(48);
    await screenshot(page, 'truck-dispatch-errors-360');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'truck-dispatch-errors-1440');
    await page.setViewportSize({ width: 360, height: 740 });

    await page.getByRole('combobox', { name: 'Haulage company' }).fill('North');
    await page.getByRole('option', { name: 'Northern Haulage' }).click();
    await formInput(page, 'truckNumber').fill('T-17');
    await formInput(page, 'truckDriverName').fill('Dave Driver');
    await formInput(page, 'truckDriverNumber').fill('(416)555-0100');
    const plate = formInput(page, 'truckLicensePlate');
    await plate.pressSequentially('ab123456');
    expect(await plate.inputValue()).toBe('AB12345');
    // Loaded this minute, in the browser's (this machine's) local time: today on the dashboard. Not
    // earlier: the dashboard decides "today" for the dispatch lock by the browser's calendar day, the
    // server by the site's, and a time before the browser's midnight (a CI run at 00:05 UTC typed
    // 23:55) showed the row without its lock.
    await typeDate(datePicker(page, 'Time loaded'), new Date());
    await screenshot(page, 'truck-dispatch-filled-360');

    await page.getByRole('button', { name: 'Dispatch' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Truck en Route' }).isVisible()).toBe(true);
    for (const shown of ['[0] 000001', 'AB12345', 'Northern Haulage', 'T-17', 'Dave Driver']) {
      expect(await page.getByText(shown, { exact: true }).isVisible(), shown).toBe(true);
    }
    await screenshot(page, 'truck-dispatch-en-route-360');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'truck-dispatch-en-route-1440');

    const dispatched = await ctx.api<Ticket>('GET', `/api/ticket/${ticket.id}`);
    expect(dispatched).toMatchObject({
      isDispatched: true,
      truckLicensePlate: 'AB12345',
      truckDriverName: 'Dave Driver',
      truckNumber: 'T-17',
    });
    expect(dispatched.timeLoaded).not.toBeNull();

    // The office's dashboard shows the load with its dispatch lock on.
    await logInAsAdministrator(ctx);
    const row = ctx.page.getByRole('row', { name: /\[0\] 000001/ });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole('button', { name: 'Dispatch lock' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await screenshot(ctx.page, 'truck-dispatch-dashboard-1440');

    // The office unlocks the dispatch from the row, and locks it again.
    const lock = row.getByRole('button', { name: 'Dispatch lock' });
    await lock.click();
    await expect.poll(() => ctx.page.getByText('Dispatch unlocked for [0] 000001').isVisible()).toBe(true);
    await expect.poll(() => lock.getAttribute('aria-pressed')).toBe('false');
    expect((await ctx.api<Ticket>('GET', `/api/ticket/${ticket.id}`)).isDispatched).toBe(false);
    await lock.click();
    await expect.poll(() => ctx.page.getByText('Dispatch locked for [0] 000001').isVisible()).toBe(true);
    await expect.poll(() => lock.getAttribute('aria-pressed')).toBe('true');
    expect((await ctx.api<Ticket>('GET', `/api/ticket/${ticket.id}`)).isDispatched).toBe(true);

    // Opened again, the link shows the truck en route.
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Truck en Route' }).isVisible()).toBe(true);
  });

  it('says a wrong or missing link is not valid and shows none of the ticket', async () => {
    for (const path of [`/truck-dispatch/${ticket.id}?hash=wrong${hash}`, `/truck-dispatch/${ticket.id}`]) {
      const page = await openOnPhone(path);
      await expect
        .poll(() => page.getByText('This link is not valid').isVisible(), { message: path })
        .toBe(true);
      expect(await page.getByText('000001').count()).toBe(0);
      expect(await page.getByText('AB12345').count()).toBe(0);
      expect(await page.locator('form, input').count()).toBe(0);
      await screenshot(page, 'truck-dispatch-invalid-link-360');
      await driver?.context().close();
    }
  });

  it('shows a ticket received while the form was open as received, and no form', async () => {
    const received = await ticketNumbered(ctx, 3);
    const page = await openOnPhone(`/truck-dispatch/${received.id}?hash=${await hashOf(received.id)}`);
    await expect.poll(() => page.getByRole('button', { name: 'Dispatch' }).isVisible()).toBe(true);
    await ctx.api('PUT', '/api/ticket/receive', { ticketId: received.id, source: 'dashboard' });
    await page.getByRole('combobox', { name: 'Haulage company' }).fill('North');
    await page.getByRole('option', { name: 'Northern Haulage' }).click();
    await formInput(page, 'truckDriverName').fill('Dave Driver');
    await formInput(page, 'truckLicensePlate').fill('CD67890');
    // Loaded ten minutes ago, in the browser's (this machine's) local time: today on the dashboard.
    await typeDate(datePicker(page, 'Time loaded'), new Date(Date.now() - 10 * 60_000));
    await page.getByRole('button', { name: 'Dispatch' }).click();
    await expect.poll(() => page.getByText('Already received').isVisible()).toBe(true);
    expect(await page.locator('form, input').count()).toBe(0);
    await screenshot(page, 'truck-dispatch-received-360');
  });

  it('shows only the SoilFLO message for a SoilFLO load', async () => {
    const page = await openOnPhone(
      `/truck-dispatch/${soilFLOTicket.id}?hash=${await hashOf(soilFLOTicket.id)}`,
    );
    await expect
      .poll(() => page.getByText(truckDispatchMessages.externalLoad, { exact: true }).isVisible())
      .toBe(true);
    expect(await page.locator('form, input').count()).toBe(0);
    expect(await page.getByRole('button').count()).toBe(0);
    await screenshot(page, 'truck-dispatch-soilflo-360');
  });
});
