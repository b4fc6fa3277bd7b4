import { defaultUiDist } from '@portal/api';
import { bearer, startTestPortal, type TestPortal, testAdmin } from '@portal/api/test/portal';
import { keepReporting, scaleWithKey } from '@portal/api/test/scale-kit';
import { type BridgeReport, endpoints, type ScaleReading, type Ticket, type Truck } from '@portal/contract';
import { displayTicketNumber, scaleMessages } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditScreensAfterEach } from '../support/accessibility';
import { launchChromium, logIn, screenshot } from '../support/browser';
import { clientOverHttp } from '../support/http-client';
import { ticketLoadedOnTruck } from '../support/loaded-ticket';

// Issue 29, section 3: two-pass weighing and stored tares with an expiry, as an operator meets them
// on the Scale page, at desktop and phone widths.
let portal: TestPortal;
let browser: Browser;
let page: Page;
let admin: Record<string, string>;
let bridge: { stop(): void };
/** What the scale's bridge reports next (every 250 ms). */
let deck: Partial<ScaleReading> & { weightKg: number } = { weightKg: 0 };
let nextTicketNumber = 700;

const call = clientOverHttp(
  () => portal.url,
  () => admin,
);

const reading = (): BridgeReport => ({
  status: 'ok',
  statusSince: new Date(Date.now() - 5000).toISOString(),
  reading: {
    mode: 'gross',
    stable: true,
    range: 'ok',
    rawFrame: '02',
    readAt: new Date().toISOString(),
    divisionKg: 20,
    ...deck,
  },
});

/** The deck empties (the scale reads zero) and the truck drives on at `weightKg`. */
async function driveOn(weightKg: number, fields: Partial<ScaleReading> = {}): Promise<void> {
  deck = { weightKg: 0 };
  await page.waitForTimeout(700);
  deck = { weightKg, ...fields };
  await expect
    .poll(async () => ((await page.getByTestId('scale-weight').textContent()) ?? '').replace(/\D/g, ''))
    .toBe(String(weightKg));
}

let plateSerial = 10_000;
/** A truck of its own haulage company, with this tare (or none), and a fresh ticket for it. */
async function truckTicket(tareWeight: number | null): Promise<{ truck: Truck; ticket: Ticket }> {
  plateSerial += 1;
  const hauler = await call(endpoints.transportCompanyCatalogue.create, {
    body: { name: `Haul ${plateSerial}` },
  });
  const truck = await call(endpoints.truckCatalogue.create, {
    body: {
      truck: {
        transportCompanyId: hauler.id,
        number: `W-${plateSerial}`,
        licensePlate: `WB${plateSerial}`,
        tareWeight,
      },
    },
  });
  nextTicketNumber += 1;
  const { ticket } = await ticketLoadedOnTruck(call, nextTicketNumber, truck);
  return { truck, ticket };
}

async function chooseTicket(ticket: Ticket, plate: string): Promise<void> {
  await page.getByRole('combobox', { name: "Today's ticket (number or plate)" }).fill(plate);
  await page
    .getByRole('option', { name: new RegExp(displayTicketNumber(ticket).replace(/[[\]]/g, '\\$&')) })
    .click();
  await page.getByRole('combobox', { name: 'Material' }).click();
  await page.getByRole('option', { name: 'Clean fill' }).click();
}

/** The Scale page opened afresh at this width (a phone's menu is a drawer), weighing started. */
async function openScalePage(width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.goto(`${portal.url}/scale`);
  await page.getByRole('button', { name: 'Start weighing' }).click();
}

const figure = (testId: string) => page.getByTestId(testId).textContent();
const weighButton = (name: string) => page.getByRole('button', { name, exact: true });

beforeAll(async () => {
  portal = await startTestPortal({ uiDist: defaultUiDist });
  admin = bearer(await portal.login());
  const { key } = await scaleWithKey(portal, admin, 'Weighbridge lane');
  bridge = keepReporting(portal, key, reading);
  await call(endpoints.materialCatalogue.create, { body: { name: 'Clean fill' } });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await logIn(page, portal.url, testAdmin.username, testAdmin.password);
});
auditScreensAfterEach(() => [page]);

afterAll(async () => {
  bridge?.stop();
  await browser?.close();
  await portal?.stop();
});

