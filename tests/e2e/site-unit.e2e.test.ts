import { endpoints, type Ticket } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { formInput, screenshot } from '../support/browser';
import { northPitLoad, useBrowserPortal } from '../support/browser-portal';

// A site that shows weights in pounds (issue 29, section 2): every weight stays KG in the API.
const ctx = useBrowserPortal();

let ticket: Ticket;
let haulerId: number;
let projectId: number;

beforeAll(async () => {
  await ctx.generateTickets(1, 1);
  ticket = await ctx.ticketNumbered(1);
  const load = await northPitLoad(ctx);
  haulerId = load.haulerId;
  // Approved for 40 t: 88 185 lb on the Reports page's chart.
  projectId = (
    await ctx.call(endpoints.projectCatalogue.create, {
      body: {
        project: {
          projectId: 'P-LB',
          contractorCompanyId: load.contractorId,
          jobSite: 'North Pit',
          approved: 40,
        },
      },
    })
  ).id;
  await ctx.call(endpoints.putTicketEdit, {
    body: { ticket: { id: ticket.id, ...load.details, projectId, weight: 27380, isReceived: true } },
  });
  await ctx.changeSettings({ displayUnit: 'lb' });
  await ctx.page.context().addInitScript('window.print = () => {};');
  await ctx.logInAsAdministrator();
});

async function screenshotsOf(name: string) {
  await screenshot(ctx.page, `${name}-1440`);
  await ctx.page.setViewportSize({ width: 390, height: 844 });
  await screenshot(ctx.page, `${name}-390`);
  await ctx.page.setViewportSize({ width: 1440, height: 900 });
}

/** A test id's text, its no-break spaces (en-ZA's digit groups) read as spaces. */
const textOf = async (testId: string) =>
  ((await ctx.page.getByTestId(testId).textContent()) ?? '').replace(/\s/g, ' ');

const visible = (text: string) => ctx.page.getByText(text, { exact: true }).first().isVisible();

describe('a lb site, end to end in Chromium', () => {
  it("shows the ticket's weight in lb, takes one typed in lb and sends KG", async () => {
    await ctx.page.goto(`${ctx.portal.url}/ticket/${ticket.id}`);
    const weight = ctx.page.getByLabel('Weight (lb)');
    // 27 380 kg / 0.45359237 = 60 362.57 lb.
    await expect.poll(() => weight.inputValue(), { timeout: 5000 }).toBe('60363');
    await screenshotsOf('site-unit-ticket');
    await weight.fill('60000');
    await ctx.page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => ctx.page.getByText('Ticket updated successfully').isVisible()).toBe(true);
    await expect
      .poll(async () => (await ctx.call(endpoints.getTicketById, { params: { id: ticket.id } })).weight, {
        timeout: 5000,
      })
      .toBe(27215.54);
  });

  it("lists the trucks' tares in lb", async () => {
    await ctx.page.goto(`${ctx.portal.url}/transport-company/${haulerId}`);
    // 15 000 kg = 33 069.34 lb.
    await expect.poll(() => visible('33 069 lb'), { timeout: 5000 }).toBe(true);
    await screenshotsOf('site-unit-trucks');
  });

  it('prints the receiving record in lb, with the KG recorded beside the net', async () => {
    await ctx.page.goto(`${ctx.portal.url}/print-record/${ticket.id}`);
    await expect.poll(() => visible('60 000 lb'), { timeout: 5000 }).toBe(true);
    // Tare 15 000 kg, gross 42 215.54 kg: in lb, and the net as recorded in KG.
    for (const text of ['33 069 lb', '93 069 lb', 'Net weight as recorded (KG)', '27 215,54 KG'])
      expect(await visible(text), text).toBe(true);
    expect(await ctx.page.getByText('Net weight (tonnes)').count()).toBe(0);
    await screenshotsOf('site-unit-print-record');
  });

  it('shows the haulage record in lb', async () => {
    const { hash } = await ctx.call(endpoints.getTicketByIdHash, { params: { id: ticket.id } });
    await ctx.page.goto(`${ctx.portal.url}/haulage-record/${ticket.id}?hash=${encodeURIComponent(hash)}`);
    await expect.poll(() => visible('60 000 lb'), { timeout: 5000 }).toBe(true);
    expect(await visible('27 215,54 KG')).toBe(true);
    await screenshotsOf('site-unit-haulage-record');
  });

  it('runs the custom report in lb: the Weight (lb) column, totals in lb with the KG recorded, a chart in pounds', async () => {
    await ctx.page.goto(`${ctx.portal.url}/reports`);
    await expect.poll(() => ctx.page.getByRole('checkbox', { name: 'Weight (lb)' }).isChecked()).toBe(true);
    await formInput(ctx.page, 'from').fill('1');
    await formInput(ctx.page, 'to').fill('1');
    await ctx.page.getByRole('button', { name: 'Run report' }).click();
    const table = ctx.page.getByRole('table', { name: 'Report tickets' });
    await expect.poll(() => table.getByRole('row').count(), { timeout: 30_000 }).toBe(2);
    expect(await table.getByRole('columnheader').allTextContents()).toContain('Weight (lb)');
    expect(await table.getByRole('cell', { name: '60 000 lb', exact: true }).count()).toBe(1);
    expect(await textOf('report-totals')).toContain('Net of received loads: 60 000 lb (27 215,54 KG)');
    await expect.poll(() => visible('Net pounds per project')).toBe(true);
    for (const text of ['Net pounds', 'Approved pounds']) expect(await visible(text), text).toBe(true);
    await screenshotsOf('site-unit-reports');
  });

  it("prints the project's haulage record report in lb, with the KG recorded beside", async () => {
    await ctx.page.goto(`${ctx.portal.url}/report/haulage-record/${projectId}`);
    await expect.poll(() => visible('Net (lb)'), { timeout: 5000 }).toBe(true);
    expect(await visible('Net as recorded (KG)')).toBe(true);
    expect(await textOf('report-totals')).toContain('60 000 lb27 215,54 KG');
    expect(await ctx.page.getByText('Tonnes', { exact: true }).count()).toBe(0);
    await screenshotsOf('site-unit-haulage-report');
  });

  it('takes a hand-set scale weight in lb and sends KG: the tare it sets is stored in KG', async () => {
    await ctx.page.goto(`${ctx.portal.url}/scale`);
    await ctx.page.getByRole('button', { name: 'Set weight by hand' }).click();
    const dialog = ctx.page.getByRole('dialog', { name: 'Manually Set Scale Weight' });
    await dialog.getByLabel('Weight (lb)').fill('33000');
    await dialog.getByLabel('Reason').fill('Indicator down');
    await screenshot(ctx.page, 'site-unit-manual-weight-1440', { fullPage: false });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => textOf('scale-weight')).toBe('33 000lb');
    await ctx.page.getByRole('radio', { name: 'Tare' }).check();
    await ctx.page.getByRole('combobox', { name: 'Truck' }).fill('T-17');
    await ctx.page.getByRole('option', { name: /T-17/ }).click();
    await ctx.page.getByRole('button', { name: 'Set Tare' }).click();
    // 33 000 lb × 0.45359237 = 14 968.55 kg.
    await expect
      .poll(async () => {
        // Without a page asked for, the route answers the whole list.
        const trucks = await ctx.call(endpoints.postTruckAll, { body: {} });
        return Array.isArray(trucks) ? trucks[0]?.tareWeight : trucks;
      })
      .toBe(14_968.55);
    await screenshot(ctx.page, 'site-unit-manual-tare-1440');
  });
});
