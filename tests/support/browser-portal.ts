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
import { endpoints, type Project, type Ticket } from '@portal/contract';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { auditScreensAfterEach } from './accessibility';
import { launchChromium, logIn } from './browser';

interface BrowserPortalTest extends PortalTest {
  browser: Browser;
  /** A 1440×900 page; nobody is logged in on it yet. */
  page: Page;
  /** The API as the administrator, for what a test sets up or checks behind the screens; 300 and up throw. */
  api<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T>;
  /** The typed client, as the administrator unless other headers are given; 300 and up throw. */
  call: ReturnType<typeof clientOfPortal>;
  /** Runs a bulk call (generate, bulk update, …) as the administrator and waits for the run to end. */
  runAsAdministrator(url: string, payload: object): Promise<unknown>;
  /** Generates tickets `from`…`to` as the administrator and waits for the run to end. */
  generateTickets(from: number, to: number, options?: { isSoilFLOTicket?: boolean }): Promise<unknown>;
  /** The ticket numbered `n` under the current prefix, as the search answers it. */
  ticketNumbered(n: number): Promise<Ticket>;
  /** Signs the first administrator in through the login form, on `page` or the test's own. */
  logInAsAdministrator(page?: Page): Promise<void>;
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
    async api<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> {
      const response = await test.portal.app.inject({
        method,
        url,
        headers: test.admin,
        ...(payload ? { payload } : {}),
      });
      if (response.statusCode >= 300)
        throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json<T>();
    },
    runAsAdministrator: (url: string, payload: object) =>
      runToEnd(test.portal, test.admin, { method: 'POST', url, payload }),
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
    logInAsAdministrator: (page: Page = test.page) =>
      logIn(page, test.portal.url, testAdmin.username, testAdmin.password),
  }) as BrowserPortalTest;
  beforeAll(async () => {
    test.browser = await launchChromium();
    test.page = await test.browser.newPage({ viewport: { width: 1440, height: 900 }, ...pageOptions });
  });
  auditScreensAfterEach(() => [test.page]);
  afterAll(() => test.browser?.close());
  return test;
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
    const ticket = await test.ticketNumbered(n);
    tickets.push(
      await test.call(endpoints.putTicketEditShort, {
        body: {
          ticket: {
            id: ticket.id,
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
          },
        },
      }),
    );
  }
  return { contractorId: contractor.id, project, tickets };
}
