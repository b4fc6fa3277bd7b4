import { endpoints, type Ticket } from '@portal/contract';
import { ticketFormMessages, truckDispatchMessages } from '@portal/domain';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { datePicker, formInput, screenshot, typeDate } from '../support/browser';
import { useBrowserPortal } from '../support/browser-portal';

const ctx = useBrowserPortal();

let ticket: Ticket;
let soilFLOTicket: Ticket;
let hash: string;

const hashOf = async (id: number) => (await ctx.call(endpoints.getTicketByIdHash, { params: { id } })).hash;

beforeAll(async () => {
  await ctx.call(endpoints.transportCompanyCatalogue.create, { body: { name: 'Northern Haulage' } });
  await ctx.generateTickets(1, 1);
  await ctx.generateTickets(3, 3);
  await ctx.generateTickets(2, 2, { isSoilFLOTicket: true });
  ticket = await ctx.ticketNumbered(1);
  soilFLOTicket = await ctx.ticketNumbered(2);
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
    // Time loaded starts at now (D22): the other three are asked for.
    for (const message of [
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

    // Typed, not chosen (issue 32): the page lists no companies; the registered one matches in any case.
    expect(await page.getByRole('combobox').count()).toBe(0);
    expect(await page.getByText('Northern Haulage').count()).toBe(0);
    await formInput(page, 'transportCompanyName').fill('northern haulage');
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

    const dispatched = await ctx.call(endpoints.getTicketById, { params: { id: ticket.id } });
    expect(dispatched).toMatchObject({
      isDispatched: true,
      truckLicensePlate: 'AB12345',
      truckDriverName: 'Dave Driver',
      truckNumber: 'T-17',
    });
    expect(dispatched.timeLoaded).not.toBeNull();

    // The office's dashboard shows the load with its dispatch lock on.
    await ctx.logInAsAdministrator();
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
    expect((await ctx.call(endpoints.getTicketById, { params: { id: ticket.id } })).isDispatched).toBe(false);
    await lock.click();
    await expect.poll(() => ctx.page.getByText('Dispatch locked for [0] 000001').isVisible()).toBe(true);
    await expect.poll(() => lock.getAttribute('aria-pressed')).toBe('true');
    expect((await ctx.call(endpoints.getTicketById, { params: { id: ticket.id } })).isDispatched).toBe(true);

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
    const received = await ctx.ticketNumbered(3);
    const page = await openOnPhone(`/truck-dispatch/${received.id}?hash=${await hashOf(received.id)}`);
    await expect.poll(() => page.getByRole('button', { name: 'Dispatch' }).isVisible()).toBe(true);
    await ctx.call(endpoints.putTicketReceive, { body: { ticketId: received.id, source: 'dashboard' } });
    await formInput(page, 'transportCompanyName').fill('Northern Haulage');
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

describe('A haulage company the office has not registered (issue 32)', () => {
  it('is kept for the office, not created: the driver is told, and the ticket page adds and chooses it in one click', async () => {
    await ctx.generateTickets(6, 6);
    const fresh = await ctx.ticketNumbered(6);
    const page = await openOnPhone(`/truck-dispatch/${fresh.id}?hash=${await hashOf(fresh.id)}`);
    await expect.poll(() => page.getByRole('button', { name: 'Dispatch' }).isVisible()).toBe(true);
    await formInput(page, 'transportCompanyName').fill('Brand New Hauling');
    await formInput(page, 'truckDriverName').fill('Dina Driver');
    await formInput(page, 'truckLicensePlate').fill('EF34567');
    await page.getByRole('button', { name: 'Dispatch' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Truck en Route' }).isVisible()).toBe(true);
    await expect
      .poll(() =>
        page.getByText('The office will add Brand New Hauling to its haulage companies.').isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'truck-dispatch-unregistered-company-360');
    const companies = async () =>
      (await ctx.call(endpoints.getTransportcompanyAll, {})).map(({ name }) => name);
    expect(await companies()).not.toContain('Brand New Hauling');

    await ctx.logInAsAdministrator();
    for (const width of [390, 1440]) {
      await ctx.page.setViewportSize({ width, height: 900 });
      await ctx.page.goto(`${ctx.portal.url}/ticket/${fresh.id}`);
      const notice = ctx.page.getByTestId('driver-typed-company');
      await expect.poll(() => notice.isVisible()).toBe(true);
      expect(await notice.textContent()).toContain('“Brand New Hauling”, which is not registered yet');
      await screenshot(ctx.page, `ticket-driver-typed-company-${width}`);
    }
    expect(await companies()).not.toContain('Brand New Hauling');
    await ctx.page.getByRole('button', { name: 'Add “Brand New Hauling”' }).click();
    await expect.poll(companies).toContain('Brand New Hauling');
    await expect
      .poll(() => ctx.page.getByRole('combobox', { name: 'Haulage company' }).inputValue())
      .toBe('Brand New Hauling');
    expect(await ctx.page.getByTestId('driver-typed-company').textContent()).toContain(
      'is now a haulage company and is chosen below',
    );
    expect(await ctx.page.getByRole('button', { name: 'Add “Brand New Hauling”' }).count()).toBe(0);
    await screenshot(ctx.page, 'ticket-driver-typed-company-added-1440');
    // Chosen, not saved: the ticket names no company until the office saves (the API suite saves it).
    expect(
      (await ctx.call(endpoints.getTicketById, { params: { id: fresh.id } })).transportCompanyId,
    ).toBeNull();
  });
});

describe('Time loaded on the Truck Dispatch page (issue 34, D22)', () => {
  const pad = (n: number) => String(n).padStart(2, '0');
  /** A moment as the picker shows it: YYYY/MM/DD, HH:mm in the browser's (this machine's) time. */
  const shown = (moment: Date) =>
    `${moment.getFullYear()}/${pad(moment.getMonth() + 1)}/${pad(moment.getDate())}, ${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
  const pickerText = async (page: Page) =>
    `${await datePicker(page, 'Time loaded').textContent()}`.replace(/[\n\u2066-\u2069\u200e\u200f]/g, '');
  /** Either the minute of `before` or of `after` (the clock may turn between them). */
  const minuteBetween = (before: Date, after: Date) => [shown(before), shown(after)];

  it('asks nothing of a time loaded the ticket has: the page shows it, the link never rewrites it (issue 32, M4), at 390 px', async () => {
    await ctx.generateTickets(5, 5);
    const loaded = await ctx.ticketNumbered(5);
    const officeTime = new Date(Date.now() - 20 * 60_000);
    await ctx.call(endpoints.putTicketEditShort, {
      body: { ticket: { id: loaded.id, timeLoaded: officeTime.toISOString() } },
    });
    const context = await ctx.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    driver = await context.newPage();
    const page = driver;
    await page.goto(`${ctx.portal.url}/truck-dispatch/${loaded.id}?hash=${await hashOf(loaded.id)}`);
    await expect.poll(() => page.getByRole('button', { name: 'Dispatch' }).isVisible()).toBe(true);
    expect(await page.getByText(shown(officeTime), { exact: true }).count()).toBe(1);
    expect(await page.getByRole('group', { name: 'Set time loaded' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Choose date/ }).count()).toBe(0);
    await screenshot(page, 'truck-dispatch-time-kept-390');
  });

  it('starts at now, takes now or a quarter-hour back in one tap, and a date picked alone keeps the time, on a 390 px touch phone', async () => {
    await ctx.generateTickets(4, 4);
    const fresh = await ctx.ticketNumbered(4);
    const before = new Date();
    const context = await ctx.browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    driver = await context.newPage();
    const page = driver;
    await page.goto(`${ctx.portal.url}/truck-dispatch/${fresh.id}?hash=${await hashOf(fresh.id)}`);
    await expect.poll(() => page.getByRole('button', { name: 'Dispatch' }).isVisible()).toBe(true);
    expect(minuteBetween(before, new Date())).toContain(await pickerText(page));
    await screenshot(page, 'truck-dispatch-time-loaded-390');

    // One tap: half an hour ago.
    const tappedAt = new Date();
    await page
      .getByRole('group', { name: 'Set time loaded' })
      .getByRole('button', { name: '30 min ago' })
      .tap();
    const halfHourBack = (moment: Date) => new Date(moment.getTime() - 30 * 60_000);
    expect(minuteBetween(halfHourBack(tappedAt), halfHourBack(new Date()))).toContain(await pickerText(page));
    const chosen = await pickerText(page);

    // The picker: a date alone keeps the time already there, never 00:00.
    await page.getByRole('button', { name: /^Choose date/ }).tap();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await screenshot(page, 'truck-dispatch-time-picker-390', { fullPage: false });
    const today = new Date();
    const otherDay = today.getDate() === 1 ? 2 : today.getDate() - 1;
    await dialog.getByRole('gridcell', { name: String(otherDay), exact: true }).tap();
    // The phone's picker goes on to the time, which it keeps as it was.
    await dialog.getByRole('button', { name: 'Next', exact: true }).tap();
    await dialog.getByRole('button', { name: 'OK', exact: true }).tap();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const afterDate = await pickerText(page);
    expect(afterDate.slice(-5)).toBe(chosen.slice(-5));
    expect(afterDate.slice(8, 10)).toBe(pad(otherDay));
  });
});
