import { endpoints } from '@portal/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/accessibility';
import { collectCspViolations } from '../support/browser';
import { loadedProjectTickets, useBrowserPortal } from '../support/browser-portal';

// Issue 15, item 16: an axe-core audit of every screen of the portal (and its dialogs and tabs) at the spec's
// desktop and phone widths finds nothing serious or critical; the same walk finds nothing the
// Content-Security-Policy blocks. The other browser tests audit the screens they visit too
// (support/accessibility.ts).
const ctx = useBrowserPortal();

/** What the screens below are about: a contractor with a contact and a project, a hauler with a truck, a ticket. */
interface Ids {
  contractor: number;
  contact: number;
  project: number;
  hauler: number;
  truck: number;
  ticket: number;
  hash: string;
}
const ids = {} as Ids;

beforeAll(async () => {
  const { contractorId, project, tickets } = await loadedProjectTickets(ctx, [
    { weight: 25_000, truckTypeId: 1 },
  ]);
  const [ticket] = tickets;
  if (!ticket?.transportCompanyId) throw new Error('no loaded ticket');
  const truck = await ctx.call(endpoints.truckCatalogue.create, {
    body: {
      truck: {
        transportCompanyId: ticket.transportCompanyId,
        number: 'T-90',
        licensePlate: 'AX90000',
        driverName: 'Ann',
        tareWeight: 14_000,
      },
    },
  });
  const contact = await ctx.call(endpoints.contractorContactCatalogue.create, {
    body: {
      contractorCompanyId: contractorId,
      contractorContact: {
        name: 'Olive Office',
        number: '(416)555-0100',
        email: 'olive@acme.test',
        isOfficeContact: true,
        isSiteContact: false,
      },
    },
  });
  const { hash } = await ctx.call(endpoints.getTicketByIdHash, { params: { id: ticket.id } });
  Object.assign(ids, {
    contractor: contractorId,
    contact: contact.id,
    project: project.id,
    hauler: ticket.transportCompanyId,
    truck: truck.id,
    ticket: ticket.id,
    hash,
  });
});

const screens: [string, (ids: Ids) => string][] = [
  ['dashboard', () => '/dashboard'],
  ['scale', () => '/scale'],
  ['contractors', () => '/contractors'],
  ['new contractor', () => '/contractor-company/new'],
  ['contractor', (i) => `/contractor-company/${i.contractor}`],
  ['new contractor contact', (i) => `/contacts/new/contractor-company/${i.contractor}`],
  ['contractor contact', (i) => `/contacts/${i.contact}/contractor-company/${i.contractor}`],
  ['new project', (i) => `/projects/new/contractor-company/${i.contractor}`],
  ['project', (i) => `/projects/${i.project}/contractor-company/${i.contractor}`],
  ['project log', (i) => `/project-log/${i.project}`],
  ['transports', () => '/transports'],
  ['new transport company', () => '/transport-company/new'],
  ['transport company', (i) => `/transport-company/${i.hauler}`],
  ['new transport contact', (i) => `/contacts/new/transport-company/${i.hauler}`],
  ['new truck', (i) => `/trucks/new/transport-company/${i.hauler}`],
  ['truck', (i) => `/trucks/${i.truck}/transport-company/${i.hauler}`],
  ['materials', () => '/materials'],
  ['new material', () => '/material/new'],
  ['new material type', () => '/material-type/new'],
  ['scales', () => '/scales'],
  ['new scale', () => '/scales/new'],
  ['settings', () => '/settings'],
  ['users', () => '/users'],
  ['new user', () => '/user/new'],
  ['reports', () => '/reports'],
  ['outbox', () => '/outbox'],
  ['audit', () => '/audit'],
  ['ticket', (i) => `/ticket/${i.ticket}`],
  ['ticket log', (i) => `/ticket-log/${i.ticket}`],
  ['ticket audit', (i) => `/ticket-audit/${i.ticket}`],
  ['digital ticket', (i) => `/digital-ticket/${i.ticket}`],
  ['print record', (i) => `/print-record/${i.ticket}`],
  ['haulage record', (i) => `/haulage-record/${i.ticket}`],
  ["project's haulage report", (i) => `/report/haulage-record/${i.project}`],
  ['truck dispatch', (i) => `/truck-dispatch/${i.ticket}?hash=${i.hash}`],
  ['not found', () => '/no-such-screen'],
];

