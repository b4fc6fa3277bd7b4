import { createStandardUser, injectionOf, testAdmin, testStandardUser } from '@portal/api/test/portal';
import { serverForTestFile } from '@portal/api/test/server-for-test-file';
import { exampleExternalLoad, startSoilFloStandIn } from '@portal/api/test/soilflo-stand-in';
import { endpoints, type Ticket } from '@portal/contract';
import { externalLoadMessages, ticketMessages, ticketStreamId } from '@portal/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formInput, logIn, screenshot } from '../support/browser';
import { useBrowserPortal } from '../support/browser-portal';

/** SoilFLO's stand-in on loopback; the portal reads its address when it starts. */
const soilFlo = serverForTestFile(() => startSoilFloStandIn());

const ctx = useBrowserPortal(
  {},
  {
    env: () => ({
      SOILFLO_API_URL: soilFlo().url,
      SOILFLO_API_KEY: soilFlo().apiKey,
      SOILFLO_RECEIPT_RETRY_MS: '200',
    }),
  },
);

let withLoad: Ticket;
let withoutLoad: Ticket;

beforeAll(async () => {
  await ctx.generateTickets(501, 505, { isSoilFLOTicket: true });
  withLoad = await ctx.ticketNumbered(501);
  withoutLoad = await ctx.ticketNumbered(502);
  soilFlo().seed(501, [
    exampleExternalLoad({ id: 7, status: 'void' }),
    exampleExternalLoad({
      id: 90,
      sourceSite: { name: 'Riverside Quarry', contractingcompany: { name: 'Acme Civils' } },
    }),
  ]);
});

const openTicket = async (ticket: Ticket) => {
  await ctx.page.goto(`${ctx.portal.url}/ticket/${ticket.id}`);
  await expect
    .poll(() => ctx.page.getByText('SoilFLO load', { exact: false }).first().isVisible())
    .toBe(true);
};

/**
 * Override? from the missing-load toast: the dialog refuses to go on without a reason (nothing received),
 * then receives the ticket as an ordinary one, its reason recorded and its time loaded left empty.
 */
