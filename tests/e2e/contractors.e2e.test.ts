import { testAdmin } from '@portal/api/test/portal';
import { endpoints } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { formInput, screenshot } from '../support/browser';
import { useBrowserPortal } from '../support/browser-portal';

const ctx = useBrowserPortal();

beforeAll(() => ctx.logInAsAdministrator());

const formatPhone = (digits: string) => `(${digits.slice(0, 3)})${digits.slice(3, 6)}-${digits.slice(6)}`;

async function addContact(
  companyUrl: string,
  name: string,
  phoneDigits: string,
  role: 'Office contact' | 'Site contact',
) {
  await ctx.page.getByRole('link', { name: 'Add contact' }).click();
  await ctx.page.waitForURL(/\/contacts\/new\/contractor-company\/\d+$/);
  // The company page's own "name" input lingers while the route changes: wait for the contact form.
  await formInput(ctx.page, 'email').waitFor();
  await formInput(ctx.page, 'name').fill(name);
  // Typed like a person: the phone mask reformats on every key, and keys sent faster than it renders get lost.
  await formInput(ctx.page, 'number').pressSequentially(phoneDigits, { delay: 40 });
  await expect.poll(() => formInput(ctx.page, 'number').inputValue()).toBe(formatPhone(phoneDigits));
  await formInput(ctx.page, 'email').fill(`${name.split(' ')[0]?.toLowerCase()}@acme.test`);
  await ctx.page.getByLabel(role).check();
  expect(await formInput(ctx.page, 'name').inputValue()).toBe(name);
  await ctx.page.getByRole('button', { name: 'Save' }).click();
  await ctx.page.waitForURL(companyUrl);
  await expect.poll(() => ctx.page.getByRole('row', { name: new RegExp(name) }).isVisible()).toBe(true);
}

async function pick(label: string, option: RegExp) {
  await ctx.page.getByRole('combobox', { name: label }).click();
  await ctx.page.getByRole('option', { name: option }).click();
}

describe('contractors, end to end in Chromium', () => {
  it('creates a contractor with a project and an office and a site contact; two project edits show in the log', async () => {
    await ctx.page.goto(`${ctx.portal.url}/contractor-company/new`);
    await formInput(ctx.page, 'name').fill('Acme Excavating');
    await ctx.page.getByRole('button', { name: 'Save' }).click();
    await ctx.page.waitForURL(/\/contractor-company\/\d+$/);
    const companyUrl = ctx.page.url();

    await addContact(companyUrl, 'Olivia Office', '4165550123', 'Office contact');
    await addContact(companyUrl, 'Sam Site', '4165550456', 'Site contact');

    await ctx.page.getByRole('link', { name: 'Add project' }).click();
    await ctx.page.waitForURL(/\/projects\/new\/contractor-company\/\d+$/);
    await formInput(ctx.page, 'projectId').fill('P-100');
    await formInput(ctx.page, 'jobSite').fill('North Pit');
    await pick('Site contact', /Sam Site/);
    await pick('Office contact', /Olivia Office/);
    await ctx.page.getByRole('button', { name: 'Save' }).click();
    await ctx.page.waitForURL(companyUrl);
    const projectRow = ctx.page.getByRole('row', { name: /P-100/ });
    await expect.poll(() => projectRow.isVisible()).toBe(true);
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps the space between table cells
    expect(await projectRow.innerText()).toMatch(
      /North Pit[\s\S]*Sam Site[\s\S]*\(416\)555-0456[\s\S]*Olivia Office/,
    );
    await screenshot(ctx.page, 'contractor-company-page');

    await projectRow.getByRole('link', { name: 'Edit' }).click();
    await ctx.page.waitForURL(/\/projects\/\d+\/contractor-company\/\d+$/);
    await formInput(ctx.page, 'jobSite').fill('South Pit');
    await ctx.page.getByRole('button', { name: 'Save' }).click();
    await ctx.page.waitForURL(companyUrl);
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps the space between table cells
    await expect.poll(() => ctx.page.getByRole('row', { name: /P-100/ }).innerText()).toMatch(/South Pit/);

    await ctx.page.getByRole('row', { name: /P-100/ }).getByRole('link', { name: 'Project log' }).click();
    await ctx.page.waitForURL(/\/project-log\/\d+$/);
    await expect.poll(() => ctx.page.getByText('Updated', { exact: true }).count()).toBe(1);
    expect(await ctx.page.getByText('Created', { exact: true }).count()).toBe(1);
    expect(await ctx.page.getByText('South Pit').count()).toBeGreaterThanOrEqual(1);
    await screenshot(ctx.page, 'project-log');

    // Both log entries name the administrator who made them.
    const projectId = Number(ctx.page.url().split('/').at(-1));
    const log = await ctx.call(endpoints.getProjectLogsById, { params: { id: projectId } });
    expect(log.map((entry) => entry.username)).toEqual([testAdmin.username, testAdmin.username]);

    await ctx.page.goto(`${ctx.portal.url}/contractors`);
    await expect.poll(() => ctx.page.getByRole('row', { name: /Acme Excavating/ }).isVisible()).toBe(true);
    await screenshot(ctx.page, 'contractors');
  });

  it('deleting a contractor takes its row off the list at once, without a reload (issue 15, item 7)', async () => {
    const gone = await ctx.call(endpoints.contractorCompanyCatalogue.create, {
      body: { name: 'Gone Grading' },
    });
    // Its empty tables read as sentences, not 'No Contractor contacts found' (issue 15, item 12).
    await ctx.page.goto(`${ctx.portal.url}/contractor-company/${gone.id}`);
    await expect.poll(() => ctx.page.getByText('No contacts yet.').isVisible()).toBe(true);
    expect(await ctx.page.getByText('No projects yet.').isVisible()).toBe(true);
    await ctx.page.goto(`${ctx.portal.url}/contractors`);
    const row = ctx.page.getByRole('row', { name: /Gone Grading/ });
    await expect.poll(() => row.isVisible()).toBe(true);
    const total = async () =>
      Number(
        /of (\d+)/.exec(
          (await ctx.page.locator('.MuiTablePagination-displayedRows').textContent()) ?? '',
        )?.[1],
      );
    const before = await total();
    await row.getByRole('button', { name: 'Delete' }).click();
    await ctx.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await expect.poll(total).toBe(before - 1);
    // What happened, not react-admin's 'Element deleted' (issue 15, item 12).
    await expect.poll(() => ctx.page.getByText('Contractor deleted', { exact: true }).isVisible()).toBe(true);
  });
});
