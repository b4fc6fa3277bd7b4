import { readFile } from 'node:fs/promises';
import { endpoints } from '@portal/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { formInput, screenshot } from '../support/browser';
import { loadedProjectTickets, useBrowserPortal } from '../support/browser-portal';

const ctx = useBrowserPortal();
const plates = ['AB12341', 'AB12342', 'AB12343'];

beforeAll(async () => {
  const { tickets } = await loadedProjectTickets(
    ctx,
    [27_380, 30_005, 12_000].map((weight) => ({ weight, truckTypeId: 1 })),
  );
  // Ticket 1 received, 2 and 3 loaded and on their way, 4 never loaded (issue 34, D6: counts count loads).
  const [received] = tickets;
  if (!received) throw new Error('three tickets loaded, none came back');
  await ctx.call(endpoints.putTicketReceive, { body: { ticketId: received.id, source: 'ticket' } });
  await ctx.generateTickets(4, 4);
  await ctx.logInAsAdministrator();
});

const reportTable = () => ctx.page.getByRole('table', { name: 'Report tickets' });

/** The Reports page with tickets 1 to `to` chosen and the report titled 'Acme loads', not yet run. */
async function chooseAcmeLoads(to: number): Promise<void> {
  await ctx.page.goto(`${ctx.portal.url}/reports`);
  await formInput(ctx.page, 'from').fill('1');
  await formInput(ctx.page, 'to').fill(String(to));
  await formInput(ctx.page, 'title').fill('Acme loads');
}

describe('the Reports page, end to end in Chromium', () => {
  it("refuses a non-numeric ticket number with 'Ticket number must be a number'", async () => {
    await ctx.page.goto(`${ctx.portal.url}/reports`);
    await formInput(ctx.page, 'from').fill('1a');
    await formInput(ctx.page, 'from').press('Enter');
    await expect.poll(() => ctx.page.getByText('Ticket number must be a number').isVisible()).toBe(true);
    expect(
      await ctx.page.getByText('Choose a filter and run the report to see its tickets.').isVisible(),
    ).toBe(true);
  });

  it('runs a custom report with chosen columns: the table, the whole result’s totals and the charts', async () => {
    await chooseAcmeLoads(4);
    await ctx.page.getByRole('checkbox', { name: 'License plate' }).check();
    await ctx.page.getByRole('checkbox', { name: 'Haulage company' }).uncheck();
    await formInput(ctx.page, 'to').press('Enter');
    await expect.poll(() => reportTable().getByRole('row').count(), { timeout: 30_000 }).toBe(5);
    const headers = await reportTable().getByRole('columnheader').allTextContents();
    expect(headers).toEqual([
      'Ticket number',
      'Date',
      'Contractor',
      'Job site',
      'Weight (KG)',
      'License plate',
    ]);
    for (const plate of plates)
      expect(await reportTable().getByRole('cell', { name: plate }).count()).toBe(1);
    // Ticket numbers read as everywhere else: '[prefix] number', zero-padded.
    expect(await reportTable().getByRole('cell', { name: '[0] 000001' }).count()).toBe(1);

    const expected = await ctx.call(endpoints.postTicketReportTable, { body: { from: 1, to: 4 } });
    expect(expected.totals).toMatchObject({
      tickets: 4,
      receivedLoads: 1,
      rejected: 0,
      notReceived: 2,
      unused: 1,
    });
    // Tickets and loads apart, never 'Loads: 4' for 4 tickets; the net is the received load's.
    const totals = await ctx.page.getByTestId('report-totals').textContent();
    expect(totals).toContain(
      '4 tickets · 1 received load · 0 rejected · 2 loaded, not received · 1 unused (never loaded)',
    );
    expect(totals).toContain(`Net of received loads: ${(27_380).toLocaleString('en-ZA')} KG`);
    expect(totals).not.toContain('Loads:');
    await expect.poll(() => ctx.page.getByText('Loads received per day').isVisible()).toBe(true);
    await screenshot(ctx.page, 'reports-custom');
    await ctx.page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => ctx.page.getByTestId('ticket-counts').isVisible()).toBe(true);
    await screenshot(ctx.page, 'reports-custom-390');
    await ctx.page.setViewportSize({ width: 1440, height: 900 });

    // The choice of columns is the user's: it is still there on the next visit.
    await ctx.page.reload();
    await expect.poll(() => ctx.page.getByRole('checkbox', { name: 'License plate' }).isChecked()).toBe(true);
  });

  it('exports the report as the .xlsx the server names from the title, with the chosen columns', async () => {
    await chooseAcmeLoads(3);
    await ctx.page.getByRole('button', { name: 'Run report' }).click();
    await expect.poll(() => reportTable().getByRole('row').count(), { timeout: 30_000 }).toBe(4);
    const [download] = await Promise.all([
      ctx.page.waitForEvent('download'),
      ctx.page.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Acme loads.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await download.path())) as unknown as ExcelJS.Buffer);
    const [sheet] = workbook.worksheets;
    if (!sheet) throw new Error('the export has no worksheet');
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((cell) => cell ?? '')));
    // The header block names the report before the data.
    expect(rows.slice(0, 3).flat().map(String)).toContain('Acme loads');
    const columns = ['Ticket number', 'Date', 'Contractor', 'Job site', 'Weight (KG)', 'License plate'];
    const headerIndex = rows.findIndex((row) => columns.every((label, index) => row[index] === label));
    expect(headerIndex).toBeGreaterThan(0);
    const data = rows.slice(headerIndex + 1).filter((row) => plates.includes(String(row[5])));
    expect(data.map((row) => row[5])).toEqual(plates);

    // Mailed instead: a queued run, to the signed-in user by default.
    expect(await formInput(ctx.page, 'email').inputValue()).toBe('admin@portal.test');
    await ctx.page.getByRole('button', { name: 'E-mail export' }).click();
    await expect
      .poll(
        () =>
          ctx.page
            .getByText('Email with ticket export has been sent to: admin@portal.test')
            .first()
            .isVisible(),
        {
          timeout: 90_000,
        },
      )
      .toBe(true);
    expect(await ctx.page.locator('section[data-run-state]').getAttribute('data-run-state')).toBe(
      'completed',
    );
  });

  it('sends the daily summary from the Template tab', async () => {
    await ctx.page.goto(`${ctx.portal.url}/reports`);
    await ctx.page.getByRole('tab', { name: 'Template' }).click();
    await ctx.page.getByRole('button', { name: 'Send Report' }).click();
    await expect
      .poll(() => ctx.page.getByText('Report generated successfully! Please check your email.').isVisible(), {
        timeout: 90_000,
      })
      .toBe(true);
    await screenshot(ctx.page, 'reports-template');
  });
});
