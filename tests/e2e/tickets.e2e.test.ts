import { endpoints, type Ticket } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { datePicker, formInput, logIn, screenshot, typeDate } from '../support/browser';
import { gateUser, useBrowserPortal } from '../support/browser-portal';
import { earlierToday } from '../support/site-day';

const ctx = useBrowserPortal();

let contractorId: number;
let haulerId: number;
let truckId: number;

beforeAll(async () => {
  contractorId = (
    await ctx.call(endpoints.contractorCompanyCatalogue.create, { body: { name: 'Acme Excavating' } })
  ).id;
  haulerId = (
    await ctx.call(endpoints.transportCompanyCatalogue.create, { body: { name: 'Northern Haulage' } })
  ).id;
  truckId = (
    await ctx.call(endpoints.truckCatalogue.create, {
      body: {
        truck: {
          transportCompanyId: haulerId,
          number: 'T-17',
          licensePlate: 'AB12345',
          driverName: 'Dave Driver',
          tareWeight: 15000,
        },
      },
    })
  ).id;
  await ctx.generateTickets(1, 7);
  await ctx.logInAsAdministrator();
});

/** What a date picker shows, without the line breaks and bidirectional marks between its sections. */
const pickerText = async (picker: Locator) =>
  `${await picker.textContent()}`.replace(/[\n\u2066-\u2069\u200e\u200f]/g, '');

/** Ticket 1, complete and received, with its own plate: the plate search below counts the tickets of AB12345. */
async function completeTicketOne(): Promise<Ticket> {
  const { truckId: _, ...withoutTruck } = completeTicket((await ctx.ticketNumbered(1)).id);
  await ctx.call(endpoints.putTicketEdit, {
    body: { ticket: { ...withoutTruck, truckLicensePlate: 'DT10001' } },
  });
  return ctx.ticketNumbered(1);
}

