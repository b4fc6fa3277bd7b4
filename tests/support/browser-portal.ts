import { defaultUiDist } from '@portal/api';
import {
  clientOfPortal,
  injectionOf,
  type PortalTest,
  runToEnd,
  type TestPortalOptions,
  testAdmin,
  useTestPortal,
} from '@portal/api/test/portal';
import {
  type Endpoint,
  endpoints,
  type InputOf,
  type Project,
  type Settings,
  type Ticket,
} from '@portal/contract';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { auditScreensAfterEach } from './accessibility';
import { launchChromium, logIn } from './browser';
import { earlierToday } from './site-day';

/** What the dashboard's short form saves on a ticket besides its id. */
export type TicketChanges = Omit<InputOf<typeof endpoints.putTicketEditShort>['body']['ticket'], 'id'>;

interface BrowserPortalTest extends PortalTest {
  browser: Browser;
  /** A 1440×900 page; nobody is logged in on it yet. */
  page: Page;
  /** The typed client, as the administrator unless other headers are given; 300 and up throw. */
  call: ReturnType<typeof clientOfPortal>;
  /** Runs a bulk call (generate, bulk update, …) as the administrator and waits for the run to end. */
  runAsAdministrator<const E extends Endpoint>(declaration: E, input: InputOf<E>): Promise<unknown>;
  /** Generates tickets `from`…`to` as the administrator and waits for the run to end. */
  generateTickets(from: number, to: number, options?: { isSoilFLOTicket?: boolean }): Promise<unknown>;
  /** The ticket numbered `n` under the current prefix, as the search answers it. */
  ticketNumbered(n: number): Promise<Ticket>;
  /** Saves `changes` on the ticket numbered `n` through the dashboard's short form; answers the ticket saved. */
  editTicketNumbered(n: number, changes: TicketChanges): Promise<Ticket>;
  /** Signs the first administrator in through the login form, on `page` or the test's own. */
  logInAsAdministrator(page?: Page): Promise<void>;
  /** Runs `use` on a new page of this size with the administrator signed in, and closes the page after. */
  withAdministratorPage(
    viewport: { width: number; height: number },
    use: (page: Page) => Promise<void>,
  ): Promise<void>;
  /** Reads the site's settings and saves them with `changes`, as the administrator. */
  changeSettings(changes: Partial<Settings>): Promise<unknown>;
}

/**
 * Starts a portal serving the built admin UI (with `env` besides the test settings) and Chromium with one
 * page for the calling test file (beforeAll), and closes both afterwards (afterAll). The fields are set once
 * beforeAll has run.
 */
export function useBrowserPortal(
  pageOptions: BrowserContextOptions = {},
  portalOptions: Pick<TestPortalOptions, 'env'> = {},
): BrowserPortalTest {
  const client = clientOfPortal(() => test.portal);
  const test = Object.assign(useTestPortal({ uiDist: defaultUiDist, ...portalOptions }), {
    call: ((declaration, input, headers) =>
      client(declaration, input, headers ?? test.admin)) as typeof client,
    runAsAdministrator: <const E extends Endpoint>(declaration: E, input: InputOf<E>) =>
      runToEnd(test.portal, test.admin, injectionOf(declaration, input)),
    generateTickets: (from: number, to: number, options: { isSoilFLOTicket?: boolean } = {}) =>
      runToEnd(
        test.portal,
        test.admin,
        injectionOf(endpoints.postTicketGenerate, { body: { from, to, ...options } }),
      ),
    async ticketNumbered(n: number): Promise<Ticket> {
      const [ticket] = await test.call(endpoints.postTicketSearch, { body: { ticketNumber: String(n) } });
      if (!ticket) throw new Error(`no ticket ${n}`);
      return ticket;
    },
    async editTicketNumbered(n: number, changes: TicketChanges): Promise<Ticket> {
      const { id } = await test.ticketNumbered(n);
      return test.call(endpoints.putTicketEditShort, { body: { ticket: { id, ...changes } } });
    },
    logInAsAdministrator: (page: Page = test.page) =>
      logIn(page, test.portal.url, testAdmin.username, testAdmin.password),
    async withAdministratorPage(
      viewport: { width: number; height: number },
      use: (page: Page) => Promise<void>,
    ) {
      const page = await test.browser.newPage({ viewport });
      try {
        await test.logInAsAdministrator(page);
        await use(page);
      } finally {
        await page.close();
      }
    },
    changeSettings: async (changes: Partial<Settings>) =>
      test.call(endpoints.putSetting, {
        body: { ...(await test.call(endpoints.getSetting, {})), ...changes },
      }),
  }) as BrowserPortalTest;
  beforeAll(async () => {
    test.browser = await launchChromium();
    test.page = await test.browser.newPage({ viewport: { width: 1440, height: 900 }, ...pageOptions });
  });
  auditScreensAfterEach(() => [test.page]);
  afterAll(() => test.browser?.close());
  return test;
}

