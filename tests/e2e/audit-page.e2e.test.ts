import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createStandardUser, injectionOf, runToEnd, testAuditorUser } from '@portal/api/test/portal';
import { endpoints, type Ticket } from '@portal/contract';
import { ticketStreamId } from '@portal/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, screenshot } from '../support/browser';
import { useBrowserPortal } from '../support/browser-portal';

// Issue 31, item 7: the Audit page (chain status, Verify now, seals) and each event's link in a ticket's history.
const ctx = useBrowserPortal();

const widths = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
let ticket: Ticket;
// Its own page at a phone's width: a desktop page resized would keep its menu open over the screen.
let phone: Page;
const pageAt = (width: number) => (width === 1440 ? ctx.page : phone);

beforeAll(async () => {
  phone = await ctx.browser.newPage({ viewport: widths[1] });
  await createStandardUser(ctx.portal, ctx.admin, testAuditorUser);
  await runToEnd(
    ctx.portal,
    ctx.admin,
    injectionOf(endpoints.postTicketGenerate, {
      body: { from: 1, to: 1, isSoilFLOTicket: false, email: null },
    }),
  );
  ticket = await ctx.ticketNumbered(1);
  for (const notes of ['Checked at the gate', 'Checked again'])
    await ctx.call(endpoints.putTicketEditShort, { body: { ticket: { id: ticket.id, notes } } });
  await ctx.call(endpoints.postAuditSeal, {});
});

const logInAsAuditor = (page: Page) =>
  logIn(page, ctx.portal.url, testAuditorUser.username, testAuditorUser.password, '/audit');

const menuItem = (page: Page, name: string) => page.getByRole('menuitem', { name, exact: true });

/** The drawer's entries, opening it first where it is closed (a phone's). */
async function menuEntries(page: Page): Promise<string[]> {
  if (!(await menuItem(page, 'Logout').isVisible()))
    await page.getByRole('button', { name: 'Open menu' }).click();
  await menuItem(page, 'Logout').waitFor();
  const entries = await page.getByRole('menuitem').allTextContents();
  if ((page.viewportSize()?.width ?? 0) < 600) {
    await page.keyboard.press('Escape');
    await menuItem(page, 'Logout').waitFor({ state: 'hidden' });
  }
  return entries;
}

/** Presses Verify now and waits for its run to finish, its answer shown. */
async function verifyNow(page: Page) {
  await page.getByRole('button', { name: 'Verify now' }).click();
  await page.locator('[data-run-state="completed"]').waitFor();
}

