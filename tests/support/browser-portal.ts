import { defaultUiDist } from '@portal/api';
import { type PortalTest, type TestPortalOptions, testAdmin, useTestPortal } from '@portal/api/test/portal';
import type { Ticket } from '@portal/contract';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, logIn } from './browser';

interface BrowserPortalTest extends PortalTest {
  browser: Browser;
  /** A 1440×900 page; nobody is logged in on it yet. */
  page: Page;
  /** The API as the administrator, for what a test sets up or checks behind the screens; 300 and up throw. */
  api<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T>;
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
  const test = Object.assign(useTestPortal({ uiDist: defaultUiDist, ...portalOptions }), {
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
  }) as BrowserPortalTest;
  beforeAll(async () => {
    test.browser = await launchChromium();
    test.page = await test.browser.newPage({ viewport: { width: 1440, height: 900 }, ...pageOptions });
  });
  afterAll(() => test.browser?.close());
  return test;
}

/** The ticket numbered `n` under the current prefix, as the search answers it. */
export async function ticketNumbered(test: BrowserPortalTest, n: number): Promise<Ticket> {
  const [ticket] = await test.api<Ticket[]>('POST', '/api/ticket/search', { ticketNumber: String(n) });
  if (!ticket) throw new Error(`no ticket ${n}`);
  return ticket;
}

/** Signs the first administrator in through the login form. */
export const logInAsAdministrator = (test: BrowserPortalTest) =>
  logIn(test.page, test.portal.url, testAdmin.username, testAdmin.password);