async function overrideWithReason(page: Page, ticket: Ticket, shot: string) {
  const reason = 'Driver carried a paper BoL; SoilFLO has no load';
  await page.getByRole('button', { name: 'Override?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Override SoilFLO?' });
  await dialog.waitFor();
  expect(await dialog.getByText(/nothing is reported to SoilFLO/).isVisible()).toBe(true);
  await dialog.getByRole('button', { name: 'Override and receive' }).click();
  await expect
    .poll(() => dialog.getByText(ticketMessages.overrideReasonRequired, { exact: true }).isVisible())
    .toBe(true);
  await screenshot(page, `${shot}-no-reason`, { fullPage: false });
  expect((await ctx.call(endpoints.getTicketById, { params: { id: ticket.id } })).isReceived).toBe(false);

  await dialog.getByLabel(/Reason for overriding/).fill(reason);
  await screenshot(page, shot, { fullPage: false });
  await dialog.getByRole('button', { name: 'Override and receive' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  await expect
    .poll(async () => (await ctx.call(endpoints.getTicketById, { params: { id: ticket.id } })).isReceived)
    .toBe(true);
  const overridden = await ctx.call(endpoints.getTicketById, { params: { id: ticket.id } });
  expect(overridden).toMatchObject({ isSoilFLOLoad: false, timeLoaded: null });
  const events = await ctx.portal.infra.eventStore.readStream(ticketStreamId(ticket.id));
  expect(events.find((event) => event.type === 'TicketExternalLoadOverridden')?.data).toMatchObject({
    reason,
  });
  await screenshot(page, `${shot}-received`, { fullPage: false });
}

describe('SoilFLO loads on the ticket page', () => {
  it('receives a load from SoilFLO on its read-only form and reports the receipt back', async () => {
    await ctx.logInAsAdministrator();
    await openTicket(withLoad);
    const page = ctx.page;
    await page.getByRole('button', { name: 'Receive Ticket' }).waitFor();
    expect(await formInput(page, 'jobSite').getAttribute('readonly')).not.toBeNull();
    await screenshot(page, 'external-load-form-1440');

    // SoilFLO's failures toast the server's message (a 502 keeps its body for this).
    soilFlo().behave('malformed', { times: 1 });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByText(externalLoadMessages.notCorrect, { exact: true }).isVisible())
      .toBe(true);
    expect(await formInput(page, 'jobSite').inputValue()).toBe('');

    await page.getByRole('button', { name: 'Receive Ticket' }).click();
    await expect.poll(() => page.getByText('Ticket received successfully').isVisible()).toBe(true);
    await expect.poll(() => formInput(page, 'jobSite').inputValue()).toBe('Riverside Quarry');
    expect(await formInput(page, 'soilFLOTicketId').inputValue()).toBe('90');
    expect(await formInput(page, 'truckDriverName').inputValue()).toBe('Sipho Dlamini');
    expect(await page.getByText('Received', { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Reset Receive' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText(/Receipt sent to SoilFLO at/).isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(soilFlo().receipts()).toHaveLength(1);
    await screenshot(page, 'external-load-received-1440');
  });

  it("offers 'Override?' when SoilFLO has no load, which asks for confirmation and a reason, then receives the ticket as an ordinary one with no time loaded invented", async () => {
    const page = ctx.page;
    // The dashboard's row leads to the SoilFLO form instead of the plain Receive, which the server refuses.
    await page.goto(`${ctx.portal.url}/dashboard`);
    const search = page.locator('form').filter({ has: page.getByRole('button', { name: 'Search' }) });
    await search.getByLabel('Ticket number').fill('502');
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: /\[0\] 000502/ });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole('button', { name: 'Receive [0] 000502' }).count()).toBe(0);
    await row.getByRole('link', { name: 'Receive ticket [0] 000502 in its SoilFLO form' }).click();
    await page.waitForURL(`${ctx.portal.url}/ticket/${withoutLoad.id}`);
    await expect.poll(() => page.getByText('SoilFLO load', { exact: true }).first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Receive Ticket' }).click();
    const toast = page.getByText(externalLoadMessages.noLoad(502), { exact: true });
    await expect.poll(() => toast.isVisible()).toBe(true);
    // Persistent: still there after the usual toast's 2 seconds and a click elsewhere.
    await page.waitForTimeout(2500);
    await page.getByRole('heading', { name: /Edit Ticket/ }).click();
    expect(await toast.isVisible()).toBe(true);
    await screenshot(page, 'external-load-override-1440', { fullPage: false });

    await overrideWithReason(page, withoutLoad, 'override-dialog-1440');
    await expect.poll(() => toast.isVisible()).toBe(false);
    await expect.poll(() => page.getByText('SoilFLO load', { exact: true }).count()).toBe(0);
  });

  it("asks for the Override's confirmation and reason on a phone (390 px) too", async () => {
    const ticket = await ctx.ticketNumbered(505);
    const context = await ctx.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await logIn(page, ctx.portal.url, testAdmin.username, testAdmin.password);
      await page.goto(`${ctx.portal.url}/ticket/${ticket.id}`);
      await page.getByRole('button', { name: 'Receive Ticket' }).click();
      await expect
        .poll(() => page.getByText(externalLoadMessages.noLoad(505), { exact: true }).isVisible())
        .toBe(true);
      await overrideWithReason(page, ticket, 'override-dialog-390');
    } finally {
      await context.close();
    }
  });

  it("says 'Failed to pull SoilFLO data', 'Failed to update SoilFLO ticket!' and 'Failed to get the lastest ticket data' where they belong", async () => {
    const page = ctx.page;
    const [loadedLater, deletedMeanwhile] = [await ctx.ticketNumbered(503), await ctx.ticketNumbered(504)];
    // SoilFLO says the truck left two hours from now: the receipt would come before the loading.
    const later = new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 19);
    soilFlo().seed(503, [exampleExternalLoad({ id: 95, dispatchedTime: later })]);
    await openTicket(loadedLater);

    soilFlo().behave('error');
    await page.getByRole('button', { name: 'Receive Ticket' }).click();
    await expect
      .poll(() => page.getByText(externalLoadMessages.pullFailed, { exact: true }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    soilFlo().behave('normal');

    await page.getByRole('button', { name: 'Receive Ticket' }).click();
    const updateFailed = `${externalLoadMessages.updateFailed} Time received cannot be earlier than time loaded`;
    await expect.poll(() => page.getByText(updateFailed, { exact: true }).isVisible()).toBe(true);
    expect((await ctx.call(endpoints.getTicketById, { params: { id: loadedLater.id } })).isReceived).toBe(
      false,
    );

    // Another administrator deletes the ticket while this page still shows it.
    await openTicket(deletedMeanwhile);
    const deleted = await ctx.portal.app.inject({
      ...injectionOf(endpoints.deleteTicketById, { params: { id: deletedMeanwhile.id } }),
      headers: ctx.admin,
    });
    expect(deleted.statusCode).toBe(204);
    await page.getByRole('button', { name: 'Receive Ticket' }).click();
    await expect
      .poll(() =>
        page.getByText(externalLoadMessages.latestTicketFailed, { exact: false }).first().isVisible(),
      )
      .toBe(true);
  });

  it('tells standard users that administrators receive SoilFLO loads', async () => {
    await createStandardUser(ctx.portal, ctx.admin);
    const context = await ctx.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await logIn(page, ctx.portal.url, testStandardUser.username, testStandardUser.password);
      await page.goto(`${ctx.portal.url}/ticket/${withLoad.id}`);
      await expect.poll(() => page.getByText(externalLoadMessages.administratorsOnly).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Reset Receive' }).count()).toBe(0);
      await screenshot(page, 'external-load-standard-390');
    } finally {
      await context.close();
    }
  });
});
