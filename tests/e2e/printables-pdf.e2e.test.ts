import { endpoints, type Ticket } from '@portal/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { loadedProjectTickets, useBrowserPortal } from '../support/browser-portal';
import { printedPageCount } from '../support/pdf-pages';

// Issue 34, item 9 (D14–15) and item 5b (D3): every printable on one Letter and one A4 sheet, no blank
// page after it, its signature kept with it; the printed time loaded survives the dashboard's receipt.
const ctx = useBrowserPortal();

let tickets: Ticket[];
let projectId: number;
let timeLoadedShown: string;

beforeAll(async () => {
  await ctx.changeSettings({
    receivingSiteName: 'Northfield Soil Receiving',
    receivingSiteAddress: '1200 Quarry Line\nCaledon ON L7K 0A1',
    haulageRecordReceiverName: 'Rita Receiver',
  });
  const loaded = await loadedProjectTickets(ctx, [
    { weight: 27_380, truckTypeId: 1 },
    { weight: 30_005, truckTypeId: 2 },
    { weight: 12_000, truckTypeId: 1 },
    { weight: 14_000, truckTypeId: 1 },
  ]);
  tickets = loaded.tickets;
  projectId = loaded.project.id;
  // The dashboard's receipt clears the time loaded; the records print it from history.
  for (const ticket of tickets.slice(0, 3))
    await ctx.call(endpoints.putTicketReceive, { body: { ticketId: ticket.id, source: 'dashboard' } });
  const first = tickets[0]?.timeLoaded;
  if (!first) throw new Error('no time loaded');
  // As the records show it: en-ZA, the site's clock (the test machine's zone is the browser's).
  timeLoadedShown = first;
  await ctx.logInAsAdministrator();
  await ctx.page.context().addInitScript('window.print = () => {};');
});

/** The signature block ends within the first sheet's printable height, in the print layout. */
async function signatureOnFirstSheet(page: Page, format: 'Letter' | 'A4'): Promise<boolean> {
  // Letter 11in, A4 297mm, less the page's 12 mm margins, in CSS px (96 per inch).
  const sheetPx = (format === 'Letter' ? 11 * 96 : (297 / 25.4) * 96) - (24 / 25.4) * 96;
  const widthPx = (format === 'Letter' ? 8.5 * 96 : (210 / 25.4) * 96) - (24 / 25.4) * 96;
  await page.setViewportSize({ width: Math.round(widthPx), height: 900 });
  await page.emulateMedia({ media: 'print' });
  const bottom = await page.evaluate<number>(
    "document.querySelector('[data-testid=signature-block]').getBoundingClientRect().bottom + window.scrollY",
  );
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1440, height: 900 });
  return bottom <= sheetPx;
}

const printables = () => [
  { name: 'receiving record', path: `/print-record/${tickets[0]?.id}`, signed: true },
  { name: 'haulage record', path: `/haulage-record/${tickets[0]?.id}`, signed: true },
  { name: 'haulage record report', path: `/report/haulage-record/${projectId}`, signed: false },
  { name: 'digital ticket', path: `/digital-ticket/${tickets[0]?.id}`, signed: false },
];

describe('printables, printed to PDF in Chromium', () => {
  it('fit one Letter and one A4 sheet each, with no blank page after, the signature on the record’s sheet', async () => {
    const measured: Record<string, Record<string, number>> = {};
    const signatures: Record<string, Record<string, boolean>> = {};
    for (const { name, path, signed } of printables()) {
      await ctx.page.goto(`${ctx.portal.url}${path}`);
      await expect
        .poll(() => ctx.page.locator('article').first().isVisible(), { timeout: 15_000 })
        .toBe(true);
      await ctx.page.waitForLoadState('networkidle');
      measured[name] = {
        Letter: await printedPageCount(ctx.page, 'Letter'),
        A4: await printedPageCount(ctx.page, 'A4'),
      };
      if (signed)
        signatures[name] = {
          Letter: await signatureOnFirstSheet(ctx.page, 'Letter'),
          A4: await signatureOnFirstSheet(ctx.page, 'A4'),
        };
    }
    // The digital ticket is another part's page (issue 34, driver): measured here, reported to the lead.
    console.info(
      'printed pages',
      JSON.stringify(measured),
      'signature on sheet 1',
      JSON.stringify(signatures),
    );
    for (const name of ['receiving record', 'haulage record'])
      expect(signatures[name], name).toEqual({ Letter: true, A4: true });
    for (const name of ['receiving record', 'haulage record', 'haulage record report'])
      expect(measured[name], name).toEqual({ Letter: 1, A4: 1 });
  });
});

describe('the printed records at 1440 and 390 px', () => {
  it('print the time loaded from history after the dashboard’s receipt, MANUAL weights and the signature lines', async () => {
    const shown = new Date(timeLoadedShown);
    for (const path of [`/print-record/${tickets[0]?.id}`, `/haulage-record/${tickets[0]?.id}`]) {
      await ctx.page.goto(`${ctx.portal.url}${path}`);
      await expect
        .poll(() => ctx.page.getByTestId('signature-block').isVisible(), { timeout: 15_000 })
        .toBe(true);
      const text = (await ctx.page.locator('article').textContent()) ?? '';
      // The minute loaded, as the page formats it (day and HH:mm), not '—'.
      const hhmm = shown.toLocaleTimeString('en-ZA', { hour: '2-digit', minute: '2-digit', hour12: false });
      expect(text, path).toContain(hhmm);
      // loadedProjectTickets types the weight on the short form: by hand, with no reason.
      expect(text, path).toContain('MANUAL: no reason given');
      const name = path.startsWith('/print') ? 'receiving-record' : 'haulage-record-history';
      await screenshot(ctx.page, `${name}-1440`);
      await ctx.page.setViewportSize({ width: 390, height: 844 });
      await screenshot(ctx.page, `${name}-390`);
      await ctx.page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('lists the received loads only in the haulage record report, its totals naming the rest', async () => {
    await ctx.page.goto(`${ctx.portal.url}/report/haulage-record/${projectId}`);
    await expect.poll(() => ctx.page.getByRole('row').count(), { timeout: 15_000 }).toBe(5);
    const totals = (await ctx.page.getByTestId('report-totals').textContent()) ?? '';
    expect(totals).toContain('4 tickets · 3 received loads · 0 rejected · 1 loaded, not received · 0 unused');
    expect(totals).toContain('60 m3');
    await screenshot(ctx.page, 'haulage-report-counts-1440');
    await ctx.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(ctx.page, 'haulage-report-counts-390');
    await ctx.page.setViewportSize({ width: 1440, height: 900 });
  });
});
