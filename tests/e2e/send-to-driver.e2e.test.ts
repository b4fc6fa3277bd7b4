import { mailArrived } from '@portal/api/test/report-kit';
import { serverForTestFile } from '@portal/api/test/server-for-test-file';
import { startSmtpTestReceiver } from '@portal/api/test/smtp-receiver';
import { endpoints, type Ticket } from '@portal/contract';
import { displayTicketNumber } from '@portal/domain';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formInput, screenshot } from '../support/browser';
import { useBrowserPortal } from '../support/browser-portal';
import { readQrCode } from '../support/qr-code';

// Issue 34, item 1 (D1): the office hands the driver the Truck Dispatch link: QR on screen, copy, SMS text,
// e-mail through a real SMTP server on loopback. Item 5a (D7): the digital ticket's hash cut-off is a setting.
const receiver = serverForTestFile(() => startSmtpTestReceiver());
const ctx = useBrowserPortal({}, { env: () => ({ SMTP_URL: receiver().url }) });

const widths = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
let hauler: { id: number };
let loaded: Ticket[];
let notLoaded: Ticket;

const hashOf = async (id: number) => (await ctx.call(endpoints.getTicketByIdHash, { params: { id } })).hash;
const dispatchLinkOf = async (id: number) =>
  `${ctx.portal.url}/truck-dispatch/${id}?hash=${encodeURIComponent(await hashOf(id))}`;

beforeAll(async () => {
  hauler = await ctx.call(endpoints.transportCompanyCatalogue.create, { body: { name: 'Northern Haulage' } });
  await ctx.generateTickets(1, 4);
  loaded = [];
  for (const n of [1, 2, 3]) {
    loaded.push(
      await ctx.editTicketNumbered(n, {
        jobSite: '500 Source Rd',
        timeLoaded: new Date(Date.now() - 120_000).toISOString(),
      }),
    );
  }
  notLoaded = await ctx.ticketNumbered(4);
  await ctx.page
    .context()
    .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.portal.url });
  await ctx.logInAsAdministrator();
});

let phone: Page | undefined;
afterEach(async () => {
  await phone?.context().close();
  phone = undefined;
  await ctx.page.setViewportSize(widths[0]);
});

const mailTo = (address: string, ticket: Ticket) =>
  mailArrived(receiver(), `Dispatch link for ticket ${displayTicketNumber(ticket)}`, [address]);

// Strings, not functions: this package type-checks without the DOM's types.
const clipboard = () => ctx.page.evaluate<string>('navigator.clipboard.readText()');
const sendToDriverDialog = () => ctx.page.getByRole('dialog', { name: /^Send to driver: ticket/ });
const dialogQr = () => sendToDriverDialog().locator('figure svg');

