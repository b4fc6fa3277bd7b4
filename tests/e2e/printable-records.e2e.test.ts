import { endpoints, type Ticket } from '@portal/contract';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { northPitLoad, useBrowserPortal } from '../support/browser-portal';
import { readQrCode } from '../support/qr-code';

const ctx = useBrowserPortal();

// 10015 is the last ticket whose QR has no hash by default (docs/rules.md, "Dispatch link"); generation
// hands out the next ids.
const lastIdWithoutHash = 10015;

let plainTicket: Ticket;
let hashedTicket: Ticket;

// Strings run in the page: this package type-checks without the DOM.
const printCalls = (page: Page) => page.evaluate<number>('window.printCalls');

beforeAll(async () => {
  const db = new pg.Client({ connectionString: ctx.portal.database.url });
  await db.connect();
  await db.query('SELECT setval($1, $2)', ['ticket_id_seq', lastIdWithoutHash - 1]);
  await db.end();
  await ctx.generateTickets(1, 2);
  plainTicket = await ctx.ticketNumbered(1);
  hashedTicket = await ctx.ticketNumbered(2);

  const { details } = await northPitLoad(ctx, { driverName: 'Dave Driver' });
  await ctx.call(endpoints.putTicketEdit, { body: { ticket: { id: plainTicket.id, ...details } } });
  await ctx.call(endpoints.putTicketEdit, {
    body: { ticket: { id: hashedTicket.id, ...details, weight: 27380, isReceived: true } },
  });
  // Every page of the context counts its prints instead of opening the print dialog.
  await ctx.page
    .context()
    .addInitScript('window.printCalls = 0; window.print = () => { window.printCalls += 1; };');
  await ctx.logInAsAdministrator();
});

/** Screenshots at 1440, in print and at 390 (where `atPhoneWidth` checks more), then back to 1440. */
async function screenshotsOf(name: string, atPhoneWidth: () => Promise<void> = async () => {}) {
  await screenshot(ctx.page, `${name}-1440`);
  await ctx.page.emulateMedia({ media: 'print' });
  await screenshot(ctx.page, `${name}-print`);
  await ctx.page.emulateMedia({ media: 'screen' });
  await ctx.page.setViewportSize({ width: 390, height: 844 });
  await screenshot(ctx.page, `${name}-390`);
  await atPhoneWidth();
  await ctx.page.setViewportSize({ width: 1440, height: 900 });
}

const hashOf = async (id: number) => (await ctx.call(endpoints.getTicketByIdHash, { params: { id } })).hash;
const qrCode = (label: string) => ctx.page.getByRole('figure', { name: label, exact: true }).locator('svg');

describe('the digital ticket, end to end in Chromium', () => {
  it('gives ticket 10015 the plain ticket link and the haulage record through its hash', async () => {
    expect(plainTicket.id).toBe(lastIdWithoutHash);
    const hash = await hashOf(plainTicket.id);
    await ctx.page.goto(`${ctx.portal.url}/digital-ticket/${plainTicket.id}`);
    await expect.poll(() => qrCode('Ticket').isVisible()).toBe(true);
    expect(await readQrCode(qrCode('Ticket'))).toBe(`${ctx.portal.url}/ticket/${plainTicket.id}`);
    expect(await readQrCode(qrCode('Haulage record'))).toBe(
      `${ctx.portal.url}/haulage-record/${plainTicket.id}?hash=${encodeURIComponent(hash)}`,
    );
    expect(await ctx.page.getByText('No Refund - Non Transferable').isVisible()).toBe(true);
    expect(await ctx.page.getByRole('alert').filter({ hasText: 'Received' }).count()).toBe(0);
  });

  it('gives ticket 10016 the hash link in both codes and shows it received', async () => {
    expect(hashedTicket.id).toBe(lastIdWithoutHash + 1);
    const hash = await hashOf(hashedTicket.id);
    const query = `?hash=${encodeURIComponent(hash)}`;
    await ctx.page.goto(`${ctx.portal.url}/digital-ticket/${hashedTicket.id}`);
    await expect.poll(() => qrCode('Ticket').isVisible()).toBe(true);
    expect(await readQrCode(qrCode('Ticket'))).toBe(`${ctx.portal.url}/ticket/${hashedTicket.id}${query}`);
    expect(await readQrCode(qrCode('Haulage record'))).toBe(
      `${ctx.portal.url}/haulage-record/${hashedTicket.id}${query}`,
    );
    expect(await ctx.page.getByRole('alert').filter({ hasText: 'Received' }).isVisible()).toBe(true);
    expect(await ctx.page.getByText('[0] 000002').isVisible()).toBe(true);
    await screenshotsOf('digital-ticket', async () => {
      // The codes still read at a phone's width.
      expect(await readQrCode(qrCode('Ticket'))).toBe(`${ctx.portal.url}/ticket/${hashedTicket.id}${query}`);
    });
  });
});