/** Dialogs and tabs, each opened from its screen. */
const openings: [string, (page: Page, url: string) => Promise<void>][] = [
  [
    "dashboard's Receive dialog",
    async (page, url) => {
      await page.goto(`${url}/dashboard`);
      await page.getByRole('button', { name: 'Receive [0] 000001' }).click();
      await page.getByRole('dialog').waitFor();
    },
  ],
  [
    "ticket's Reject dialog",
    async (page, url) => {
      await page.goto(`${url}/ticket/${ids.ticket}`);
      await page.getByRole('button', { name: 'Reject' }).click();
      await page.getByRole('dialog').waitFor();
    },
  ],
  ...['Generate', 'Export', 'Update', 'Clear', 'Bulk Receive'].map(
    (tab): [string, (page: Page, url: string) => Promise<void>] => [
      `dashboard's ${tab} tab`,
      async (page, url) => {
        await page.goto(`${url}/dashboard`);
        await page.getByRole('tab', { name: tab }).click();
      },
    ],
  ),
];

/** Waits until the screen has loaded what it shows: no request in flight, then a frame to render it. */
const settled = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100)))');
};

/** The spec's desktop and phone widths: each screen is audited at both, the phone's by resizing, not reloading. */
const widths = [1440, 390];

/**
 * One walk of every screen, signed in as the administrator: no serious or critical axe-core finding at either
 * width, and nothing the Content-Security-Policy blocks (the policy's own checks are in
 * content-security-policy.e2e.test.ts).
 */
describe('every screen at 1440 and 390 px: no serious or critical axe-core finding, nothing blocked by the CSP', () => {
  let page: Page;
  let cspViolations: string[];

  /** Opens a screen at the desktop width with `open`, then audits it at each width. */
  async function findingsOn(open: (page: Page) => Promise<void>): Promise<string[]> {
    await page.setViewportSize({ width: widths[0] ?? 1440, height: 900 });
    await open(page);
    const found: string[] = [];
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await settled(page);
      found.push(...(await accessibilityViolations(page)).map((finding) => `${width} px ${finding}`));
    }
    return [...found, ...cspViolations.splice(0)];
  }

  const goTo = (path: string) => async (page: Page) => {
    await page.goto(`${ctx.portal.url}${path}`);
  };

  beforeAll(async () => {
    page = await ctx.browser.newPage({ viewport: { width: 1440, height: 900 } });
    cspViolations = await collectCspViolations(page);
  });
  afterAll(() => page?.close());

  it('on the login form', async () => {
    expect(await findingsOn(goTo('/login'))).toEqual([]);
    await ctx.logInAsAdministrator(page);
  });

  it.each(screens)('on the %s screen', async (_, path) => {
    expect(await findingsOn(goTo(path(ids)))).toEqual([]);
  });

  it.each(openings)('on the %s', async (_, open) => {
    expect(await findingsOn((page) => open(page, ctx.portal.url))).toEqual([]);
  });

  // A slow machine shows react-admin's loading page while a screen's code is on its way (after 1 s): held here
  // until it shows, so the audit sees it every time rather than when CI happens to be busy.
  it("on the loading page, while a screen's code is on its way", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const screenCode = /\/assets\/DashboardPage-[^/]+\.js$/;
    await page.route(screenCode, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${ctx.portal.url}/dashboard`, { waitUntil: 'commit' });
      await page.getByText('Please wait').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
    } finally {
      release();
    }
    // Unrouted once the held request went on: unrouting under a waiting handler races its continue.
    await page.getByRole('heading', { name: 'Daily Trucks' }).waitFor();
    await page.unroute(screenCode);
  });
});