describe('the weighbridge workflow on the Scale page', () => {
  it.each([
    { width: 1440, height: 900, order: 'loaded in, empty out', first: 40_000, second: 15_000 },
    { width: 390, height: 844, order: 'empty in, loaded out', first: 15_000, second: 40_000 },
  ])(
    'two-pass at $width px ($order): told there is no stored tare, the first weight held, the second completes it',
    async ({ width, height, first, second }) => {
      await openScalePage(width, height);
      const { truck, ticket } = await truckTicket(null);
      await driveOn(first);
      await chooseTicket(ticket, truck.licensePlate);
      // Never silently on the default tare: the operator is told, and Weigh In waits for a choice.
      expect(await page.getByTestId('tare-needed').textContent()).toContain(
        scaleMessages.tareMissing(truck.number),
      );
      await expect
        .poll(() => page.getByTestId('weighing-refusal').textContent())
        .toBe('Choose how to weigh this truck: weigh it again empty (two-pass), or use the default tare.');
      expect(await weighButton('Weigh In').isDisabled()).toBe(true);
      await screenshot(page, `weighbridge-tare-missing-${width}`);
      await page.getByRole('radio', { name: /two-pass/ }).check();
      await weighButton('Hold first weight').click();
      await expect.poll(() => page.getByText(/first weight .* held/).isVisible()).toBe(true);
      expect(await call(endpoints.getTicketById, { params: { id: ticket.id } })).toMatchObject({
        firstWeight: first,
        weight: null,
      });

      await driveOn(second);
      await chooseTicket(ticket, truck.licensePlate);
      await expect.poll(() => page.getByTestId('first-weight-held').isVisible()).toBe(true);
      await expect.poll(() => figure('figure-gross')).toMatch(/^40\s?000 KG$/);
      expect(await figure('figure-tare')).toMatch(/^15\s?000 KG$/);
      expect(await figure('figure-net')).toMatch(/^25\s?000 KG$/);
      await screenshot(page, `weighbridge-two-pass-${width}`);
      await weighButton('Weigh second pass').click();
      await expect.poll(() => page.getByText(/weighed in: net 25\s?000 KG/).isVisible()).toBe(true);
      expect(await call(endpoints.getTicketById, { params: { id: ticket.id } })).toMatchObject({
        firstWeight: null,
        weight: 25_000,
        isReceived: true,
      });
    },
  );

  it.each([
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ])(
    "an expired tare at $width px: the operator chooses the site's default tare, and the ticket records it",
    async ({ width, height }) => {
      const settings = await call(endpoints.getSetting, {});
      await call(endpoints.putSetting, {
        body: { ...settings, retareEveryDays: 30, defaultTareWeight: 12_000 },
      });
      try {
        const { truck, ticket } = await truckTicket(14_000);
        // Tared 40 days ago: its read-model row dated back, as time would have.
        await portal.app.infra.pool.query('UPDATE trucks SET tare_weighed_at = $1 WHERE id = $2', [
          new Date(Date.now() - 40 * 86_400_000),
          truck.id,
        ]);
        await openScalePage(width, height);
        await driveOn(38_000);
        await chooseTicket(ticket, truck.licensePlate);
        await expect
          .poll(() => page.getByTestId('tare-needed').textContent())
          .toMatch(/tares expire after 30 days/);
        await page.getByRole('radio', { name: /default tare \(12\s?000 KG\)/ }).check();
        await expect.poll(() => figure('figure-net')).toMatch(/^26\s?000 KG$/);
        await screenshot(page, `weighbridge-tare-expired-${width}`);
        await weighButton('Weigh In').click();
        await expect.poll(() => page.getByText(/weighed in: net 26\s?000 KG/).isVisible()).toBe(true);
        const history = await call(endpoints.getTicketByIdHistory, { params: { id: ticket.id } });
        expect(history.find((event) => event.type === 'TicketWeighedOnDefaultTare')?.data).toMatchObject({
          storedTare: 'expired',
        });
      } finally {
        const current = await call(endpoints.getSetting, {});
        await call(endpoints.putSetting, {
          body: { ...current, retareEveryDays: null, defaultTareWeight: 0 },
        });
      }
    },
  );

  it('a truck that left without its second weighing: the first weight is let go, after a confirmation', async () => {
    await openScalePage(1440, 900);
    const { truck, ticket } = await truckTicket(null);
    await driveOn(39_500);
    await chooseTicket(ticket, truck.licensePlate);
    await page.getByRole('radio', { name: /two-pass/ }).check();
    await weighButton('Hold first weight').click();
    await expect.poll(() => page.getByText(/first weight .* held/).isVisible()).toBe(true);
    await chooseTicket(ticket, truck.licensePlate);
    await page.getByTestId('first-weight-held').getByRole('button', { name: 'Let it go' }).click();
    const confirm = page.getByRole('dialog', { name: 'Let the first weight go?' });
    await screenshot(page, 'weighbridge-discard-first-weight-1440', { fullPage: false });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByTestId('first-weight-held').count()).toBe(0);
    await expect.poll(() => page.getByTestId('tare-needed').isVisible()).toBe(true);
    expect((await call(endpoints.getTicketById, { params: { id: ticket.id } })).firstWeight).toBeNull();
  });

  it.each([
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ])(
    'over capacity at $width px: the alarm is unmissable and Weigh In is refused with the reason',
    async ({ width, height }) => {
      await openScalePage(width, height);
      deck = { weightKg: 62_000, range: 'over' };
      await expect.poll(() => page.getByTestId('scale-alarm').textContent()).toBe('OVER RANGE');
      await expect
        .poll(() => page.getByTestId('weighing-refusal').textContent())
        .toBe(scaleMessages.overRange);
      expect(await weighButton('Weigh In').isDisabled()).toBe(true);
      await screenshot(page, `weighbridge-over-range-${width}`);
    },
  );

  it('a net reading is refused as gross, and weighed as net on the tare the indicator holds', async () => {
    await openScalePage(1440, 900);
    const { truck, ticket } = await truckTicket(13_000);
    await driveOn(24_020, { mode: 'net', tareKg: 14_000 });
    await chooseTicket(ticket, truck.licensePlate);
    await expect.poll(() => page.getByTestId('weighing-refusal').textContent()).toBe(scaleMessages.netMode);
    await screenshot(page, 'weighbridge-net-refused-1440');
    await page.getByRole('switch', { name: /Weigh the indicator's net weight/ }).check();
    await expect.poll(() => figure('figure-gross')).toMatch(/^38\s?020 KG$/);
    await screenshot(page, 'weighbridge-net-chosen-1440');
    await weighButton('Weigh In').click();
    await expect.poll(() => page.getByText(/weighed in: net 24\s?020 KG/).isVisible()).toBe(true);
    expect((await call(endpoints.getTicketById, { params: { id: ticket.id } })).weight).toBe(24_020);
  });
});