describe('Send to driver', () => {
  for (const [index, viewport] of widths.entries()) {
    it(`gives the driver the dispatch link from the ticket page at ${viewport.width} px: QR to a phone, copy, SMS text and e-mail`, async () => {
      const ticket = loaded[index] as Ticket;
      const link = await dispatchLinkOf(ticket.id);
      await ctx.page.setViewportSize(viewport);
      await ctx.page.goto(`${ctx.portal.url}/ticket/${ticket.id}`);
      await ctx.page.getByRole('button', { name: 'Send to driver' }).click();
      await expect.poll(() => dialogQr().isVisible()).toBe(true);
      expect(await readQrCode(dialogQr())).toBe(link);
      await screenshot(ctx.page, `send-to-driver-dialog-${viewport.width}`, { fullPage: false });
      // Nothing sticks out of the dialog at a phone's width.
      const overflow = await ctx.page.evaluate<number>(
        "(() => { const c = document.querySelector('[role=dialog] .MuiDialogContent-root'); return c.scrollWidth - c.clientWidth; })()",
      );
      expect(overflow).toBeLessThanOrEqual(0);

      await sendToDriverDialog().getByRole('button', { name: 'Copy link' }).click();
      await expect.poll(clipboard).toBe(link);
      await sendToDriverDialog().getByRole('button', { name: 'Copy text' }).click();
      const number = `[0] 00000${ticket.ticketNumber}`;
      await expect
        .poll(clipboard)
        .toBe(`Ticket ${number} from 500 Source Rd: open this link to dispatch your truck: ${link}`);

      const address = `driver${viewport.width}@haulers.test`;
      await sendToDriverDialog().getByLabel("Driver's e-mail").fill('not an address');
      await sendToDriverDialog().getByRole('button', { name: 'Send e-mail' }).click();
      await expect
        .poll(() =>
          sendToDriverDialog().getByText("'not an address' is not a valid email address.").isVisible(),
        )
        .toBe(true);
      await sendToDriverDialog().getByLabel("Driver's e-mail").fill(address);
      await sendToDriverDialog().getByLabel("Driver's e-mail").press('Enter');
      await expect
        .poll(() => sendToDriverDialog().getByText(`The link is on its way to ${address}.`).isVisible())
        .toBe(true);
      await screenshot(ctx.page, `send-to-driver-mailed-${viewport.width}`, { fullPage: false });
      const mail = await mailTo(address, ticket);
      expect(mail.subject).toBe(`Dispatch link for ticket ${number}`);
      expect(mail.text).toContain(link);

      // The driver's phone, signed in nowhere, opens the link the QR code holds and dispatches.
      const phoneContext = await ctx.browser.newContext({
        viewport: { width: 390, height: 844 },
        hasTouch: true,
      });
      phone = await phoneContext.newPage();
      await phone.goto(`${await readQrCode(dialogQr())}`);
      const page = phone;
      await expect.poll(() => page.getByRole('heading', { name: number }).isVisible()).toBe(true);
      await formInput(page, 'transportCompanyName').fill('Northern Haulage');
      await formInput(page, 'truckDriverName').fill('Dave Driver');
      await formInput(page, 'truckLicensePlate').fill(`AB1234${index}`);
      await page.getByRole('button', { name: 'Dispatch' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'Truck en Route' }).isVisible()).toBe(true);
      expect(await ctx.call(endpoints.getTicketById, { params: { id: ticket.id } })).toMatchObject({
        isDispatched: true,
        transportCompanyId: hauler.id,
        truckDriverName: 'Dave Driver',
      });

      // Keyboard: Escape closes the dialog and hands the focus back to the button.
      await ctx.page.keyboard.press('Escape');
      await expect.poll(() => sendToDriverDialog().count()).toBe(0);
      expect(await ctx.page.evaluate<string>('document.activeElement.textContent')).toBe('Send to driver');
    });
  }

  it('is offered on the dashboard row of a loaded ticket (a card at 390 px), opens from the keyboard, and not for a ticket never loaded', async () => {
    const ticket = loaded[2] as Ticket;
    await ctx.page.goto(`${ctx.portal.url}/dashboard`);
    const row = ctx.page.getByRole('row', { name: /\[0\] 000003/ });
    await expect.poll(() => row.count()).toBe(1);
    const button = row.getByRole('button', { name: 'Send to driver' });
    expect(await button.count()).toBe(1);
    await button.focus();
    await ctx.page.keyboard.press('Enter');
    await expect.poll(() => dialogQr().isVisible()).toBe(true);
    expect(await readQrCode(dialogQr())).toBe(await dispatchLinkOf(ticket.id));
    await screenshot(ctx.page, 'send-to-driver-dashboard-1440', { fullPage: false });
    await ctx.page.keyboard.press('Escape');
    await expect.poll(() => sendToDriverDialog().count()).toBe(0);

    // Opened at a phone's width (a resize would slide the menu in over the list).
    await ctx.page.setViewportSize(widths[1]);
    await ctx.page.goto(`${ctx.portal.url}/dashboard`);
    const card = ctx.page.getByRole('listitem').filter({ hasText: '[0] 000003' });
    await expect.poll(() => card.getByRole('button', { name: 'Send to driver' }).count()).toBe(1);
    await card.getByRole('button', { name: 'Send to driver' }).click();
    await expect.poll(() => dialogQr().isVisible()).toBe(true);
    expect(await readQrCode(dialogQr())).toBe(await dispatchLinkOf(ticket.id));
    await screenshot(ctx.page, 'send-to-driver-dashboard-390', { fullPage: false });
    await ctx.page.keyboard.press('Escape');

    // Never loaded: nothing for the driver to dispatch yet.
    expect(notLoaded.timeLoaded).toBeNull();
    await ctx.page.goto(`${ctx.portal.url}/ticket/${notLoaded.id}`);
    await expect.poll(() => ctx.page.getByRole('link', { name: 'Digital ticket' }).isVisible()).toBe(true);
    expect(await ctx.page.getByRole('button', { name: 'Send to driver' }).count()).toBe(0);
  });
});

const qrCode = (label: string) => ctx.page.getByRole('figure', { name: label, exact: true }).locator('svg');

describe('the digital ticket', () => {
  it('carries the Dispatch QR code while the ticket is not received, and two codes after', async () => {
    const ticket = loaded[2] as Ticket;
    await ctx.page.goto(`${ctx.portal.url}/digital-ticket/${ticket.id}`);
    await expect.poll(() => qrCode('Dispatch').isVisible()).toBe(true);
    expect(await ctx.page.locator('figure svg').count()).toBe(3);
    expect(await readQrCode(qrCode('Dispatch'))).toBe(await dispatchLinkOf(ticket.id));
    await screenshot(ctx.page, 'digital-ticket-dispatch-qr-1440');
    await ctx.page.setViewportSize(widths[1]);
    expect(await readQrCode(qrCode('Dispatch'))).toBe(await dispatchLinkOf(ticket.id));
    await screenshot(ctx.page, 'digital-ticket-dispatch-qr-390');

    await ctx.call(endpoints.putTicketReceive, { body: { ticketId: ticket.id, source: 'dashboard' } });
    await ctx.page.reload();
    await expect.poll(() => qrCode('Ticket').isVisible()).toBe(true);
    expect(await ctx.page.locator('figure svg').count()).toBe(2);
    expect(await qrCode('Dispatch').count()).toBe(0);
  });

  it("puts the hash in ticket 1's Ticket QR once the site's cut-off is 0, and not under the spec's 10015", async () => {
    const ticket = loaded[0] as Ticket;
    const hash = await hashOf(ticket.id);
    await ctx.page.goto(`${ctx.portal.url}/digital-ticket/${ticket.id}`);
    await expect.poll(() => qrCode('Ticket').isVisible()).toBe(true);
    expect(await readQrCode(qrCode('Ticket'))).toBe(`${ctx.portal.url}/ticket/${ticket.id}`);

    const settings = await ctx.call(endpoints.getSetting, {});
    expect(settings.hashQrAboveTicketId).toBe(10015);
    await ctx.call(endpoints.putSetting, { body: { ...settings, hashQrAboveTicketId: 0 } });
    await ctx.page.reload();
    await expect.poll(() => qrCode('Ticket').isVisible()).toBe(true);
    expect(await readQrCode(qrCode('Ticket'))).toBe(
      `${ctx.portal.url}/ticket/${ticket.id}?hash=${encodeURIComponent(hash)}`,
    );
  });
});
