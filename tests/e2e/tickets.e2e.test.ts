import { defaultUiDist } from '@portal/api/config';
import { formInput, launchChromium, logIn, screenshot } from '@portal/tests/support/browser';
import { bearer, runToEnd, startTestPortal, type TestPortal, testAdmin } from '@portal/tests/support/portal';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let portal: TestPortal;
let browser: Browser;
let page: Page;
let admin: Record<string, string>;

type Ticket = {
  id: number;
  ticketNumber: number;
  jobSite: string | null;
  isRejected: boolean;
  rejectReason: string | null;
  truckLicensePlate: string | null;
  isReceived: boolean;
};

const api = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> => {
  const response = await portal.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
};
const ticketNumbered = async (n: number): Promise<Ticket> =>
  (await api<Ticket[]>('POST', '/api/ticket/search', { ticketNumber: String(n) }))[0] as Ticket;

let contractorId: number;
let haulerId: number;
let truckId: number;

beforeAll(async () => {
  portal = await startTestPortal({ uiDist: defaultUiDist });
  admin = bearer(await portal.login());
  contractorId = (
    await api<{ id: number }>('POST', '/api/contractorcompany/new', { name: 'Acme Excavating' })
  ).id;
  haulerId = (await api<{ id: number }>('POST', '/api/transportcompany/new', { name: 'Northern Haulage' }))
    .id;
  truckId = (
    await api<{ id: number }>('POST', '/api/truck/new', {
      truck: {
        transportCompanyId: haulerId,
        number: 'T-17',
        licensePlate: 'AB12345',
        driverName: 'Dave Driver',
        tareWeight: 15000,
      },
    })
  ).id;
  await runToEnd(portal, admin, { method: 'POST', url: '/api/ticket/generate', payload: { from: 1, to: 6 } });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await logIn(page, portal.url, testAdmin.username, testAdmin.password);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const loadedHoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
const completeTicket = (id: number) => ({
  id,
  date: new Date().toISOString(),
  timeLoaded: loadedHoursAgo(2),
  timeReceived: loadedHoursAgo(1),
  jobSite: 'North Pit',
  siteContactName: 'Sally Site',
  contractorCompanyId: contractorId,
  transportCompanyId: haulerId,
  truckId,
  truckTypeId: 1,
  truckNumber: 'T-17',
  truckLicensePlate: 'AB12345',
  truckDriverName: 'Dave Driver',
});

describe('tickets on the ticket page, end to end in Chromium', () => {
  it('edits a ticket on /ticket/{id} and saves it', async () => {
    const ticket = await ticketNumbered(2);
    await api('PUT', '/api/ticket/edit', { ticket: completeTicket(ticket.id) });
    await page.goto(`${portal.url}/ticket/${ticket.id}`);
    await expect.poll(() => page.getByText('Edit Ticket').first().isVisible()).toBe(true);
    await formInput(page, 'jobSite').fill('East Pit');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Ticket updated successfully').isVisible()).toBe(true);
    expect((await ticketNumbered(2)).jobSite).toBe('East Pit');
    await screenshot(page, 'ticket-edit-page');
  });

  it('rejects a ticket with a reason, then restores the data from its log', async () => {
    const ticket = await ticketNumbered(3);
    await api('PUT', '/api/ticket/edit/short', {
      ticket: {
        id: ticket.id,
        timeLoaded: loadedHoursAgo(1),
        jobSite: 'Quarry Road',
        truckLicensePlate: 'AB12345',
        truckDriverName: 'Dave Driver',
      },
    });
    await page.goto(`${portal.url}/ticket/${ticket.id}`);
    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Wrong material');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => page.getByText('Ticket rejected successfully!').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText('This ticket was rejected: Wrong material').isVisible())
      .toBe(true);
    const rejected = await ticketNumbered(3);
    expect(rejected).toMatchObject({
      isRejected: true,
      rejectReason: 'Wrong material',
      truckLicensePlate: null,
    });

    await page.goto(`${portal.url}/ticket-log/${ticket.id}`);
    // Newest first: the rejection, then the edit that set the plate; restore the edit.
    const restoreButtons = page.getByRole('button', { name: 'Restore' });
    await expect.poll(() => restoreButtons.count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'ticket-log');
    await restoreButtons.nth(1).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => page.getByText('Ticket restored').isVisible()).toBe(true);
    await page.waitForURL(`${portal.url}/ticket/${ticket.id}`);
    expect(await ticketNumbered(3)).toMatchObject({
      truckLicensePlate: 'AB12345',
      isRejected: false,
      jobSite: 'Quarry Road',
    });
  });

  it('a standard user cannot edit a received ticket', async () => {
    const ticket = await ticketNumbered(4);
    await api('PUT', '/api/ticket/edit', { ticket: { ...completeTicket(ticket.id), isReceived: true } });
    await api('POST', '/api/user/new', {
      username: 'gate@portal.test',
      password: 'Gatehouse-birch-comet-63',
      firstName: 'Gina',
      lastName: 'Gate',
    });
    const standard = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await logIn(standard, portal.url, 'gate@portal.test', 'Gatehouse-birch-comet-63');
      await standard.goto(`${portal.url}/ticket/${ticket.id}`);
      await expect
        .poll(() =>
          standard
            .getByText('This ticket has been received: only an administrator can change it.')
            .isVisible(),
        )
        .toBe(true);
      expect(await standard.getByRole('button', { name: 'Save' }).count()).toBe(0);
      await screenshot(standard, 'ticket-received-standard-user');
    } finally {
      await standard.close();
    }
  });
});

