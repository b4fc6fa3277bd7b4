import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { formInput, screenshot } from '../support/browser';
import { useBrowserPortal } from '../support/browser-portal';

const ctx = useBrowserPortal({ acceptDownloads: true });

beforeAll(() => ctx.logInAsAdministrator());

async function createTransportCompany(name: string): Promise<string> {
  await ctx.page.goto(`${ctx.portal.url}/transport-company/new`);
  await formInput(ctx.page, 'name').fill(name);
  await ctx.page.getByRole('button', { name: 'Save' }).click();
  await ctx.page.waitForURL(/\/transport-company\/\d+$/);
  return ctx.page.url().split('/').at(-1) as string;
}

describe('transports, end to end in Chromium', () => {
  it('creates a company with a truck, moves its trucks to a second company, and exports the spreadsheet', async () => {
    const acmeId = await createTransportCompany('Acme Haulage');
    await ctx.page.getByRole('link', { name: 'Add truck' }).click();
    await ctx.page.waitForURL(`${ctx.portal.url}/trucks/new/transport-company/${acmeId}`);
    await formInput(ctx.page, 'number').fill('T-100');
    await formInput(ctx.page, 'licensePlate').pressSequentially('ca10000', { delay: 40 });
    expect(await formInput(ctx.page, 'licensePlate').inputValue()).toBe('CA10000');
    await formInput(ctx.page, 'driverName').fill('Sipho Dlamini');
    await formInput(ctx.page, 'tareWeight').fill('15000');
    await ctx.page.getByRole('button', { name: 'Save' }).click();
    await ctx.page.waitForURL(`${ctx.portal.url}/transport-company/${acmeId}`);
    await expect.poll(() => ctx.page.getByRole('row', { name: /CA10000/ }).isVisible()).toBe(true);

    const bakkieId = await createTransportCompany('Bakkie Bros');

    await ctx.page.goto(`${ctx.portal.url}/transports`);
    // Opening the dialog once threw 'Cannot call an event handler while rendering' (issue 15, item 8).
    const pageErrors: string[] = [];
    const onPageError = (error: Error) => pageErrors.push(error.message);
    ctx.page.on('pageerror', onPageError);
    const acmeRow = ctx.page.getByRole('row', { name: /Acme Haulage/ });
    await acmeRow.getByRole('button', { name: 'Move trucks' }).click();
    const dialog = ctx.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await expect
      .poll(() => dialog.getByText('Move trucks needs a target company chosen').isVisible())
      .toBe(true);
    // The refusal is not hidden behind the dropdown: no list opens on its own.
    expect(await ctx.page.getByRole('listbox').count()).toBe(0);
    ctx.page.off('pageerror', onPageError);
    expect(pageErrors).toEqual([]);
    await dialog.getByRole('combobox', { name: 'Target company' }).fill('Bakkie');
    await ctx.page.getByRole('option', { name: 'Bakkie Bros' }).click();
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await expect.poll(() => ctx.page.getByText('1 truck moved to Bakkie Bros').isVisible()).toBe(true);
    await screenshot(ctx.page, 'transports-after-move');

    await ctx.page.goto(`${ctx.portal.url}/transport-company/${bakkieId}`);
    await expect.poll(() => ctx.page.getByRole('row', { name: /CA10000/ }).isVisible()).toBe(true);
    await screenshot(ctx.page, 'transport-company-page');
    // The page loads GET /api/transportcompany/{id}, which also carries the contacts and trucks; a save sends the name.
    await formInput(ctx.page, 'name').fill('Bakkie Brothers');
    await ctx.page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => ctx.page.getByText('Haulage company Bakkie Brothers').isVisible()).toBe(true);
    await ctx.page.reload();
    await expect.poll(() => formInput(ctx.page, 'name').inputValue()).toBe('Bakkie Brothers');
    await expect.poll(() => ctx.page.getByRole('row', { name: /CA10000/ }).isVisible()).toBe(true);

    await ctx.page.goto(`${ctx.portal.url}/transports`);
    const [download] = await Promise.all([
      ctx.page.waitForEvent('download'),
      ctx.page.getByRole('button', { name: 'Export to spreadsheet' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^transport-company-export-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await download.path())) as unknown as ExcelJS.Buffer);
    const [sheet] = workbook.worksheets;
    if (!sheet) throw new Error('the export has no worksheet');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    // The spec's columns, headed by words (issue 34, D17).
    expect(values(1)).toEqual([
      'Haulage company',
      'Truck number',
      'License plate',
      'Driver name',
      'Driver number',
      'Tare weight (KG)',
    ]);
    expect(values(2)).toEqual(['Bakkie Brothers', 'T-100', 'CA10000', 'Sipho Dlamini', '', 15000]);
    expect(values(3)).toEqual(['Total Bakkie Brothers', '1 truck', undefined, undefined, undefined, 15000]);
    expect(values(4)).toEqual(['Total', '1 truck', undefined, undefined, undefined, 15000]);
  });

  it("a company saved on its screen is offered at once by the dashboard's dropdown, without a reload (issue 15, item 7)", async () => {
    await ctx.page.goto(`${ctx.portal.url}/dashboard`);
    const haulageFilter = ctx.page.getByRole('combobox', { name: 'Haulage company' });
    // The dashboard loads the companies its dropdown offers as it opens; the cache keeps them for a minute.
    await ctx.page.waitForLoadState('networkidle');

    // In the app, never a reload: what the dashboard loaded stays in the page's cache.
    await ctx.page.getByRole('menuitem', { name: 'Transports' }).click();
    await ctx.page.waitForURL(`${ctx.portal.url}/transports`);
    await ctx.page.getByRole('link', { name: 'Add', exact: true }).click();
    await formInput(ctx.page, 'name').fill('Cartwright Carriers');
    await ctx.page.getByRole('button', { name: 'Save' }).click();
    await ctx.page.waitForURL(/\/transport-company\/\d+$/);

    await ctx.page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await ctx.page.waitForURL(`${ctx.portal.url}/dashboard`);
    await haulageFilter.fill('Cartw');
    await expect
      .poll(() => ctx.page.getByRole('option', { name: 'Cartwright Carriers' }).isVisible())
      .toBe(true);
  });

  it('pages a company of 120 trucks on the server: the page asked for, in the order chosen (issue 16, item 2)', async () => {
    const { db } = ctx.portal.infra;
    await sql`INSERT INTO transport_companies (id, name, version) VALUES (7700, 'Fleet Paging', 1)`.execute(
      db,
    );
    await sql`
      INSERT INTO trucks (id, transport_company_id, driver_name, number, license_plate, tare_weight, version)
      SELECT 7700 + g, 7700, 'Driver ' || g, 'F' || g, 'FP' || lpad(g::text, 5, '0'), 14000 + g, 1
      FROM generate_series(1, 120) g`.execute(db);
    const asked: string[] = [];
    const onRequest = (request: { url: () => string }) => {
      if (request.url().includes('/api/truck/all')) asked.push(new URL(request.url()).search);
    };
    ctx.page.on('request', onRequest);
    try {
      await ctx.page.goto(`${ctx.portal.url}/transport-company/7700`);
      await expect.poll(() => ctx.page.getByText('1-50 of 120').isVisible()).toBe(true);
      await ctx.page.getByRole('button', { name: 'Go to next page' }).click();
      await expect.poll(() => ctx.page.getByText('51-100 of 120').isVisible()).toBe(true);
      await ctx.page.getByRole('columnheader', { name: 'License Plate' }).getByRole('button').click();
      await expect.poll(() => ctx.page.getByRole('row').nth(1).textContent()).toContain('FP00001');
      await ctx.page.getByRole('columnheader', { name: 'License Plate' }).getByRole('button').click();
      await expect.poll(() => ctx.page.getByRole('row').nth(1).textContent()).toContain('FP00120');
      await screenshot(ctx.page, 'trucks-server-paging-1440');
      // Each view came from the server as one page, never the company's whole list.
      expect(asked.length).toBeGreaterThanOrEqual(3);
      expect(asked.every((search) => /page=\d+&perPage=50/.test(search))).toBe(true);
      expect(asked).toContain('?page=2&perPage=50&sort=id&order=ASC');
      expect(asked).toContain('?page=1&perPage=50&sort=licensePlate&order=DESC');
    } finally {
      ctx.page.off('request', onRequest);
    }
  });
});