const completeTicket = (id: number) => ({
  id,
  date: new Date().toISOString(),
  timeLoaded: earlierToday(2),
  timeReceived: earlierToday(1),
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
    const ticket = await ctx.ticketNumbered(2);
    await ctx.call(endpoints.putTicketEdit, { body: { ticket: completeTicket(ticket.id) } });
    await ctx.page.goto(`${ctx.portal.url}/ticket/${ticket.id}`);
    await expect.poll(() => ctx.page.getByText('Edit Ticket').first().isVisible()).toBe(true);
    // Time received once, in the receiving information (issue 15, item 13).
    await expect.poll(() => datePicker(ctx.page, 'Time received').count()).toBe(1);
    expect(await ctx.page.getByRole('textbox', { name: 'Time received' }).count()).toBe(0);
    await formInput(ctx.page, 'jobSite').fill('East Pit');
    await ctx.page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => ctx.page.getByText('Ticket updated successfully').isVisible()).toBe(true);
    expect((await ctx.ticketNumbered(2)).jobSite).toBe('East Pit');
    await screenshot(ctx.page, 'ticket-edit-page');
  });

  it('shows dates in its inputs as the portal writes them everywhere, en-ZA, in an en-US browser too (issue 15, item 15)', async () => {
    const context = await ctx.browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await ctx.logInAsAdministrator(page);
      const ticket = await completeTicketOne();
      await page.goto(`${ctx.portal.url}/ticket/${ticket.id}`);
      // The en-ZA style: 2025/11/21 for a day, 2025/11/21, 14:05 for a moment; never the browser's 11/21/2025.
      const pad = (n: number) => String(n).padStart(2, '0');
      const day = (d: Date) => `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())}`;
      const moment = (d: Date) => `${day(d)}, ${pad(d.getHours())}:${pad(d.getMinutes())}`;
      await expect
        .poll(() => pickerText(datePicker(page, 'Time loaded')))
        .toBe(moment(new Date(`${ticket.timeLoaded}`)));
      expect(await pickerText(datePicker(page, 'Time received'))).toBe(
        moment(new Date(`${ticket.timeReceived}`)),
      );
      expect(await pickerText(datePicker(page, 'Date'))).toBe(day(new Date(`${ticket.date}`)));

      await page.goto(`${ctx.portal.url}/dashboard`);
      const fromDate = datePicker(page.locator('form').first(), 'From date');
      await typeDate(fromDate, '2026-01-31');
      expect(await pickerText(fromDate)).toBe('2026/01/31');
      await screenshot(page, 'dates-en-za-search');
    } finally {
      await context.close();
    }
  });

  it.each([991, 390])(
    'lays the ticket form out evenly at %i px, using its width (issue 15, item 13)',
    async (width) => {
      const page = await ctx.browser.newPage({ viewport: { width, height: 900 } });
      try {
        await ctx.logInAsAdministrator(page);
        const ticket = await completeTicketOne();
        await page.goto(`${ctx.portal.url}/ticket/${ticket.id}`);
        await datePicker(page, 'Time received').waitFor();
        // Each section's fields as boxes [x, y, width, height], and the section's own left edge and width.
        const sections =
          (await page.evaluate(`[...document.querySelectorAll('form section')].map((section) => {
        const grid = section.children[1].getBoundingClientRect();
        // A dropdown's box holds its field's margins; the field itself is what lines up.
        const fields = [...section.children[1].children]
          .map((field) => (field.querySelector('.MuiFormControl-root') ?? field).getBoundingClientRect())
          .filter((box) => box.width > 0).map((box) => [box.x, box.y, box.width, box.height]);
        return { left: grid.x, width: grid.width, fields };
      })`)) as { left: number; width: number; fields: [number, number, number, number][] }[];
        expect(sections.length).toBeGreaterThanOrEqual(4);
        for (const { left, width: sectionWidth, fields } of sections) {
          const columns = [...new Set(fields.map(([x]) => Math.round(x)))];
          // Two columns in a narrow window (991 px is still the spec's mobile layout), one on a phone.
          expect(columns.length).toBe(width === 991 ? 2 : 1);
          const right = Math.max(...fields.map(([x, , w]) => x + w));
          expect(right - left).toBeGreaterThan(sectionWidth - 2);
          // The same space between one field and the next down every column.
          for (const column of columns) {
            const down = fields.filter(([x]) => Math.round(x) === column).sort((a, b) => a[1] - b[1]);
            const gaps = down.slice(1).map(([, y], i) => y - ((down[i]?.[1] ?? 0) + (down[i]?.[3] ?? 0)));
            for (const gap of gaps) expect(Math.abs(gap - (gaps[0] ?? 0))).toBeLessThanOrEqual(1);
          }
        }
        await screenshot(page, `ticket-form-${width}`);
      } finally {
        await page.close();
      }
    },
  );

  it('rejects a ticket with a reason, then restores the data from its log', async () => {
    const ticket = await ctx.ticketNumbered(3);
    await ctx.call(endpoints.putTicketEditShort, {
      body: {
        ticket: {
          id: ticket.id,
          timeLoaded: earlierToday(1),
          jobSite: 'Quarry Road',
          truckLicensePlate: 'AB12345',
          truckDriverName: 'Dave Driver',
        },
      },
    });
    await ctx.page.goto(`${ctx.portal.url}/ticket/${ticket.id}`);
    // The page links to each of the ticket's records (issue 15, item 13).
    await expect.poll(() => ctx.page.getByRole('link', { name: 'Haulage record' }).isVisible()).toBe(true);
    // Rejected from the bottom of the page, the banner the page reloads with comes into view.
    await ctx.page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await ctx.page.getByRole('button', { name: 'Reject' }).click();
    const dialog = ctx.page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Wrong material');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => ctx.page.getByText('Ticket rejected successfully!').isVisible()).toBe(true);
    const banner = ctx.page.getByText('This ticket was rejected: Wrong material');
    await expect.poll(() => banner.isVisible()).toBe(true);
    const inView = async () => {
      const box = await banner.boundingBox();
      const viewport = ctx.page.viewportSize();
      return box !== null && viewport !== null && box.y >= 0 && box.y + box.height <= viewport.height;
    };
    await expect.poll(inView).toBe(true);
    const rejected = await ctx.ticketNumbered(3);
    expect(rejected).toMatchObject({
      isRejected: true,
      rejectReason: 'Wrong material',
      truckLicensePlate: null,
    });

    await ctx.page.goto(`${ctx.portal.url}/ticket-log/${ticket.id}`);
    // Newest first: the rejection, then the edit that set the plate; restore the edit.
    const restoreButtons = ctx.page.getByRole('button', { name: 'Restore' });
    await expect.poll(() => restoreButtons.count()).toBeGreaterThanOrEqual(2);
    await screenshot(ctx.page, 'ticket-log');
    await restoreButtons.nth(1).click();
    await ctx.page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => ctx.page.getByText('Ticket restored').isVisible()).toBe(true);
    await ctx.page.waitForURL(`${ctx.portal.url}/ticket/${ticket.id}`);
    expect(await ctx.ticketNumbered(3)).toMatchObject({
      truckLicensePlate: 'AB12345',
      isRejected: false,
      jobSite: 'Quarry Road',
    });
  });

  it('a standard user cannot edit a received ticket', async () => {
    const ticket = await ctx.ticketNumbered(4);
    await ctx.call(endpoints.putTicketEdit, {
      body: { ticket: { ...completeTicket(ticket.id), isReceived: true } },
    });
    await ctx.call(endpoints.postUserNew, { body: gateUser });
    const standard = await ctx.browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await logIn(standard, ctx.portal.url, gateUser.username, gateUser.password);
      await standard.goto(`${ctx.portal.url}/ticket/${ticket.id}`);
      await expect
        .poll(() =>
          standard
            .getByText('This ticket has been received: only an administrator can change it.')
            .isVisible(),
        )
        .toBe(true);
      expect(await standard.getByRole('button', { name: 'Save' }).count()).toBe(0);
      expect(await standard.getByRole('button', { name: 'Revoke public link' }).count()).toBe(0);
      await screenshot(standard, 'ticket-received-standard-user');
    } finally {
      await standard.close();
    }
  });
});

