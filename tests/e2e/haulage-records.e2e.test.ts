import { endpoints, type Project, type Ticket } from '@portal/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { loadedProjectTickets, useBrowserPortal } from '../support/browser-portal';

const ctx = useBrowserPortal();

let project: Project;
let contractorId: number;
let tickets: Ticket[];
const printCalls = (page: Page) => page.evaluate<number>('window.printCalls');

beforeAll(async () => {
  await ctx.changeSettings({
    receivingSiteName: 'Northfield Soil Receiving',
    receivingSiteAddress: '1200 Quarry Line, Caledon ON',
    haulageRecordReceiverName: 'Rita Receiver',
  });
  ({ contractorId, project, tickets } = await loadedProjectTickets(ctx, [
    { weight: 27_380, truckTypeId: 1 },
    { weight: 30_005, truckTypeId: 2 },
    { weight: 12_000, truckTypeId: 1 },
  ]));
  // The report lists received loads only (issue 34, D6); the dashboard's receipt clears the time loaded
  // (docs/rules.md, "Tickets and their states"), and the report still shows when the load left (D3).
  const [fromTicketPage, fromDashboard] = tickets;
  if (!fromTicketPage || !fromDashboard) throw new Error('three tickets loaded, fewer came back');
  await ctx.call(endpoints.putTicketReceive, { body: { ticketId: fromTicketPage.id, source: 'ticket' } });
  await ctx.call(endpoints.putTicketReceive, { body: { ticketId: fromDashboard.id, source: 'dashboard' } });
});

describe('the haulage record and its report, in Chromium', () => {
  it('opens the haulage record through the link hash without signing in; a wrong hash shows nothing', async () => {
    const [first] = tickets;
    if (!first) throw new Error('no ticket');
    const { hash } = await ctx.call(endpoints.getTicketByIdHash, { params: { id: first.id } });
    const visitor = await ctx.browser.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`${ctx.portal.url}/haulage-record/${first.id}?hash=${hash}`);
    await expect.poll(() => visitor.getByRole('heading', { name: 'Haulage Record' }).isVisible()).toBe(true);
    const record = await visitor.locator('main').textContent();
    const shownOnRecord = [
      '500 Source Rd',
      'Acme Excavating',
      'Northern Haulage',
      'AB12341',
      'Triaxle (10 m3)',
    ];
    for (const shown of [
      ...shownOnRecord,
      '27.38 t',
      'Northfield Soil Receiving',
      '1200 Quarry Line',
      'Rita Receiver',
    ])
      expect(record).toContain(shown);
    expect(visitor.url()).not.toContain('/login');
    // The link's record is the hauling record's fields (issue 32): no project, office contact or receiver's phone.
    for (const hidden of ['P-500', 'Project leader', 'Office contact']) expect(record).not.toContain(hidden);
    await screenshot(visitor, 'haulage-record-390');
    await visitor.setViewportSize({ width: 1440, height: 900 });
    await visitor.emulateMedia({ media: 'print' });
    await screenshot(visitor, 'haulage-record-print');
    await visitor.emulateMedia({ media: 'screen' });
    await visitor.goto(`${ctx.portal.url}/haulage-record/${first.id}?hash=AAAAAAAAAAAAAAAAAAAAAA`);
    await expect.poll(() => visitor.getByText('This link does not open a record').isVisible()).toBe(true);
    expect(await visitor.getByText('500 Source Rd').count()).toBe(0);
    await visitor.close();

    // Signed in, the whole printed record: the project too.
    await ctx.logInAsAdministrator();
    await ctx.page.goto(`${ctx.portal.url}/haulage-record/${first.id}`);
    await expect.poll(() => ctx.page.getByRole('heading', { name: 'Haulage Record' }).isVisible()).toBe(true);
    await expect.poll(() => ctx.page.locator('main').textContent()).toContain('P-500');
    await screenshot(ctx.page, 'haulage-record-signed-in-1440');
  });

  it("opens the Haulage Record Report from the project's row: the range's records, totals, printed once", async () => {
    await ctx.logInAsAdministrator();
    await ctx.page.goto(`${ctx.portal.url}/contractor-company/${contractorId}`);
    await ctx.page.getByRole('button', { name: 'Haulage Record Report' }).click();
    const dialog = ctx.page.getByRole('dialog', { name: 'Haulage Record Report' });
    await dialog.getByLabel('From ticket number').fill('1x');
    await expect.poll(() => dialog.getByText('Ticket number must be a number').isVisible()).toBe(true);
    await dialog.getByLabel('From ticket number').fill('1');
    await dialog.getByLabel('To ticket number').fill('2');
    const popupOpened = ctx.page.waitForEvent('popup');
    await ctx.page
      .context()
      .addInitScript('window.printCalls = 0; window.print = () => { window.printCalls += 1; };');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    const report = await popupOpened;
    await report.waitForLoadState();
    expect(report.viewportSize()).toEqual({ width: 1000, height: 1000 });
    expect(report.url()).toBe(`${ctx.portal.url}/report/haulage-record/${project.id}?from=1&to=2`);
    await expect.poll(() => report.getByRole('row').count()).toBe(4);
    const loadedCells = report.locator('tbody tr td:nth-child(2)');
    expect(await loadedCells.allTextContents()).toEqual([
      expect.stringMatching(/\d{1,2}:\d{2}/),
      expect.stringMatching(/\d{1,2}:\d{2}/),
    ]);
    await expect
      .poll(() => report.getByTestId('report-totals').textContent())
      .toMatch(/2 tickets · 2 received loads.*57\.39 t.*50 m3/);
    await expect.poll(() => printCalls(report), { timeout: 5000 }).toBe(1);
    await report.waitForTimeout(1500);
    expect(await printCalls(report)).toBe(1);
    await screenshot(report, 'haulage-report-1000');
    await report.emulateMedia({ media: 'print' });
    await screenshot(report, 'haulage-report-print');
  });
});