describe('tickets on the dashboard, end to end in Chromium', () => {
  const searchForm = () => page.locator('form').filter({ has: page.getByRole('button', { name: 'Search' }) });

  it('receives an incomplete ticket from the dashboard through the dialog, with the plate autofilling the truck', async () => {
    const ticket = await ticketNumbered(5);
    await api('PUT', '/api/ticket/edit/short', {
      ticket: { id: ticket.id, timeLoaded: loadedHoursAgo(0.5) },
    });
    await page.goto(`${portal.url}/dashboard`);
    await page.getByRole('button', { name: 'Receive [0] 000005' }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() =>
        dialog.getByText('This ticket is incomplete: fill in what you know, then receive it.').isVisible(),
      )
      .toBe(true);
    await dialog.locator('input[name="jobSite"]').fill('West Pit');
    await dialog.locator('input[name="siteContactName"]').fill('Sam Site');
    await dialog.locator('input[name="truckLicensePlate"]').pressSequentially('ab12345', { delay: 40 });
    await expect.poll(() => dialog.locator('input[name="truckNumber"]').inputValue()).toBe('T-17');
    expect(await dialog.locator('input[name="truckDriverName"]').inputValue()).toBe('Dave Driver');
    await screenshot(page, 'receive-dialog');
    await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect.poll(() => page.getByText('Ticket [0] 000005 received').isVisible()).toBe(true);
    expect(await ticketNumbered(5)).toMatchObject({
      isReceived: true,
      jobSite: 'West Pit',
      truckLicensePlate: 'AB12345',
      truckId,
      transportCompanyId: haulerId,
      timeLoaded: null, // the dashboard's receipt clears the time loaded (spec section 4)
    });
    await screenshot(page, 'dashboard');
  });

  it('searches by licence plate and by date range', async () => {
    const lastYear = new Date(Date.now() - 365 * 24 * 3600_000).toISOString();
    await api('PUT', '/api/ticket/edit/short', {
      ticket: { id: (await ticketNumbered(6)).id, date: lastYear },
    });
    await page.goto(`${portal.url}/dashboard`);

    await searchForm().getByLabel('License plate').fill('AB12345');
    await page.getByRole('button', { name: 'Search' }).click();
    // Tickets 2 and 4 were saved with the truck's plate, 3 got it back by the restore, 5 by the dialog.
    await expect
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps the space between table cells
      .poll(() => page.getByText(/^Search results: \d+ tickets?$/).innerText())
      .toBe('Search results: 4 tickets');
    for (const number of ['[0] 000002', '[0] 000003', '[0] 000004', '[0] 000005']) {
      expect(
        await page.getByRole('row', { name: new RegExp(number.replace(/[[\]]/g, '\\$&')) }).count(),
      ).toBe(1);
    }

    await searchForm().getByLabel('License plate').fill('');
    const day = lastYear.slice(0, 10);
    await searchForm().getByLabel('From date').fill(day);
    await searchForm().getByLabel('To date').fill(day);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps the space between table cells
      .poll(() => page.getByText(/^Search results: \d+ tickets?$/).innerText())
      .toBe('Search results: 1 ticket');
    expect(await page.getByRole('row', { name: /\[0\] 000006/ }).count()).toBe(1);
  });
});