describe('tickets on the dashboard, end to end in Chromium', () => {
  const searchForm = () =>
    ctx.page.locator('form').filter({ has: ctx.page.getByRole('button', { name: 'Search' }) });

  it('receives an incomplete ticket from the dashboard through the dialog, with the plate autofilling the truck', async () => {
    const ticket = await ctx.ticketNumbered(5);
    await ctx.call(endpoints.putTicketEditShort, {
      body: { ticket: { id: ticket.id, timeLoaded: earlierToday(0.5) } },
    });
    await ctx.page.goto(`${ctx.portal.url}/dashboard`);
    await ctx.page.getByRole('button', { name: 'Receive [0] 000005' }).click();
    const dialog = ctx.page.getByRole('dialog');
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
    await screenshot(ctx.page, 'receive-dialog');
    await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect.poll(() => ctx.page.getByText('Ticket [0] 000005 received').isVisible()).toBe(true);
    expect(await ctx.ticketNumbered(5)).toMatchObject({
      isReceived: true,
      jobSite: 'West Pit',
      truckLicensePlate: 'AB12345',
      truckId,
      transportCompanyId: haulerId,
      timeLoaded: null, // the dashboard's receipt clears the time loaded
    });
    await screenshot(ctx.page, 'dashboard');
  });

  it("refuses another company's truck in the dialog when the ticket's company is locked (issue 15, item 2)", async () => {
    const ticket = await ctx.ticketNumbered(6);
    const speedy = await ctx.call(endpoints.transportCompanyCatalogue.create, { body: { name: 'Speedy' } });
    await ctx.call(endpoints.putTicketEditShort, {
      body: { ticket: { id: ticket.id, timeLoaded: earlierToday(0.5), transportCompanyId: speedy.id } },
    });
    await ctx.page.goto(`${ctx.portal.url}/dashboard`);
    await ctx.page.getByRole('button', { name: 'Receive [0] 000006' }).click();
    const dialog = ctx.page.getByRole('dialog');
    // AB12345 is a truck of another company (the one the test above received with).
    await dialog.locator('input[name="truckLicensePlate"]').pressSequentially('ab12345', { delay: 40 });
    const refusal = /^Truck AB12345 belongs to .+, not to Speedy\.$/;
    await expect.poll(() => dialog.getByText(refusal).isVisible()).toBe(true);
    expect(await dialog.locator('input[name="truckNumber"]').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await ctx.page.waitForTimeout(500);
    expect((await ctx.ticketNumbered(6)).isReceived).toBe(false);
    await screenshot(ctx.page, 'receive-dialog-other-company-truck');
    await ctx.page.keyboard.press('Escape');
  });

  it('receives a ticket from the dashboard by keyboard alone (issue 15, item 16)', async () => {
    const ticket = await ctx.ticketNumbered(7);
    await ctx.call(endpoints.putTicketEditShort, {
      body: {
        ticket: { id: ticket.id, timeLoaded: earlierToday(0.2), jobSite: 'Key Pit', siteContactName: 'Kim' },
      },
    });
    await ctx.page.goto(`${ctx.portal.url}/dashboard`);
    const receive = ctx.page.getByRole('button', { name: 'Receive [0] 000007' });
    await receive.waitFor();
    // Tab from the top of the page to the row's Receive button, as a keyboard user would.
    let reached = false;
    for (let presses = 0; presses < 80 && !reached; presses++) {
      await ctx.page.keyboard.press('Tab');
      reached =
        (await ctx.page.evaluate("document.activeElement?.getAttribute('aria-label')")) ===
        'Receive [0] 000007';
    }
    expect(reached).toBe(true);
    await ctx.page.keyboard.press('Enter');
    const dialog = ctx.page.getByRole('dialog');
    await dialog.waitFor();
    // The first field has the focus; Enter in a field submits the dialog's form.
    await expect.poll(() => dialog.locator('input[name="jobSite"]:focus').count()).toBe(1);
    await ctx.page.keyboard.press('Enter');
    await expect.poll(() => ctx.page.getByText('Ticket [0] 000007 received').isVisible()).toBe(true);
    expect((await ctx.ticketNumbered(7)).isReceived).toBe(true);
  });

  it('searches by licence plate and by date range', async () => {
    // Noon UTC: the same calendar day wherever the site's clock is, at any hour the test runs.
    const day = `${new Date().getUTCFullYear() - 1}-06-15`;
    const lastYear = `${day}T12:00:00.000Z`;
    await ctx.call(endpoints.putTicketEditShort, {
      body: { ticket: { id: (await ctx.ticketNumbered(6)).id, date: lastYear } },
    });
    await ctx.page.goto(`${ctx.portal.url}/dashboard`);

    await searchForm().getByLabel('License plate').fill('AB12345');
    await ctx.page.getByRole('button', { name: 'Search' }).click();
    // Tickets 2 and 4 were saved with the truck's plate, 3 got it back by the restore, 5 by the dialog.
    await expect
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps the space between table cells
      .poll(() => ctx.page.getByText(/^Search results: \d+ tickets?$/).innerText())
      .toBe('Search results: 4 tickets');
    for (const number of ['[0] 000002', '[0] 000003', '[0] 000004', '[0] 000005']) {
      expect(
        await ctx.page.getByRole('row', { name: new RegExp(number.replace(/[[\]]/g, '\\$&')) }).count(),
      ).toBe(1);
    }

    await searchForm().getByLabel('License plate').fill('');
    await typeDate(datePicker(searchForm(), 'From date'), day);
    await typeDate(datePicker(searchForm(), 'To date'), day);
    await ctx.page.getByRole('button', { name: 'Search' }).click();
    await expect
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps the space between table cells
      .poll(() => ctx.page.getByText(/^Search results: \d+ tickets?$/).innerText())
      .toBe('Search results: 1 ticket');
    expect(await ctx.page.getByRole('row', { name: /\[0\] 000006/ }).count()).toBe(1);
  });

  it('a date typed straight after a search keeps its digits: the ticket number takes the focus back only from no field', async () => {
    await ctx.page.goto(`${ctx.portal.url}/dashboard`);
    await searchForm().getByLabel('Job site').fill('no such pit');
    await ctx.page.getByRole('button', { name: 'Search' }).click();
    // Straight on to a date, typed slower than the 500 ms after which a search gives the ticket number the focus back.
    await datePicker(searchForm(), 'From date').getByRole('spinbutton').first().click();
    await ctx.page.keyboard.type('20250615', { delay: 150 });
    expect(await searchForm().locator('input[name="fromDate"]').inputValue()).toBe('2025/06/15');
    expect(await searchForm().locator('input[name="ticketNumber"]').inputValue()).toBe('');
  });

  it('pages a search of 130 tickets on the server: the total, the next page, a size and an order (issue 16)', async () => {
    await ctx.generateTickets(101, 230);
    await ctx.runAsAdministrator(endpoints.postTicketBulk, {
      body: { from: 101, to: 230, jobSite: 'Paging Pit' },
    });
    await ctx.page.goto(`${ctx.portal.url}/dashboard`);
    await searchForm().getByLabel('Job site').fill('paging pit');
    await ctx.page.getByRole('button', { name: 'Search' }).click();
    const pager = ctx.page.getByText(/^\d+[-–]\d+ of \d+$/);
    const pagerText = async () => (await pager.textContent())?.replace('–', '-');
    await expect
      .poll(() => ctx.page.getByText(/^Search results: \d+ tickets?$/).textContent())
      .toBe('Search results: 130 tickets');
    await expect.poll(pagerText).toBe('1-50 of 130');
    const firstNumber = () => ctx.page.locator('tbody tr').first().locator('td').nth(1).textContent();
    expect(await firstNumber()).toBe('[0] 000230');

    await ctx.page.getByRole('button', { name: 'Go to next page' }).click();
    await expect.poll(pagerText).toBe('51-100 of 130');
    await expect.poll(firstNumber).toBe('[0] 000180');
    await screenshot(ctx.page, 'dashboard-search-page-2-1440');

    await ctx.page.getByRole('combobox', { name: /Rows per page/ }).click();
    await ctx.page.getByRole('option', { name: '200' }).click();
    await expect.poll(pagerText).toBe('1-130 of 130');
    // The pager follows the chosen size at once; the rows once the bigger page has arrived.
    await expect.poll(() => ctx.page.locator('tbody tr').count()).toBe(130);

    await ctx.page.locator('thead').getByText('Ticket', { exact: true }).click();
    await expect.poll(firstNumber).toBe('[0] 000101');

    // On a phone the same page of cards, with the same pager.
    const desktop = ctx.page.viewportSize();
    await ctx.page.setViewportSize({ width: 390, height: 844 });
    try {
      await expect.poll(pagerText).toBe('1-130 of 130');
      await screenshot(ctx.page, 'dashboard-search-390', { fullPage: false });
      expect(await ctx.page.locator('li h3').first().textContent()).toMatch(/^\[0\]\s000101$/);
    } finally {
      if (desktop) await ctx.page.setViewportSize(desktop);
    }
  });

  it("opens today's Active list with its whole first page: a screenful at once, the rest just after", async () => {
    // Sixty of the paging tickets loaded today: more than a page of 50 Active tickets.
    for (let id = 101; id <= 160; id++) {
      const ticket = await ctx.ticketNumbered(id);
      await ctx.call(endpoints.putTicketEditShort, {
        body: { ticket: { id: ticket.id, timeLoaded: earlierToday(0.5) } },
      });
    }
    await ctx.page.goto(`${ctx.portal.url}/dashboard`);
    await expect.poll(() => ctx.page.getByText(/^1[-–]50 of \d+$/).isVisible()).toBe(true);
    await expect.poll(() => ctx.page.locator('tbody tr').count()).toBe(50);
  });

  it("a row's icons are named without a tooltip shown, and say what they do on hover and on keyboard focus", async () => {
    const ticket = await ctx.ticketNumbered(3);
    await ctx.call(endpoints.putTicketEditShort, {
      body: { ticket: { id: ticket.id, timeLoaded: earlierToday(0.1) } },
    });
    await ctx.page.goto(`${ctx.portal.url}/dashboard`);
    const row = ctx.page.locator('tbody tr', { hasText: '000003' });
    const ticketLog = row.getByRole('link', { name: 'Ticket log', exact: true });
    await ticketLog.waitFor();
    const tooltip = ctx.page.getByRole('tooltip');
    expect(await tooltip.count()).toBe(0);
    expect(await row.getByRole('img', { name: /^(Complete|Incomplete)$/ }).count()).toBe(1);

    await ticketLog.hover();
    await expect.poll(() => tooltip.textContent()).toBe('Ticket log');
    await ctx.page.mouse.move(0, 0);
    await expect.poll(() => tooltip.count()).toBe(0);

    // From the ticket log icon, Tab reaches the haulage record's: a keyboard user sees its tooltip too.
    await ticketLog.focus();
    await ctx.page.keyboard.press('Tab');
    await expect.poll(() => tooltip.textContent()).toBe('Haulage record');
    // The tooltip follows the focus; the focus stays on the icon.
    expect(await ctx.page.evaluate("document.activeElement?.getAttribute('aria-label')")).toBe(
      'Haulage record',
    );
    await ctx.page.keyboard.press('Tab');
    await expect.poll(() => tooltip.textContent()).toBe('Print record');
  });
});

describe('the public link, end to end in Chromium', () => {
  let ticket: Ticket;
  let hash: string;
  const hashOf = async () =>
    (await ctx.call(endpoints.getTicketByIdHash, { params: { id: ticket.id } })).hash;
  /** An administrator's ticket page with the revoke dialog open, which says what revoking does. */
  const openRevokeDialog = async (admin: Page, screenshotName: string) => {
    await admin.goto(`${ctx.portal.url}/ticket/${ticket.id}`);
    await admin.getByRole('button', { name: 'Revoke public link' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Revoke public link' });
    await expect
      .poll(() => dialog.getByText(/current public link stops working at once/).isVisible())
      .toBe(true);
    await screenshot(admin, screenshotName, { fullPage: false });
    return dialog;
  };

  beforeAll(async () => {
    ticket = await ctx.ticketNumbered(7);
    const material = await ctx.call(endpoints.materialCatalogue.create, { body: { name: 'Clean fill' } });
    await ctx.call(endpoints.putTicketEdit, {
      body: {
        ticket: {
          ...completeTicket(ticket.id),
          // Not the truck of the other tests: the plate search above counts that truck's tickets.
          truckId: null,
          truckLicensePlate: 'CD67890',
          siteContactNumber: '(416)555-0100',
          materialId: material.id,
          weight: 12500,
          notes: 'Gate code 4411, for the office only',
          isReceived: true,
        },
      },
    });
    hash = await hashOf();
  });

  it('signed out, shows what the printed ticket shows, read-only, and not the notes', async () => {
    const visitor = await ctx.browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await visitor.goto(`${ctx.portal.url}/ticket/${ticket.id}?hash=${hash}`);
      await expect.poll(() => visitor.getByRole('heading', { name: '[0] 000007' }).isVisible()).toBe(true);
      for (const shown of [
        'Received',
        'North Pit',
        'Acme Excavating',
        'Sally Site',
        '(416)555-0100',
        'Northern Haulage',
        'T-17',
        'CD67890',
        'Dave Driver',
        'Clean fill',
      ]) {
        expect(await visitor.getByText(shown, { exact: true }).isVisible(), shown).toBe(true);
      }
      expect(await visitor.getByText(/^12\s500 KG$/).isVisible()).toBe(true);
      expect(await visitor.getByText(/Gate code/).count()).toBe(0);
      // No form and nothing to do: a printed ticket.
      expect(await visitor.locator('form, input, textarea').count()).toBe(0);
      expect(await visitor.getByRole('button').count()).toBe(0);
      await screenshot(visitor, 'public-ticket-390');
      await visitor.setViewportSize({ width: 1440, height: 900 });
      await screenshot(visitor, 'public-ticket-1440');
    } finally {
      await visitor.close();
    }
  });

  it("on a phone, an administrator's revoke dialog says the old link stops working; Cancel keeps it", async () => {
    await ctx.withAdministratorPage({ width: 390, height: 844 }, async (phone) => {
      const dialog = await openRevokeDialog(phone, 'revoke-link-dialog-390');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await hashOf()).toBe(hash);
    });
  });

  it('an administrator revokes it on the ticket page: the old link then shows not found, the new one the ticket', async () => {
    const dialog = await openRevokeDialog(ctx.page, 'revoke-link-dialog-1440');
    await dialog.getByRole('button', { name: 'Revoke link' }).click();
    await expect
      .poll(() => dialog.getByText('Public link revoked: the old link no longer works.').isVisible())
      .toBe(true);
    const newLink = await dialog.getByLabel('New public link').inputValue();
    const newHash = await hashOf();
    expect(newHash).not.toBe(hash);
    expect(newLink).toBe(`${ctx.portal.url}/ticket/${ticket.id}?hash=${newHash}`);
    await screenshot(ctx.page, 'revoke-link-done-1440', { fullPage: false });
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The page goes on with the ticket's new version: a save after the revocation is no conflict.
    await formInput(ctx.page, 'jobSite').fill('South Pit');
    await ctx.page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => ctx.page.getByText('Ticket updated successfully').isVisible()).toBe(true);
    await ctx.page.goto(`${ctx.portal.url}/ticket-log/${ticket.id}`);
    await expect
      .poll(() => ctx.page.getByText('Public link revoked', { exact: true }).isVisible())
      .toBe(true);

    const visitor = await ctx.browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await visitor.goto(`${ctx.portal.url}/ticket/${ticket.id}?hash=${hash}`);
      await expect.poll(() => visitor.getByText('Ticket not found').isVisible()).toBe(true);
      expect(
        await visitor
          .getByText('This link is not valid or no longer works. Ask the office for a new link.')
          .isVisible(),
      ).toBe(true);
      expect(await visitor.getByText('North Pit').count()).toBe(0);
      await screenshot(visitor, 'public-ticket-revoked-390');
      await visitor.goto(newLink);
      await expect.poll(() => visitor.getByText('South Pit', { exact: true }).isVisible()).toBe(true);
    } finally {
      await visitor.close();
    }
  });

  it('the ticket log names the truck and the receiving user, and its title carries the ticket number (issue 15, item 14)', async () => {
    await ctx.generateTickets(950, 950, { isSoilFLOTicket: false });
    const ticket = await ctx.ticketNumbered(950);
    const company = await ctx.call(endpoints.transportCompanyCatalogue.create, {
      body: { name: 'Log Haulage' },
    });
    const truck = await ctx.call(endpoints.truckCatalogue.create, {
      body: {
        truck: { transportCompanyId: company.id, number: 'T-77', licensePlate: 'LG77777', driverName: 'Lee' },
      },
    });
    await ctx.call(endpoints.putTicketEditShort, {
      body: {
        ticket: {
          id: ticket.id,
          transportCompanyId: company.id,
          truckId: truck.id,
          timeLoaded: earlierToday(1),
        },
      },
    });
    await ctx.call(endpoints.putTicketReceive, { body: { ticketId: ticket.id, source: 'ticket' } });
    await ctx.logInAsAdministrator();
    await ctx.page.goto(`${ctx.portal.url}/ticket-log/${ticket.id}`);
    for (const shown of [/\[0\] 000950/, /LG77777 \(T-77\)/, /Portal Administrator/])
      await expect.poll(() => ctx.page.getByText(shown).first().isVisible()).toBe(true);
    await screenshot(ctx.page, 'ticket-log-names');
  });

  it('a dashboard list that fails to load says so with a Retry, never as an empty list (issue 15, item 5)', async () => {
    await ctx.logInAsAdministrator();
    // A real server failure: the read model the list reads is away for a moment.
    await ctx.portal.infra.pool.query('ALTER TABLE tickets RENAME TO tickets_away');
    try {
      await ctx.page.goto(`${ctx.portal.url}/dashboard`);
      const failed = ctx.page.getByText('The tickets could not be loaded: An unexpected error occurred.');
      await expect.poll(() => failed.isVisible(), { timeout: 5_000 }).toBe(true);
      expect(await ctx.page.getByText('No tickets', { exact: false }).count()).toBe(0);
      await screenshot(ctx.page, 'dashboard-load-failed');
    } finally {
      await ctx.portal.infra.pool.query('ALTER TABLE tickets_away RENAME TO tickets');
    }
    await ctx.page.getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(() => ctx.page.getByText('The tickets could not be loaded', { exact: false }).count())
      .toBe(0);
  });
});