describe('the Audit page, in Chromium', () => {
  it('an auditor signs in, lands on Audit, verifies the chain and sees the result and the seals', async () => {
    const [seal] = await ctx.call(endpoints.getAuditSeals, {});
    for (const { width } of widths) {
      const page = pageAt(width);
      await logInAsAuditor(page);
      await page.getByRole('heading', { name: 'Chain status' }).waitFor();
      expect((await menuEntries(page)).slice(0, 2)).toEqual(['Audit', 'Logout']);
      expect(await page.getByRole('button', { name: 'Seal now' }).count()).toBe(0);
      await expect.poll(() => page.getByTestId('seal-digest').first().textContent()).toBe(seal?.merkleRoot);
      expect(await page.getByRole('region', { name: 'Verifiable exports' }).isVisible()).toBe(true);
      // Retention and holds are theirs to read, not to change.
      const retention = page.getByRole('region', { name: 'Records retention' });
      await retention.getByText('No period is set: nothing is removed.').waitFor();
      expect(await retention.getByLabel('Years personal data is kept').isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Run retention now' }).count()).toBe(0);
      await page.getByRole('region', { name: 'Legal holds' }).getByText('No legal hold stands.').waitFor();
      expect(await page.getByRole('button', { name: 'Place hold' }).count()).toBe(0);

      await verifyNow(page);
      await expect
        .poll(() => page.getByTestId('chain-holds').textContent())
        .toMatch(/^Every chain holds: \d+ events checked\.$/);
      await screenshot(page, `audit-page-verified-${width}`);

      // Kept by the server: a reload still says when, and what was found.
      await page.reload();
      await page.getByTestId('chain-holds').waitFor();
      expect(await page.getByText('Never').count()).toBe(0);
    }
  });

  it('compares the read models with a rebuild when asked: equal, then a row edited in PostgreSQL named in red', async () => {
    const notes = async () =>
      (await ctx.portal.infra.pool.query('SELECT notes FROM tickets WHERE id = $1', [ticket.id])).rows[0]
        ?.notes;
    const kept = await notes();
    const compare = (page: Page) => page.getByLabel('Also compare the read models with a rebuild');
    for (const { width } of widths) {
      const page = pageAt(width);
      await logInAsAuditor(page);
      await compare(page).check();
      await verifyNow(page);
      await expect
        .poll(() => page.getByTestId('read-models-hold').textContent())
        .toMatch(/^The read models equal a rebuild from the events: \d+ tables compared\.$/);
    }
    await ctx.portal.infra.pool.query('UPDATE tickets SET notes = $2 WHERE id = $1', [
      ticket.id,
      'Edited row',
    ]);
    try {
      for (const { width } of widths) {
        const page = pageAt(width);
        await page.reload();
        // Unticked after a reload: a plain verify says nothing of the read models.
        expect(await compare(page).isChecked()).toBe(false);
        await compare(page).check();
        await verifyNow(page);
        const differ = page.getByTestId('read-models-differ');
        await expect.poll(() => differ.textContent()).toContain('The read models differ from a rebuild');
        expect(await differ.textContent()).toMatch(
          /tickets: 1 row\(s\) only in the live table, 1 only in the rebuild/,
        );
        // The chains themselves still hold: only the read model was touched.
        expect(await page.getByTestId('chain-holds').isVisible()).toBe(true);
        await screenshot(page, `audit-page-read-models-differ-${width}`);
      }
    } finally {
      await ctx.portal.infra.pool.query('UPDATE tickets SET notes = $2 WHERE id = $1', [ticket.id, kept]);
    }
  });

  it('an event edited in PostgreSQL shows red with where, and red on its link in the ticket history', async () => {
    await ctx.portal.infra.pool.query(
      `ALTER TABLE events DISABLE TRIGGER events_append_only;
       UPDATE events SET data = data || '{"notes": "Edited in the database"}'
           WHERE stream_id = '${ticketStreamId(ticket.id)}' AND stream_version = 2;
       ALTER TABLE events ENABLE TRIGGER events_append_only;`,
    );
    for (const { width } of widths) {
      const page = pageAt(width);
      await logInAsAuditor(page);
      await verifyNow(page);
      const broken = page.getByTestId('chain-break');
      await expect
        .poll(() => broken.textContent())
        .toContain(`Stream ${ticketStreamId(ticket.id)}, position 2`);
      expect(await broken.textContent()).toContain('This event was changed after it was recorded.');
      // Red: the theme's error colour, filled (the tests' types have no DOM, hence the window's function by name).
      const background = await broken.evaluate(
        (element) =>
          (
            globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }
          ).getComputedStyle(element).backgroundColor,
      );
      const [red = 0, green = 0, blue = 0] = (background.match(/\d+/g) ?? []).map(Number);
      expect(red > 150 && green < 80 && blue < 80, background).toBe(true);
      await screenshot(page, `audit-page-broken-${width}`);

      await broken.getByRole('link', { name: "Open the ticket's history" }).click();
      await page.waitForURL(`${ctx.portal.url}/ticket-audit/${ticket.id}`);
      const option = (version: number) => page.getByRole('option', { name: new RegExp(`^v${version} ·`) });
      await expect.poll(() => option(2).locator('[data-link]').getAttribute('data-link')).toBe('broken');
      expect(await option(1).locator('[data-link]').getAttribute('data-link')).toBe('verified');
      expect(await option(1).textContent()).toContain('Link verified');
      expect(await option(2).textContent()).toContain(
        'Broken: This event was changed after it was recorded.',
      );
      expect(await option(3).locator('[data-link]').getAttribute('data-link')).toBe('after-break');
      await screenshot(page, `ticket-history-links-${width}`);
    }
    // The ticket's log is theirs to read too, and asks nothing an auditor is refused (which would end the session).
    await ctx.page.getByRole('link', { name: 'Ticket log' }).click();
    await ctx.page.waitForURL(`${ctx.portal.url}/ticket-log/${ticket.id}`);
    await ctx.page.getByText('Checked again').first().waitFor();
    expect(await ctx.page.evaluate("localStorage.getItem('token')")).toMatch(/^ey/);
  });

  it('an administrator has Audit in the menu and seals now after a confirmation', async () => {
    await ctx.logInAsAdministrator();
    await menuItem(ctx.page, 'Audit').click();
    await ctx.page.waitForURL(`${ctx.portal.url}/audit`);
    const sealsHeading = ctx.page.getByRole('heading', { name: /^Seals \(/ });
    const sealsBefore = await ctx.call(endpoints.getAuditSeals, {});
    await expect.poll(() => sealsHeading.textContent()).toBe(`Seals (${sealsBefore.length})`);
    await ctx.page.getByRole('button', { name: 'Seal now' }).click();
    await ctx.page.getByRole('dialog').getByText('Seal every stream now?').waitFor();
    await screenshot(ctx.page, 'audit-page-seal-confirm-1440', { fullPage: false });
    await ctx.page.getByRole('dialog').getByRole('button', { name: 'Seal now' }).click();
    await expect.poll(() => sealsHeading.textContent()).toBe(`Seals (${sealsBefore.length + 1})`);
    expect(await ctx.call(endpoints.getAuditSeals, {})).toHaveLength(sealsBefore.length + 1);
  });

  it("downloads a ticket's verifiable export, which the standalone verifier checks and finds the edited event in", async () => {
    await ctx.page.setViewportSize({ width: 390, height: 844 });
    await ctx.page.goto(`${ctx.portal.url}/audit`);
    const exports = ctx.page.getByRole('region', { name: 'Verifiable exports' });
    await exports.getByLabel('Ticket ID').fill(String(ticket.id));
    await screenshot(ctx.page, 'audit-page-export-390');
    const [download] = await Promise.all([
      ctx.page.waitForEvent('download'),
      exports.getByRole('button', { name: 'Download export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const file = await download.path();
    const verifier = path.join(import.meta.dirname, '../../packages/audit-verifier/verify-audit-export.mjs');
    const failure = await promisify(execFile)(process.execPath, [verifier, file]).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    // The second test edited the ticket's second event in PostgreSQL: the verifier, alone, names it.
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(
      new RegExp(`FAIL content-changed: stream ${ticketStreamId(ticket.id)}, position 2`),
    );
  });

  it('an administrator sets the period, holds a ticket range, releases it after a confirmation, and runs retention now', async () => {
    await runToEnd(
      ctx.portal,
      ctx.admin,
      injectionOf(endpoints.postTicketGenerate, {
        body: { from: 2, to: 2, isSoilFLOTicket: false, email: null },
      }),
    );
    const old = await ctx.ticketNumbered(2);
    await ctx.call(endpoints.putTicketEditShort, {
      body: { ticket: { id: old.id, date: '2015-03-02T12:00:00.000Z', truckDriverName: 'Dan Driver' } },
    });
    for (const { width } of widths) {
      const page = pageAt(width);
      if (width === 1440) await page.setViewportSize(widths[0]);
      else await ctx.logInAsAdministrator(page);
      await page.goto(`${ctx.portal.url}/audit`);
      const retention = page.getByRole('region', { name: 'Records retention' });
      const holds = page.getByRole('region', { name: 'Legal holds' });
      if (width === 1440) {
        const years = retention.getByLabel('Years personal data is kept');
        await years.fill('0');
        await retention.getByRole('button', { name: 'Save' }).click();
        await retention.getByText('Years must be a whole number from 1 to 100').waitFor();
        await years.fill('7');
        await retention.getByRole('button', { name: 'Save' }).click();
        await retention.getByText(/1 ticket still holds personal data; 0 kept by legal holds/).waitFor();

        await holds.getByLabel('Hold').click();
        await page.getByRole('option', { name: 'A range of ticket IDs' }).click();
        await holds.getByLabel('From ticket ID').fill(String(old.id));
        await holds.getByLabel('To ticket ID').fill(String(old.id));
        await holds.getByLabel('Reason').fill('Claim 2026-114');
        await holds.getByRole('button', { name: 'Place hold' }).click();
        await holds.getByText(`Tickets ${old.id} to ${old.id} (IDs)`).waitFor();
        await retention.getByText(/0 tickets still hold personal data; 1 kept by legal holds/).waitFor();
      }
      await screenshot(page, `audit-page-retention-${width}`);
    }
    // Released on the phone, after its confirmation; then run now, after its own.
    await phone.getByRole('region', { name: 'Legal holds' }).getByRole('button', { name: 'Release' }).click();
    await phone.getByRole('dialog').getByText('Release this legal hold?').waitFor();
    await screenshot(phone, 'audit-page-release-confirm-390', { fullPage: false });
    await phone.getByRole('dialog').getByRole('button', { name: 'Release' }).click();
    await phone.getByText('No legal hold stands.').waitFor();
    await phone.getByRole('button', { name: 'Run retention now' }).click();
    await phone.getByRole('dialog').getByText('Remove personal data now?').waitFor();
    await phone.getByRole('dialog').getByRole('button', { name: 'Run retention now' }).click();
    await phone.getByText('Personal data removed from 1 ticket; events rewritten: 1.').waitFor();
    await screenshot(phone, 'audit-page-retention-ran-390');
    expect((await ctx.call(endpoints.getTicketById, { params: { id: old.id } })).truckDriverName).toBe(
      '(removed)',
    );
    // Settings says what the period is, and where it is set.
    await ctx.page.goto(`${ctx.portal.url}/settings`);
    const note = ctx.page.getByTestId('retention-note');
    await expect.poll(() => note.textContent()).toContain("tickets' personal data is kept 7 years");
    await note.getByRole('link', { name: 'Set it, and the legal holds, on the Audit page.' }).click();
    await ctx.page.waitForURL(`${ctx.portal.url}/audit`);
  });
});
