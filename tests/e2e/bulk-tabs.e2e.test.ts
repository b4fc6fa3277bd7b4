import { keepInOutbox } from '@portal/api';
import { testAdmin } from '@portal/api/test/portal';
import { type Endpoint, endpoints } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, screenshot as saveScreenshot } from '../support/browser';
import { gateUser, useBrowserPortal } from '../support/browser-portal';

const ctx = useBrowserPortal();
let contractorId: number;

/** True when the API has the route (the export and report routes are built separately). */
const hasRoute = ({ method, path }: Endpoint) => ctx.portal.app.hasRoute({ method, url: path });

beforeAll(async () => {
  contractorId = (
    await ctx.call(endpoints.contractorCompanyCatalogue.create, { body: { name: 'Acme Excavating' } })
  ).id;
  // Created before any bulk run keeps the projections busy.
  await ctx.call(endpoints.postUserNew, { body: gateUser });
  await ctx.logInAsAdministrator();
});

/**
 * A screenshot once the page is still: scrolled to the top (the app bar follows the scroll, so a full-page
 * shot of a scrolled page shows it mid-page) and past MUI's transitions (progress bar, button colours).
 */
async function screenshot(target: Page, name: string) {
  await target.mouse.wheel(0, -10_000);
  await target.waitForTimeout(700);
  await saveScreenshot(target, name);
}

/** Opens a dashboard tab and answers its panel. */
async function openTab(name: string): Promise<Locator> {
  await ctx.page.getByRole('tab', { name, exact: true }).click();
  const panel = ctx.page.getByRole('tabpanel', { name, exact: true });
  await panel.waitFor();
  return panel;
}

/** The progress section of the panel's run: its bar and its state (data-run-state). */
const runSection = (panel: Locator) => panel.locator('section[data-run-state]');

async function runFinishes(panel: Locator, state: 'completed' | 'failed' | 'cancelled' = 'completed') {
  await expect.poll(() => runSection(panel).getAttribute('data-run-state'), { timeout: 90_000 }).toBe(state);
}

const toast = (text: string | RegExp) =>
  ctx.page.locator('.MuiSnackbarContent-message').filter({ hasText: text });