/** Gina Gate, a standard user the suites create to see what a user who is not an administrator sees. */
export const gateUser = {
  username: 'gate@portal.test',
  password: 'Gatehouse-birch-comet-63',
  firstName: 'Gina',
  lastName: 'Gate',
} as const;

/**
 * Acme Excavating and Northern Haulage's truck T-17 (plate AB12345, tare 15 000 kg, and `truck` besides), Soil
 * and its Clean fill; answers their ids and a received load's details to save on a ticket: loaded at North Pit
 * two hours ago, received an hour ago, driven by Dave Driver.
 */
export async function northPitLoad(test: BrowserPortalTest, truck: { driverName?: string } = {}) {
  const contractor = await test.call(endpoints.contractorCompanyCatalogue.create, {
    body: { name: 'Acme Excavating' },
  });
  const hauler = await test.call(endpoints.transportCompanyCatalogue.create, {
    body: { name: 'Northern Haulage' },
  });
  const { id: truckId } = await test.call(endpoints.truckCatalogue.create, {
    body: {
      truck: {
        transportCompanyId: hauler.id,
        number: 'T-17',
        licensePlate: 'AB12345',
        ...truck,
        tareWeight: 15000,
      },
    },
  });
  const materialType = await test.call(endpoints.materialTypeCatalogue.create, { body: { name: 'Soil' } });
  const material = await test.call(endpoints.materialCatalogue.create, { body: { name: 'Clean fill' } });
  return {
    contractorId: contractor.id,
    haulerId: hauler.id,
    details: {
      date: new Date().toISOString(),
      timeLoaded: earlierToday(2),
      timeReceived: earlierToday(1),
      jobSite: 'North Pit',
      siteContactName: 'Sally Site',
      contractorCompanyId: contractor.id,
      transportCompanyId: hauler.id,
      truckId,
      truckTypeId: 1,
      truckNumber: 'T-17',
      truckLicensePlate: 'AB12345',
      truckDriverName: 'Dave Driver',
      materialTypeId: materialType.id,
      materialId: material.id,
    },
  };
}

/**
 * Acme Excavating's project P-500 at 500 Source Rd, and tickets 1, 2, … loaded for it by Northern Haulage an
 * hour ago, one per load (truck T-n, plate AB1234n, driver Dave Driver).
 */
export async function loadedProjectTickets(
  test: BrowserPortalTest,
  loads: readonly { weight: number; truckTypeId: number }[],
): Promise<{ contractorId: number; project: Project; tickets: Ticket[] }> {
  const contractor = await test.call(endpoints.contractorCompanyCatalogue.create, {
    body: { name: 'Acme Excavating' },
  });
  const hauler = await test.call(endpoints.transportCompanyCatalogue.create, {
    body: { name: 'Northern Haulage' },
  });
  const project: Project = await test.call(endpoints.projectCatalogue.create, {
    body: { project: { projectId: 'P-500', contractorCompanyId: contractor.id, jobSite: '500 Source Rd' } },
  });
  await test.generateTickets(1, loads.length);
  const tickets: Ticket[] = [];
  for (const [index, { weight, truckTypeId }] of loads.entries()) {
    const n = index + 1;
    tickets.push(
      await test.editTicketNumbered(n, {
        projectId: project.id,
        contractorCompanyId: contractor.id,
        transportCompanyId: hauler.id,
        jobSite: '500 Source Rd',
        truckNumber: `T-${n}`,
        truckLicensePlate: `AB1234${n}`,
        truckDriverName: 'Dave Driver',
        truckTypeId,
        timeLoaded: new Date(Date.now() - 3600_000).toISOString(),
        weight,
      }),
    );
  }
  return { contractorId: contractor.id, project, tickets };
}