describe('the printable receiving record, end to end in Chromium', () => {
  it('shows the weights, net also in tonnes, and prints once, 5 seconds after loading', async () => {
    await ctx.page.goto(`${ctx.portal.url}/print-record/${hashedTicket.id}`);
    const netTonnes = ctx.page.getByText('27.38 t');
    await expect.poll(() => netTonnes.isVisible(), { timeout: 3000 }).toBe(true);
    const loadedAt = Date.now();
    const at = async (ms: number) => ctx.page.waitForTimeout(Math.max(0, loadedAt + ms - Date.now()));
    for (const text of [
      'Receiving record',
      'Dave Driver',
      'Soil',
      'Clean fill',
      '15 000 KG',
      '42 380 KG',
      '27 380 KG',
    ])
      expect(await ctx.page.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    // No menu, app bar or footer.
    expect(await ctx.page.getByRole('banner').count()).toBe(0);
    expect(await ctx.page.getByRole('navigation').count()).toBe(0);
    await at(3000);
    expect(await printCalls(ctx.page)).toBe(0);
    await at(6500);
    expect(await printCalls(ctx.page)).toBe(1);
    await at(8000);
    expect(await printCalls(ctx.page)).toBe(1);
    await screenshotsOf('print-record');
  });

  it('opens in a 750x750 popup from the ticket page', async () => {
    await ctx.page.goto(`${ctx.portal.url}/ticket/${hashedTicket.id}`);
    const button = ctx.page.getByRole('button', { name: 'Print record' });
    await expect.poll(() => button.isVisible()).toBe(true);
    const [popup] = await Promise.all([ctx.page.waitForEvent('popup'), button.click()]);
    await popup.waitForURL(`${ctx.portal.url}/print-record/${hashedTicket.id}`);
    await expect.poll(() => popup.getByText('27.38 t').isVisible()).toBe(true);
    expect(await popup.evaluate<number[]>('[window.outerWidth, window.outerHeight]')).toEqual([750, 750]);
    await popup.close();
  });

  it('opens from a dashboard row by keyboard', async () => {
    await ctx.page.goto(`${ctx.portal.url}/dashboard`);
    const row = ctx.page.getByRole('row', { name: /000001/ });
    const button = row.getByRole('button', { name: 'Print record' });
    await expect.poll(() => button.isVisible()).toBe(true);
    await button.focus();
    const [popup] = await Promise.all([ctx.page.waitForEvent('popup'), ctx.page.keyboard.press('Enter')]);
    await popup.waitForURL(`${ctx.portal.url}/print-record/${plainTicket.id}`);
    await expect.poll(() => popup.getByText('Receiving record').isVisible()).toBe(true);
    await popup.close();
    // A phone's ticket cards have room for the extra action (a fresh load: the desktop's open menu would cover them).
    await ctx.page.setViewportSize({ width: 390, height: 844 });
    await ctx.page.goto(`${ctx.portal.url}/dashboard`);
    await expect.poll(() => ctx.page.getByRole('button', { name: 'Print record' }).isVisible()).toBe(true);
    await screenshot(ctx.page, 'print-record-dashboard-390');
    await ctx.page.setViewportSize({ width: 1440, height: 900 });
  });
});
