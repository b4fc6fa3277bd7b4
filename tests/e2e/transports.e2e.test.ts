import { readFile } from 'node:fs/promises';
import { defaultUiDist } from '@portal/api';
import { startTestPortal, type TestPortal, testAdmin } from '@portal/api/test/portal';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formInput, launchChromium, logIn, screenshot } from '../support/browser';

let portal: TestPortal;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  portal = await startTestPortal({ uiDist: defaultUiDist });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  await logIn(page, portal.url, testAdmin.username, testAdmin.password);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function createTransportCompany(name: string): Promise<string> {
  await page.goto(`${portal.url}/transport-company/new`);
  await formInput(page, 'name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/transport-company\/\d+$/);
  return page.url().split('/').at(-1) as string;
}

describe('transports, end to end in Chromium', () => {
  it('creates a company with a truck, moves its trucks to a second company, and exports the spreadsheet', async () => {
    const acmeId = await createTransportCompany('Acme Haulage');
    await page.getByRole('link', { name: 'Add truck' }).click();
    await page.waitForURL(`${portal.url}/trucks/new/transport-company/${acmeId}`);
    await formInput(page, 'number').fill('T-100');
    await formInput(page, 'licensePlate').pressSequentially('ca10000', { delay: 40 });
    expect(await formInput(page, 'licensePlate').inputValue()).toBe('CA10000');
    await formInput(page, 'driverName').fill('Sipho Dlamini');
    await formInput(page, 'tareWeight').fill('15000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${portal.url}/transport-company/${acmeId}`);
    await expect.poll(() => page.getByRole('row', { name: /CA10000/ }).isVisible()).toBe(true);

    const bakkieId = await createTransportCompany('Bakkie Bros');

    await page.goto(`${portal.url}/transports`);
    const acmeRow = page.getByRole('row', { name: /Acme Haulage/ });
    await acmeRow.getByRole('button', { name: 'Move trucks' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await expect
      .poll(() => dialog.getByText('Move trucks needs a target company chosen').isVisible())
      .toBe(true);
    await dialog.getByRole('combobox', { name: 'Target company' }).fill('Bakkie');
    await page.getByRole('option', { name: 'Bakkie Bros' }).click();
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await expect.poll(() => page.getByText('1 truck moved to Bakkie Bros').isVisible()).toBe(true);
    await screenshot(page, 'transports-after-move');

    await page.goto(`${portal.url}/transport-company/${bakkieId}`);
    await expect.poll(() => page.getByRole('row', { name: /CA10000/ }).isVisible()).toBe(true);
    await screenshot(page, 'transport-company-page');
    // The page loads GET /api/transportcompany/{id}, which also carries the contacts and trucks; a save sends the name.
    await formInput(page, 'name').fill('Bakkie Brothers');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Transport company Bakkie Brothers').isVisible()).toBe(true);
    await page.reload();
    expect(await formInput(page, 'name').inputValue()).toBe('Bakkie Brothers');
    await expect.poll(() => page.getByRole('row', { name: /CA10000/ }).isVisible()).toBe(true);

    await page.goto(`${portal.url}/transports`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to spreadsheet' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^transport-company-export-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await download.path())) as unknown as ExcelJS.Buffer);
    const [sheet] = workbook.worksheets;
    if (!sheet) throw new Error('the export has no worksheet');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'transportCompanyName',
      'truckNumber',
      'licensePlate',
      'driverName',
      'driverNumber',
      'tareWeight',
    ]);
    expect(values(2)).toEqual(['Bakkie Brothers', 'T-100', 'CA10000', 'Sipho Dlamini', '', 15000]);
    expect(values(3)).toEqual(['Total Bakkie Brothers', '1 truck', undefined, undefined, undefined, 15000]);
    expect(values(4)).toEqual(['Total', '1 truck', undefined, undefined, undefined, 15000]);
  });
});
