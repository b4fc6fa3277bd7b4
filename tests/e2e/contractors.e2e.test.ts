import { defaultUiDist } from '@portal/api';
import { bearer, startTestPortal, type TestPortal, testAdmin } from '@portal/api/test/portal';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formInput, launchChromium, logIn, screenshot } from '../support/browser';

let portal: TestPortal;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  portal = await startTestPortal({ uiDist: defaultUiDist });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await logIn(page, portal.url, testAdmin.username, testAdmin.password);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const formatPhone = (digits: string) => `(${digits.slice(0, 3)})${digits.slice(3, 6)}-${digits.slice(6)}`;

async function addContact(
  companyUrl: string,
  name: string,
  phoneDigits: string,
  role: 'Office contact' | 'Site contact',
) {
  await page.getByRole('link', { name: 'Add contact' }).click();
  await page.waitForURL(/\/contacts\/new\/contractor-company\/\d+$/);
  // The company page's own "name" input lingers while the route changes: wait for the contact form.
  await formInput(page, 'email').waitFor();
  await formInput(page, 'name').fill(name);
  // Typed like a person: the phone mask reformats on every key, and keys sent faster than it renders get lost.
  await formInput(page, 'number').pressSequentially(phoneDigits, { delay: 40 });
  await expect.poll(() => formInput(page, 'number').inputValue()).toBe(formatPhone(phoneDigits));
  await formInput(page, 'email').fill(`${name.split(' ')[0]?.toLowerCase()}@acme.test`);
  await page.getByLabel(role).check();
  expect(await formInput(page, 'name').inputValue()).toBe(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(companyUrl);
  await expect.poll(() => page.getByRole('row', { name: new RegExp(name) }).isVisible()).toBe(true);
}

async function pick(label: string, option: RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('contractors, end to end in Chromium', () => {
  it('creates a contractor with a project and an office and a site contact; two project edits show in the log', async () => {
    await page.goto(`${portal.url}/contractor-company/new`);
    await formInput(page, 'name').fill('Acme Excavating');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/contractor-company\/\d+$/);
    const companyUrl = page.url();

    await addContact(companyUrl, 'Olivia Office', '4165550123', 'Office contact');
    await addContact(companyUrl, 'Sam Site', '4165550456', 'Site contact');

    await page.getByRole('link', { name: 'Add project' }).click();
    await page.waitForURL(/\/projects\/new\/contractor-company\/\d+$/);
    await formInput(page, 'projectId').fill('P-100');
    await formInput(page, 'jobSite').fill('North Pit');
    await pick('Site contact', /Sam Site/);
    await pick('Office contact', /Olivia Office/);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(companyUrl);
    const projectRow = page.getByRole('row', { name: /P-100/ });
    await expect.poll(() => projectRow.isVisible()).toBe(true);
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps the space between table cells
    expect(await projectRow.innerText()).toMatch(
      /North Pit[\s\S]*Sam Site[\s\S]*\(416\)555-0456[\s\S]*Olivia Office/,
    );
    await screenshot(page, 'contractor-company-page');

    await projectRow.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/projects\/\d+\/contractor-company\/\d+$/);
    await formInput(page, 'jobSite').fill('South Pit');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(companyUrl);
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps the space between table cells
    await expect.poll(() => page.getByRole('row', { name: /P-100/ }).innerText()).toMatch(/South Pit/);

    await page.getByRole('row', { name: /P-100/ }).getByRole('link', { name: 'Project log' }).click();
    await page.waitForURL(/\/project-log\/\d+$/);
    await expect.poll(() => page.getByText('Updated', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Created', { exact: true }).count()).toBe(1);
    expect(await page.getByText('South Pit').count()).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'project-log');

    // Both log entries name the administrator who made them.
    const projectId = Number(page.url().split('/').at(-1));
    const log = await portal.app.inject({
      method: 'GET',
      url: `/api/project/logs/${projectId}`,
      headers: bearer(await portal.login()),
    });
    expect(log.json<{ username: string }[]>().map((entry) => entry.username)).toEqual([
      testAdmin.username,
      testAdmin.username,
    ]);

    await page.goto(`${portal.url}/contractors`);
    await expect.poll(() => page.getByRole('row', { name: /Acme Excavating/ }).isVisible()).toBe(true);
    await screenshot(page, 'contractors');
  });
});