describe('the administrators’ dashboard tabs, end to end in Chromium', () => {
  it('generates a range from the Generate tab: the progress bar reaches 100% and the success toast shows', async () => {
    await ctx.page.goto(`${ctx.portal.url}/dashboard`);
    await screenshot(ctx.page, 'bulk-tab-search');
    const panel = await openTab('Generate');

    // Client-side validation with the spec's messages.
    await panel.locator('input[name="from"]').fill('1');
    await panel.locator('input[name="to"]').fill('2500');
    await panel.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() =>
        toast('Generate tickets failed. You can only generate max 2000 tickets at a time.').isVisible(),
      )
      .toBe(true);

    // Two chunks (1000 and 100 numbers).
    await panel.locator('input[name="to"]').fill('1100');
    // The tab asks for the run at once (Prefer: respond-async) and follows it with the progress bar.
    const started = ctx.page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/ticket/generate'),
    );
    // Enter submits.
    await panel.locator('input[name="to"]').press('Enter');
    expect((await started).status()).toBe(202);
    expect(await (await started).request().headerValue('prefer')).toBe('respond-async');
    await expect
      .poll(() => toast('Tickets have been generated successfully.').isVisible(), { timeout: 90_000 })
      .toBe(true);
    await runFinishes(panel);
    const bar = runSection(panel).getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    expect(await runSection(panel).getByTestId('run-count').textContent()).toBe('1100 of 1100 · 100%');
    await screenshot(ctx.page, 'bulk-tab-generate');
    expect((await ctx.ticketNumbered(1100))?.ticketNumber).toBe(1100);
    // Generated tickets are not active until loaded: the empty Active list says where they are (issue 15, item 11).
    await expect
      .poll(() =>
        ctx.page.getByText(/find any other ticket, a newly generated one too, with Search/).isVisible(),
      )
      .toBe(true);
    // Loaded says what it counts: the Active tickets plus the Received ones (issue 15, item 1).
    await ctx.page.getByText('Loaded', { exact: true }).hover();
    await expect
      .poll(() => ctx.page.getByRole('tooltip').textContent())
      .toBe(
        "Today's trucks: the Active tickets (loaded today, not received) plus the Received ones that were loaded",
      );

    // Numbers that exist already: a warning that stays 10 seconds, also shown under the bar.
    await panel.locator('input[name="from"]').fill('1099');
    await panel.locator('input[name="to"]').fill('1101');
    await panel.getByRole('button', { name: 'Generate' }).click();
    const warning = 'Tickets 1099, 1100 already exist and were not generated again.';
    await expect.poll(() => toast(warning).isVisible()).toBe(true);
    await runFinishes(panel);
    await ctx.page.waitForTimeout(3000);
    expect(await toast(warning).isVisible()).toBe(true);
    expect(await runSection(panel).getByText(warning).isVisible()).toBe(true);
    await screenshot(ctx.page, 'bulk-tab-generate-warning');
  });

  it('bulk updates a range after its check: confirmation panel, progress, then the tickets changed', async () => {
    // Ticket 12 already holds another job site: a conflict the check lists.
    const twelve = await ctx.ticketNumbered(12);
    await ctx.call(endpoints.putTicketEditShort, {
      body: { ticket: { id: twelve?.id, jobSite: 'Old Pit' } },
    });

    const panel = await openTab('Update');
    const from = panel.locator('input[name="from"]');
    // The first field has the focus.
    await expect.poll(() => panel.locator('input[name="from"]:focus').count()).toBe(1);
    await panel.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => panel.getByText('Please enter a from ticket number').isVisible()).toBe(true);

    await from.fill('10');
    await panel.locator('input[name="to"]').fill('19');
    await panel.getByRole('combobox', { name: 'Contractor' }).click();
    await ctx.page.getByRole('option', { name: 'Acme Excavating' }).click();
    await panel.locator('input[name="jobSite"]').fill('North Pit');
    await panel.getByRole('combobox', { name: 'Triaxle or Trailer' }).click();
    await ctx.page.getByRole('option', { name: 'Trailer' }).click();
    await panel.getByRole('button', { name: 'Update' }).click();

    const confirmation = panel.getByRole('region', { name: 'Update tickets 10 to 19?' });
    await expect.poll(() => confirmation.getByText('10 tickets will be updated.').isVisible()).toBe(true);
    expect(await confirmation.getByText('1 ticket already holds other values:').isVisible()).toBe(true);
    expect(await confirmation.getByRole('row', { name: /12\s+Job site/ }).isVisible()).toBe(true);
    expect(await confirmation.getByText(/^Force Update is off/).isVisible()).toBe(true);

    // Turning Force Update on closes the panel (it was about other values); the next check says it overwrites.
    await panel.getByLabel('Force Update').check();
    expect(await confirmation.count()).toBe(0);
    await panel.getByRole('button', { name: 'Update' }).click();
    await expect
      .poll(() => confirmation.getByText('Force Update is on: these values are overwritten.').isVisible())
      .toBe(true);
    await screenshot(ctx.page, 'bulk-tab-update-confirm');

    await confirmation.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => toast('Updating tickets from 10 to 19').isVisible()).toBe(true);
    await runFinishes(panel);
    expect(await runSection(panel).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await expect.poll(() => panel.getByText('10 tickets updated.').isVisible()).toBe(true);
    await screenshot(ctx.page, 'bulk-tab-update');

    for (let n = 10; n <= 19; n++) {
      expect(await ctx.ticketNumbered(n)).toMatchObject({
        jobSite: 'North Pit',
        contractorCompanyId: contractorId,
        truckTypeId: 2,
      });
    }
    expect(await ctx.ticketNumbered(20)).toMatchObject({ jobSite: null, contractorCompanyId: null });
  });

  it('choosing a project on the Update tab fills its job site, contacts and material type (issue 15, item 9)', async () => {
    const materialType = await ctx.call(endpoints.materialTypeCatalogue.create, {
      body: { name: 'Fill clay' },
    });
    await ctx.call(endpoints.projectCatalogue.create, {
      body: {
        project: {
          projectId: 'P-FILL',
          contractorCompanyId: contractorId,
          jobSite: 'Fill Pit',
          materialTypeId: materialType.id,
        },
        loggedInUserId: 1,
      },
    });
    await ctx.page.reload();
    const panel = await openTab('Update');
    await panel.getByRole('combobox', { name: 'Contractor' }).click();
    await ctx.page.getByRole('option', { name: 'Acme Excavating' }).click();
    await panel.getByRole('combobox', { name: 'Project' }).click();
    await ctx.page.getByRole('option', { name: 'P-FILL' }).click();
    await expect.poll(() => panel.locator('input[name="jobSite"]').inputValue()).toBe('Fill Pit');
    await expect
      .poll(() => panel.getByRole('combobox', { name: 'Material type' }).inputValue())
      .toBe('Fill clay');
  });

  it('bulk clears the job site of a range', async () => {
    const panel = await openTab('Clear');
    await panel.locator('input[name="from"]').fill('10');
    await panel.locator('input[name="to"]').fill('11');
    await panel.getByLabel('Job site').check();
    await panel.getByRole('button', { name: 'Clear' }).click();
    const confirmation = panel.getByRole('region', { name: 'Clear tickets 10 to 11?' });
    await expect
      .poll(() => confirmation.getByText('2 tickets will be cleared: Job site.').isVisible())
      .toBe(true);
    await screenshot(ctx.page, 'bulk-tab-clear-confirm');
    await confirmation.getByRole('button', { name: 'Confirm' }).click();
    await runFinishes(panel);
    await expect.poll(() => panel.getByText('2 tickets cleared.').isVisible()).toBe(true);
    await screenshot(ctx.page, 'bulk-tab-clear');
    expect(await ctx.ticketNumbered(10)).toMatchObject({ jobSite: null, contractorCompanyId: contractorId });
    expect(await ctx.ticketNumbered(12)).toMatchObject({ jobSite: 'North Pit' });
  });

  it("bulk receives '1-3,5': success chips, then failed chips ('already received') the second time", async () => {
    const panel = await openTab('Bulk Receive');
    const entry = panel.locator('input[name="ticketRange"]');
    await entry.fill('5-1');
    await panel.getByRole('button', { name: 'Receive' }).click();
    await expect
      .poll(() => panel.getByText('End of range must be greater than start of range').isVisible())
      .toBe(true);
    await entry.fill('1-200');
    await expect.poll(() => panel.getByText('Ticket range is too large (max 100)').isVisible()).toBe(true);
    await entry.fill('1;3');
    await expect
      .poll(() => panel.getByText('Invalid ticket range formt (e.g. 1,2,3 or 1-3)').isVisible())
      .toBe(true);

    const chip = (state: string, key: string) =>
      panel.locator(`[data-chip-state="${state}"]`).filter({ hasText: new RegExp(`^${key}:`) });
    const receive = async () => {
      await entry.fill('1-3,5');
      await entry.press('Enter');
      const confirmation = panel.getByRole('region', { name: 'Receive 4 tickets?' });
      await expect.poll(() => confirmation.getByText('Ranges: 1-3, 5').isVisible()).toBe(true);
      await confirmation.getByRole('button', { name: 'Confirm' }).click();
      await runFinishes(panel, 'completed');
    };

    await receive();
    await expect.poll(() => chip('success', '1-3').isVisible()).toBe(true);
    expect(await chip('success', '5').isVisible()).toBe(true);
    await screenshot(ctx.page, 'bulk-tab-receive');
    for (const n of [1, 2, 3, 5]) expect((await ctx.ticketNumbered(n))?.isReceived).toBe(true);
    expect((await ctx.ticketNumbered(4))?.isReceived).toBe(false);

    await receive();
    await expect.poll(() => chip('failed', '1-3').isVisible()).toBe(true);
    expect(await chip('failed', '5').isVisible()).toBe(true);
    await chip('failed', '1-3').hover();
    await expect.poll(() => ctx.page.getByRole('tooltip').textContent()).toBe('already received: 1, 2, 3');
    // The chip says what happened, not only its tooltip (issue 15, item 3).
    expect(await chip('failed', '5').textContent()).toBe('5: not received: already received: 5');
    await screenshot(ctx.page, 'bulk-tab-receive-failed');

    // Force Receive accepts a range with a ticket that does not exist, and says so in amber, not as received.
    await panel.getByLabel('Force Receive').check();
    await entry.fill('4,9999');
    await entry.press('Enter');
    await panel
      .getByRole('region', { name: 'Receive 2 tickets?' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await runFinishes(panel, 'completed');
    const forced = panel.locator('[data-chip-outcome="forced"]');
    await expect.poll(() => forced.textContent()).toBe('9999: accepted, not received: does not exist: 9999');
    expect(await panel.locator('[data-chip-outcome="received"]').textContent()).toBe('4: received');
    await expect
      .poll(() => toast('Ranges received: 1; accepted by Force Receive: 1; not received: 0').isVisible())
      .toBe(true);
    await screenshot(ctx.page, 'bulk-tab-receive-forced');
  });

  it('cancels a bulk receive from its progress bar, by keyboard, after a confirmation (issue 32, item 4)', async () => {
    const panel = await openTab('Bulk Receive');
    const queue = ctx.portal.infra.jobs.queue('ticket-bulk-receive');
    // Held on the queue so that the run is still going when it is cancelled.
    await queue.pause();
    try {
      const numbers = Array.from({ length: 150 }, (_, index) => 8001 + index);
      const entry = panel.locator('input[name="ticketRange"]');
      await entry.fill(numbers.join(','));
      await entry.press('Enter');
      await panel
        .getByRole('region', { name: 'Receive 150 tickets?' })
        .getByRole('button', { name: 'Confirm' })
        .click();
      await expect.poll(() => runSection(panel).getAttribute('data-run-state')).toBe('queued');

      await panel.getByRole('button', { name: 'Cancel run' }).focus();
      await ctx.page.keyboard.press('Enter');
      const dialog = ctx.page.getByRole('dialog', { name: 'Cancel this run?' });
      await dialog.waitFor();
      // Focus starts on Keep running; the next button is the cancel.
      await ctx.page.keyboard.press('Tab');
      await ctx.page.keyboard.press('Enter');
      await runFinishes(panel, 'cancelled');
      expect(await runSection(panel).getByRole('status').textContent()).toBe('Cancelled');
      await expect.poll(() => toast('The run was cancelled: 0 of 150 done.').isVisible()).toBe(true);
      // 150 ranges are more than the status document carries chips for: they are read from the chunk pages.
      await expect
        .poll(() => panel.locator('[data-chip-outcome="failed"]').count(), { timeout: 10_000 })
        .toBe(150);
      expect(await panel.locator('[data-chip-outcome="failed"]').first().textContent()).toBe(
        '8001: not received: cancelled',
      );
      expect(await panel.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
      await screenshot(ctx.page, 'bulk-tab-receive-cancelled');
    } finally {
      await queue.resume();
    }
  });

  it('exports a range from the Export tab to the signed-in user by e-mail', async (context) => {
    const panel = await openTab('Export');
    await expect.poll(() => panel.locator('input[name="email"]').inputValue()).toBe(testAdmin.username);
    await screenshot(ctx.page, 'bulk-tab-export');
    if (!hasRoute(endpoints.postTicketGenerateExcel)) context.skip();
    await panel.locator('input[name="from"]').fill('1');
    await panel.locator('input[name="to"]').fill('20');
    await panel.getByRole('button', { name: 'Export' }).click();
    await expect
      .poll(() => toast(`Email with ticket export has been sent to: ${testAdmin.username}`).isVisible(), {
        timeout: 60_000,
      })
      .toBe(true);
    await screenshot(ctx.page, 'bulk-tab-export-sent');
    // Embedded mode keeps the mail in the outbox.
    const outbox = await ctx.call(endpoints.getMailOutbox, {});
    expect(outbox).toContainEqual(
      expect.objectContaining({ subject: 'Ticket export 000001 to 000020', to: [testAdmin.username] }),
    );
  });

  it('a standard user sees only the Search tab', async () => {
    const standard = await ctx.browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await logIn(standard, ctx.portal.url, gateUser.username, gateUser.password);
      await standard.getByRole('tab', { name: 'Search' }).waitFor();
      expect(await standard.getByRole('tab').count()).toBe(1);
      expect(await standard.getByRole('link', { name: 'Outbox' }).count()).toBe(0);
    } finally {
      await standard.close();
    }
  });
});

