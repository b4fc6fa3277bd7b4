import { endpoints, type Ticket } from '@portal/contract';
import { displayTicketNumber, scaleMessages } from '@portal/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { useBrowserPortal } from '../support/browser-portal';
import { requestOverHttp } from '../support/http-client';
import { chooseTicketToWeighIn } from '../support/scale-page';

/**
 * Issue 34: net is never silently gross (D2): a driver's dispatch with the plate of truck T-101 (tare
 * 14,500) links it, and the Scale page's weigh-in takes its tare; a weight set by hand needs a reason and
 * is marked MANUAL on the ticket and its log (D4); Tare mode finds the truck's tickets by plate; the
 * ticket page warns of one truck on several open tickets (D21).
 */
const ctx = useBrowserPortal();

let hauler: { id: number; name: string };
let otherHauler: { id: number; name: string };

/** A driver's dispatch from the ticket's link, as the Truck Dispatch page sends it (no one signed in). */
async function dispatchByDriver(ticket: Ticket, transportCompanyName: string, plate: string) {
  const { hash } = await ctx.call(endpoints.getTicketByIdHash, { params: { id: ticket.id } });
  const response = await requestOverHttp(ctx.portal.url, endpoints.postTicketByIdByHashDispatch, {
    params: { id: ticket.id, hash },
    body: {
      timeLoaded: new Date(Date.now() - 30 * 60_000).toISOString(),
      transportCompanyName,
      truckNumber: '101',
      truckLicensePlate: plate,
      truckDriverName: 'Dora Driver',
    },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

beforeAll(async () => {
  hauler = await ctx.call(endpoints.transportCompanyCatalogue.create, { body: { name: 'Northern Haulage' } });
  otherHauler = await ctx.call(endpoints.transportCompanyCatalogue.create, {
    body: { name: 'Southern Haulage' },
  });
  await ctx.call(endpoints.truckCatalogue.create, {
    body: {
      truck: { transportCompanyId: hauler.id, number: 'T-101', licensePlate: 'AB12345', tareWeight: 14_500 },
    },
  });
  await ctx.call(endpoints.materialCatalogue.create, { body: { name: 'Clean fill' } });
  await ctx.call(endpoints.scaleCatalogue.create, { body: { scaleName: 'North gate' } });
  await ctx.generateTickets(1, 6);
  await ctx.logInAsAdministrator();
});

const kg = (weight: number) => weight.toLocaleString('en-ZA').replace(/\s/g, '\\s?');

describe.each([
  { width: 1440, height: 900, first: 1 },
  { width: 390, height: 844, first: 4 },
])('at $width px', ({ width, height, first }) => {
  it('a driver dispatches with the plate of T-101; the Scale weigh-in takes its tare; the ticket and its log say MANUAL', async () => {
    const { page } = ctx;
    await page.setViewportSize({ width, height });
    const ticket = await ctx.ticketNumbered(first);
    await dispatchByDriver(ticket, hauler.name, 'ab12345');

    await page.goto(`${ctx.portal.url}/scale`);
    await expect.poll(() => page.getByRole('combobox', { name: 'Scale' }).textContent()).toBe('North gate');
    // A weight set by hand needs a reason: Confirm without one says so, and sets nothing.
    await page.getByRole('button', { name: 'Set weight by hand' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manually Set Scale Weight' });
    await dialog.getByLabel('Weight (KG)').fill('99999999');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => dialog.getByText('Weight must be more than 0 KG and at most 100000 KG').isVisible())
      .toBe(true);
    expect(await dialog.getByText(scaleMessages.manualReasonRequired).isVisible()).toBe(true);
    await screenshot(page, `net-weights-manual-refused-${width}`, { fullPage: false });
    await dialog.getByLabel('Weight (KG)').fill('40000');
    await dialog.getByLabel('Reason').fill('Indicator display broken');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await chooseTicketToWeighIn(page, 'AB123', ticket, 'Clean fill');
    // The truck's stored tare, not the default tare of 0: net = gross − 14,500.
    await expect
      .poll(() => page.getByTestId('figure-tare').textContent())
      .toMatch(new RegExp(`^${kg(14_500)} KG$`));
    expect(await page.getByTestId('figure-net').textContent()).toMatch(new RegExp(`^${kg(25_500)} KG$`));
    expect(await page.getByTestId('tare-needed').count()).toBe(0);
    await screenshot(page, `net-weights-scale-weigh-in-${width}`);
    await page.getByRole('button', { name: 'Weigh In', exact: true }).last().click();
    await expect
      .poll(() => page.getByText(new RegExp(`weighed in: net ${kg(25_500)} KG`)).isVisible())
      .toBe(true);

    await page.goto(`${ctx.portal.url}/ticket/${ticket.id}`);
    await expect
      .poll(() => page.getByTestId('weighing-provenance').isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getByLabel('Tare', { exact: true }).inputValue()).toMatch(
      new RegExp(`^${kg(14_500)} KG$`),
    );
    expect(await page.getByLabel('Gross', { exact: true }).inputValue()).toMatch(
      new RegExp(`^${kg(40_000)} KG$`),
    );
    expect(await page.getByLabel('Weight (KG)').inputValue()).toBe('25500');
    expect(await page.getByTestId('weighing-provenance').textContent()).toBe(
      'MANUALSet by hand: Indicator display broken on North gate',
    );
    await screenshot(page, `net-weights-ticket-manual-${width}`);

    await page.goto(`${ctx.portal.url}/ticket-log/${ticket.id}`);
    await expect
      .poll(() => page.getByText('Set by hand: Indicator display broken on North gate').first().isVisible())
      .toBe(true);
    expect(await page.getByText('MANUAL', { exact: true }).first().isVisible()).toBe(true);
    await screenshot(page, `net-weights-ticket-log-manual-${width}`);
  });

  it("Tare mode finds every received ticket of T-101 by its plate, also one of another company's dispatch", async () => {
    const { page } = ctx;
    await page.setViewportSize({ width, height });
    // Dispatched under another company, the plate links no truck; weighed in by the spec's call.
    const byPlate = await ctx.ticketNumbered(first + 1);
    await dispatchByDriver(byPlate, otherHauler.name, 'AB12345');
    const material = (await ctx.call(endpoints.getScaleMaterialAll, {}))[0];
    await ctx.call(endpoints.putTicketWeigh, {
      body: { ticketId: byPlate.id, materialId: material?.id, weight: 38_000 },
    });
    expect(await ctx.call(endpoints.getTicketById, { params: { id: byPlate.id } })).toMatchObject({
      truckId: null,
      isReceived: true,
    });

    await page.goto(`${ctx.portal.url}/scale`);
    await page.getByRole('radio', { name: 'Tare' }).check();
    await page.getByRole('combobox', { name: 'Truck' }).fill('T-101');
    await page.getByRole('option', { name: /T-101/ }).click();
    await page.getByRole('combobox', { name: 'Ticket to update (optional)' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('option', { name: new RegExp(displayTicketNumber(byPlate).replace(/[[\]]/g, '\\$&')) })
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, `net-weights-tare-by-plate-${width}`);
    await page.keyboard.press('Escape');
  });

  it('the ticket page warns when its truck is also dispatched on another open ticket', async () => {
    const { page } = ctx;
    await page.setViewportSize({ width, height });
    const ticket = await ctx.ticketNumbered(first + 2);
    const other = await ctx.ticketNumbered(width === 1440 ? 6 : 3);
    await dispatchByDriver(ticket, hauler.name, 'CD12345');
    await dispatchByDriver(other, hauler.name, 'CD12345');
    const answer = await ctx.call(endpoints.getTicketByIdSameTruck, { params: { id: ticket.id } });
    expect(answer.tickets.map(({ id }) => id)).toEqual([other.id]);
    await page.goto(`${ctx.portal.url}/ticket/${ticket.id}`);
    await expect
      .poll(() => page.getByTestId('same-truck-warning').isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await page.getByTestId('same-truck-warning').textContent()).toContain(
      `Truck CD12345 is also dispatched on open ticket ${displayTicketNumber(other)}`,
    );
    await screenshot(page, `net-weights-same-truck-warning-${width}`);
  });
});
