import { runToEnd } from '@portal/api/test/portal';
import type { Settings, Ticket } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { logInAsAdministrator, ticketNumbered, useBrowserPortal } from '../support/browser-portal';
import { earlierToday } from '../support/site-day';

// A site that shows weights in pounds (issue 29, section 2): every weight stays KG in the API.
const ctx = useBrowserPortal();

let ticket: Ticket;
let haulerId: number;

beforeAll(async () => {
  await runToEnd(ctx.portal, ctx.admin, {
    method: 'POST',
    url: '/api/ticket/generate',
    payload: { from: 1, to: 1 },
  });
  ticket = await ticketNumbered(ctx, 1);
  const contractor = await ctx.api<{ id: number }>('POST', '/api/contractorcompany/new', {
    name: 'Acme Excavating',
  });
  haulerId = (
    await ctx.api<{ id: number }>('POST', '/api/transportcompany/new', { name: 'Northern Haulage' })
  ).id;
  const truck = await ctx.api<{ id: number }>('POST', '/api/truck/new', {
    truck: { transportCompanyId: haulerId, number: 'T-17', licensePlate: 'AB12345', tareWeight: 15000 },
  });
  const materialType = await ctx.api<{ id: number }>('POST', '/api/scale/material/type/new', {
    name: 'Soil',
  });
  const material = await ctx.api<{ id: number }>('POST', '/api/scale/material/new', { name: 'Clean fill' });
  await ctx.api('PUT', '/api/ticket/edit', {
    ticket: {
      id: ticket.id,
      date: new Date().toISOString(),
      timeLoaded: earlierToday(2),
      timeReceived: earlierToday(1),
      jobSite: 'North Pit',
      siteContactName: 'Sally Site',
      contractorCompanyId: contractor.id,
      transportCompanyId: haulerId,
      truckId: truck.id,
      truckNumber: 'T-17',
      truckLicensePlate: 'AB12345',
      truckDriverName: 'Dave Driver',
      truckTypeId: 1,
      materialTypeId: materialType.id,
      materialId: material.id,
      weight: 27380,
      isReceived: true,
    },
  });
  const settings = await ctx.api<Settings>('GET', '/api/setting');
  await ctx.api('PUT', '/api/setting', { ...settings, displayUnit: 'lb' });
  await ctx.page.context().addInitScript('window.print = () => {};');
  await logInAsAdministrator(ctx);
});

async function screenshotsOf(name: string) {
  await screenshot(ctx.page, `${name}-1440`);
  await ctx.page.setViewportSize({ width: 390, height: 844 });
  await screenshot(ctx.page, `${name}-390`);
  await ctx.page.setViewportSize({ width: 1440, height: 900 });
}

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
      .poll(async () => (await ctx.api<Ticket>('GET', `/api/ticket/${ticket.id}`)).weight, { timeout: 5000 })
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
    const { hash } = await ctx.api<{ hash: string }>('GET', `/api/ticket/${ticket.id}/hash`);
    await ctx.page.goto(`${ctx.portal.url}/haulage-record/${ticket.id}?hash=${encodeURIComponent(hash)}`);
    await expect.poll(() => visible('60 000 lb'), { timeout: 5000 }).toBe(true);
    expect(await visible('27 215,54 KG')).toBe(true);
    await screenshotsOf('site-unit-haulage-record');
  });
});