describe('reports and the mail outbox, end to end in Chromium', () => {
  it("has 'Generate Projects Report' on /contractors", async (context) => {
    await ctx.page.goto(`${ctx.portal.url}/contractors`);
    const button = ctx.page.getByRole('button', { name: 'Generate Projects Report' });
    await button.waitFor();
    await screenshot(ctx.page, 'contractors-projects-report');
    if (!hasRoute(endpoints.getTicketReportProjects)) context.skip();
    await button.click();
    await expect
      .poll(() => toast('Projects report generated successfully.').isVisible(), { timeout: 60_000 })
      .toBe(true);
  });

  it('lists kept mails in the Outbox and shows one with its attachment', async () => {
    await keepInOutbox(ctx.portal.infra.db, {
      to: [testAdmin.username],
      subject: 'Ticket export 1 to 20',
      html: '<h1>Ticket export</h1><p>The tickets <b>1 to 20</b> are attached.</p><script>parent.document.title = "pwned"</script>',
      text: 'The tickets 1 to 20 are attached.',
      attachments: [
        {
          filename: 'tickets-1-20.csv',
          contentType: 'text/csv',
          content: Buffer.from('ticketNumber\n1\n2\n'),
        },
      ],
    });
    await ctx.page.goto(`${ctx.portal.url}/dashboard`);
    await ctx.page.getByRole('menuitem', { name: 'Outbox' }).click();
    await ctx.page.waitForURL(`${ctx.portal.url}/outbox`);
    const row = ctx.page.getByRole('row', { name: /Ticket export 1 to 20/ });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/tickets-1-20\.csv/);
    await screenshot(ctx.page, 'outbox-list');

    await row.getByRole('link', { name: 'Ticket export 1 to 20' }).click();
    await ctx.page.waitForURL(/\/outbox\/\d+$/);
    const frame = ctx.page.frameLocator('iframe[title="Mail body"]');
    await expect.poll(() => frame.getByRole('heading', { name: 'Ticket export' }).isVisible()).toBe(true);
    // The sandbox runs no script of the mail.
    expect(await ctx.page.title()).not.toBe('pwned');
    const [download] = await Promise.all([
      ctx.page.waitForEvent('download'),
      ctx.page.getByRole('button', { name: 'Download tickets-1-20.csv' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('tickets-1-20.csv');
    await screenshot(ctx.page, 'outbox-mail');

    // The export's own mail, when the export route is there (see the Export test).
    await ctx.page.getByRole('link', { name: 'Back to the outbox' }).click();
    const exported = ctx.page.getByRole('link', { name: 'Ticket export 000001 to 000020' });
    if ((await exported.count()) > 0) {
      await exported.click();
      await expect
        .poll(() =>
          ctx.page.getByRole('button', { name: 'Download ticket-export-000001-000020.xlsx' }).isVisible(),
        )
        .toBe(true);
      await screenshot(ctx.page, 'outbox-export-mail');
    }
  });
});
