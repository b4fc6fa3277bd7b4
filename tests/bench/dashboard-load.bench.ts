import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { defaultUiDist } from '@portal/api';
import { runToEnd, startTestPortal, type TestPortal, testAdmin } from '@portal/api/test/portal';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { atMost, type BenchRow, inRounds, mustBeZero, percentile, roundsRowOf, row } from './report';

const name = 'dashboard-load';
/** The issue's figure: 61 tickets Active on the dashboard when login took 1.16–1.60 s. */
const activeTickets = 61;
const loginRuns = 5;
// Issue 16, item 6.
const plate = (n: number) => `BNCH${String(n).padStart(3, '0')}`;

/** The JS that index.html loads before the first paint: its module script and its modulepreloads. */
function initialScripts(dist: string): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => /type="module"|rel="modulepreload"/.test(tag))
    .map((tag) => /(?:src|href)="\/([^"]+\.js)"/.exec(tag)?.[1])
    .filter((file): file is string => file !== undefined);
}

/**
 * A lazy screen's JS: its chunk (the built file whose name starts with `screen`) and every file it imports,
 * directly or not, that `initial` does not hold already.
 */
function lazyScreenScripts(dist: string, screen: string, initial: readonly string[]): string[] {
  const chunk = readdirSync(path.join(dist, 'assets')).find(
    (file) => file.startsWith(`${screen}-`) && file.endsWith('.js'),
  );
  if (!chunk) throw new Error(`no chunk of ${screen} in ${dist}/assets`);
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file) || initial.includes(file)) return;
    found.add(file);
    const code = readFileSync(path.join(dist, file), 'utf8');
    for (const [, imported] of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g))
      visit(`assets/${imported}`);
  };
  visit(`assets/${chunk}`);
  return [...found];
}

/**
 * Sum of the sizes of the files as the API sends them, in kB: their precompressed `.gz` (or `.br`) siblings,
 * or the file itself where the build wrote none (a file of a few bytes that compression would only enlarge).
 */
const compressedKb = (dist: string, files: string[], extension: '.gz' | '.br') =>
  files.reduce((sum, file) => {
    const compressed = path.join(dist, file + extension);
    return sum + readFileSync(existsSync(compressed) ? compressed : path.join(dist, file)).length;
  }, 0) / 1024;

/** Today's Active list: tickets generated through the API, then loaded on today's trucks in the read model. */
async function seedActiveTickets(portal: TestPortal): Promise<void> {
  const admin = { authorization: `Bearer ${await portal.login()}` };
  await runToEnd(portal, admin, {
    method: 'POST',
    url: '/api/ticket/generate',
    payload: { from: 1, to: activeTickets },
  });
  const { db } = portal.infra;
  await sql`INSERT INTO contractor_companies (id, name, version) SELECT g, 'Contractor ' || g, 1 FROM generate_series(1, 8) g`.execute(
    db,
  );
  await sql`INSERT INTO transport_companies (id, name, version) SELECT g, 'Hauler ' || g, 1 FROM generate_series(1, 5) g`.execute(
    db,
  );
  await sql`
    UPDATE tickets SET time_loaded = now() - ticket_number * interval '1 minute', job_site = 'Job site ' || ticket_number % 7,
      contractor_company_id = ticket_number % 8 + 1, transport_company_id = ticket_number % 5 + 1,
      truck_number = 'T' || ticket_number, truck_license_plate = 'BNCH' || lpad(ticket_number::text, 3, '0'),
      truck_driver_name = 'Driver ' || ticket_number, weight = 20000 + ticket_number`.execute(db);
}

// Run in the page (strings: this package type-checks without the DOM's types).
const lcpScript = `new Promise((resolve) => {
  new PerformanceObserver((list) => resolve(list.getEntries().at(-1).startTime))
    .observe({ type: 'largest-contentful-paint', buffered: true });
})`;
const transferScript = `[...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
  .reduce((sum, entry) => sum + entry.transferSize, 0)`;
/** What happened between the Login click and the first Active row, in ms from the click. */
interface LoginTimeline {
  firstRow: number;
  /** The end of POST /api/auth/Authenticate: the server's argon2id check, not the UI's doing. */
  authenticated: number;
  /** The start and end of GET /api/ticket/latest/active. */
  listAsked: number;
  listAnswered: number;
}

/** Resolves with a LoginTimeline once the first row of the Active list (holding `rowText`) is on screen. */
const loginTimelineScript = (rowText: string) => `new Promise((resolve) => {
  let clickedAt;
  document.addEventListener('click', () => { clickedAt ??= performance.now(); }, { capture: true });
  const entry = (part) => performance.getEntriesByType('resource').find((e) => e.name.includes(part));
  const check = () => {
    const shown = [...document.querySelectorAll('tbody tr')].some((tr) => tr.textContent.includes(${JSON.stringify(rowText)}));
    if (clickedAt === undefined || !shown) return;
    observer.disconnect();
    const firstRow = performance.now() - clickedAt;
    // Resource timings are recorded once a response has been read: give them a moment.
    setTimeout(() => {
      const auth = entry('/api/auth/Authenticate');
      const list = entry('/api/ticket/latest/active');
      resolve({
        firstRow,
        authenticated: auth ? auth.responseEnd - clickedAt : NaN,
        listAsked: list ? list.startTime - clickedAt : NaN,
        listAnswered: list ? list.responseEnd - clickedAt : NaN,
      });
    }, 100);
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
})`;

/**
 * Resolves with the ms from the next click to the ticket form on screen (after the spec's 'Loading...'),
 * to the end of GET /api/ticket/{id} (NaN when the dashboard had it already), and to the page complete:
 * the form shown and every list its dropdowns show (GET /api/.../all) answered.
 */
const ticketPageScript = `new Promise((resolve) => {
  let clickedAt;
  document.addEventListener('click', () => { clickedAt ??= performance.now(); }, { capture: true });
  const check = () => {
    if (clickedAt === undefined || !document.querySelector('form input[name="ticketNumber"], form [name="truckLicensePlate"]')) return;
    observer.disconnect();
    const shown = performance.now() - clickedAt;
    // The dropdowns' lists that are still coming once the form is up: give them time to be recorded.
    setTimeout(() => {
      const since = performance.getEntriesByType('resource').filter((e) => e.startTime >= clickedAt - 500);
      const path = (e) => new URL(e.name).pathname;
      const ticket = since.filter((e) => /^\\/api\\/ticket\\/\\d+$/.test(path(e))).at(-1);
      const lists = since.filter((e) => /^\\/api\\/.*\\/all$/.test(path(e)));
      const listsEnd = Math.max(0, ...lists.map((e) => e.responseEnd - clickedAt));
      resolve({ shown, answered: ticket ? ticket.responseEnd - clickedAt : NaN, complete: Math.max(shown, listsEnd) });
    }, 1500);
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
})`;

/**
 * The floor of this machine at this moment, for the rows beside it: ms from a click to a row painted from
 * a fetch of the portal's /healthz, in a page with no framework (what no UI can beat on the same load).
 */
const floorScript = (url: string) => `new Promise((resolve) => {
  document.body.innerHTML = '<button id="go">go</button><table><tbody></tbody></table>';
  document.getElementById('go').addEventListener('click', async () => {
    const clickedAt = performance.now();
    const answer = await (await fetch(${JSON.stringify(`${url}/healthz`)}, { cache: 'no-store' })).json();
    document.querySelector('tbody').innerHTML = '<tr><td>' + answer.status + '</td></tr>';
    requestAnimationFrame(() => resolve(performance.now() - clickedAt));
  });
})`;

/** One API call the browser made: what a bare HTTP client sends again. */
interface ApiCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

/** Sends `calls` again one after another from a bare HTTP client; returns the sum of their times in ms. */
async function bareCalls(calls: readonly ApiCall[]): Promise<number> {
  let total = 0;
  for (const call of calls) {
    const started = performance.now();
    const response = await fetch(call.url, {
      method: call.method,
      headers: call.headers,
      ...(call.body === null ? {} : { body: call.body }),
    });
    await response.arrayBuffer();
    total += performance.now() - started;
  }
  return total;
}

/** Every CSS rule in the page, including those a CSS-in-JS library inserted without text in the DOM. */
const stylesScript = `[...document.styleSheets].flatMap((sheet) => {
  try { return [...sheet.cssRules].map((rule) => rule.cssText); } catch { return []; }
}).join('\\n')`;

/**
 * The rendered page as static HTML: no scripts, its CSS rules inline, and a base so its fonts and images come
 * from the portal.
 */
const staticHtml = (html: string, styles: string, url: string): string =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, '')
    .replace(/<head>/i, `<head><base href="${url}/"><style>${styles}</style>`);

/** Serves `html` at its own address, on a port of its own, until `close`. */
async function serveStatic(html: string) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function fillLogin(page: Page, url: string) {
  await page.goto(`${url}/login`, { waitUntil: 'load' });
  await page.getByLabel('Username').fill(testAdmin.username);
  await page.getByLabel('Password', { exact: true }).fill(testAdmin.password);
}

/**
 * Issue 16, item 6: the UI's first load and the way from the login form to today's tickets, in headless
 * Chromium against a portal serving the built UI (run `npm run build` first), with 61 Active tickets. Each
 * browser context starts with an empty cache, as a first visit does. Figures only, with issue 16's goals beside them.
 */
export async function dashboardLoadBench(): Promise<BenchRow[]> {
  const scripts = initialScripts(defaultUiDist);
  const loginScripts = lazyScreenScripts(defaultUiDist, 'LoginPage', scripts);
  const rows: BenchRow[] = [
    row(
      name,
      `initial JS, ${scripts.length} files, gzip`,
      compressedKb(defaultUiDist, scripts, '.gz'),
      'kB',
      '<= 250',
    ),
    row(
      name,
      `initial JS, ${scripts.length} files, brotli`,
      compressedKb(defaultUiDist, scripts, '.br'),
      'kB',
    ),
    // The login form is a lazy screen (a signed-in user's bookmark never needs it): what a first visit waits for.
    row(
      name,
      `JS of the login form: initial + ${loginScripts.length} files of its own, gzip`,
      compressedKb(defaultUiDist, [...scripts, ...loginScripts], '.gz'),
      'kB',
    ),
  ];
  const portal = await startTestPortal({ uiDist: defaultUiDist });
  let browser: Browser | undefined;
  try {
    await seedActiveTickets(portal);
    browser = await launchChromium();
    const viewport = { width: 1440, height: 900 };
    const newestRow = plate(1);

    // Login form to the first row, a fresh cache each time; the user types before clicking, as people do.
    // Each round, the same API calls then go out again from a bare HTTP client, one after another: what is
    // left of the browser's time over their sum is the UI's own (issue 35: at most 300 ms).
    let loginTransfer = 0;
    let failures = 0;
    let apiCalls: ApiCall[] = [];
    const login = await inRounds(async (round) => {
      const context = await browser?.newContext({ viewport });
      if (!context) throw new Error('no browser');
      const page = await context.newPage();
      await fillLogin(page, portal.url);
      // Let the login page's idle work (the dashboard's code, fetched while the user types) finish.
      await page.waitForLoadState('networkidle');
      const calls: ApiCall[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/'))
          calls.push({
            method: request.method(),
            url: request.url(),
            headers: request.headers(),
            body: request.postData(),
          });
      });
      const measured = page.evaluate(loginTimelineScript(newestRow)) as Promise<LoginTimeline>;
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      let timeline: LoginTimeline | undefined;
      try {
        timeline = await Promise.race([
          measured,
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no row in 15 s')), 15_000)),
        ]);
      } catch (error) {
        failures++;
        console.error(`bench: ${name}: ${error}`);
      }
      if (round === 0) {
        apiCalls = calls;
        loginTransfer = (await page.evaluate(transferScript)) as number;
      }
      await context.close();
      const bare = await bareCalls(calls);
      return { timeline, bare, firstRow: timeline?.firstRow ?? Number.NaN };
    });
    console.error(
      `bench: ${name}: API calls from the Login click to the first row: ${apiCalls.map((c) => `${c.method} ${new URL(c.url).pathname}`).join(', ')}`,
    );
    const perLogin = roundsRowOf(name, login);
    const label = `login click -> first of ${activeTickets} Active rows`;
    rows.push(
      perLogin(label, (r) => r.firstRow, 'ms'),
      perLogin(
        `${label}: login call answered (argon2id on the server)`,
        (r) => r.timeline?.authenticated ?? Number.NaN,
        'ms',
      ),
      perLogin(`${label}: Active list asked for`, (r) => r.timeline?.listAsked ?? Number.NaN, 'ms'),
      perLogin(`${label}: Active list answered`, (r) => r.timeline?.listAnswered ?? Number.NaN, 'ms'),
      perLogin(
        'floor: the same API calls from a bare HTTP client, one after another, summed',
        (r) => r.bare,
        'ms',
      ),
      perLogin(`${label}: over the floor (the UI's own time)`, (r) => r.firstRow - r.bare, 'ms', atMost(300)),
      row(name, 'API requests from the login click to the first row', apiCalls.length, 'count'),
      row(name, 'transfer, login page + sign-in + dashboard, empty cache', loginTransfer / 1024, 'kB'),
      mustBeZero(name, 'login rounds with no row in 15 s', failures),
    );

    // The dashboard opened directly by a signed-in user (a bookmark, a reload), with an empty cache.
    const signedIn = await browser.newContext({ viewport });
    const page = await signedIn.newPage();
    await fillLogin(page, portal.url);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${portal.url}/dashboard`);
    const storageState = await signedIn.storageState();
    await signedIn.close();
    // The same page as static HTML (the rendered dashboard, its scripts removed, its styles from the portal):
    // the LCP no UI can beat on this machine at this moment (issue 35: the dashboard's at most 2 x).
    const rendered = await browser.newContext({ viewport, storageState });
    const renderedPage = await rendered.newPage();
    await renderedPage.goto(`${portal.url}/dashboard`);
    await renderedPage.locator('tbody tr', { hasText: newestRow }).waitFor({ timeout: 15_000 });
    const styles = (await renderedPage.evaluate(stylesScript)) as string;
    const staticPage = await serveStatic(staticHtml(await renderedPage.content(), styles, portal.url));
    await rendered.close();
    let dashboardTransfer = 0;
    try {
      const lcp = await inRounds(async (round) => {
        const context = await browser?.newContext({ viewport, storageState });
        if (!context) throw new Error('no browser');
        const dashboard = await context.newPage();
        await dashboard.goto(`${portal.url}/dashboard`);
        await dashboard.locator('tbody tr', { hasText: newestRow }).waitFor({ timeout: 15_000 });
        const measured = (await dashboard.evaluate(lcpScript)) as number;
        if (round === 0) dashboardTransfer = (await dashboard.evaluate(transferScript)) as number;
        await context.close();
        const bare = await browser?.newContext({ viewport });
        if (!bare) throw new Error('no browser');
        const floorPage = await bare.newPage();
        await floorPage.goto(staticPage.url);
        const floor = (await floorPage.evaluate(lcpScript)) as number;
        await bare.close();
        return { measured, floor };
      });
      const perLcp = roundsRowOf(name, lcp);
      rows.push(
        perLcp('dashboard LCP, empty cache', (r) => r.measured, 'ms'),
        perLcp('floor: the rendered dashboard as static HTML, LCP, empty cache', (r) => r.floor, 'ms'),
        perLcp('dashboard LCP / static HTML LCP', (r) => r.measured / r.floor, 'ratio', atMost(2)),
        row(name, 'transfer, dashboard opened signed in, empty cache', dashboardTransfer / 1024, 'kB'),
      );
    } finally {
      await staticPage.close();
    }
    rows.push(...(await warmRows(browser, portal.url, newestRow)));
    return rows;
  } finally {
    await browser?.close();
    await portal.stop();
  }
}

/**
 * Issue 34, item 10: the office's day, warm (the UI's code in the browser's cache, the server's queries run
 * before): log in again to the first Active row, and open a ticket from the dashboard to its form. Beside
 * them, the floor measured in the same run (floorScript): what is left over it is the portal's own doing.
 */
async function warmRows(browser: Browser, url: string, newestRow: string): Promise<BenchRow[]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  try {
    const floors: number[] = [];
    const logins: LoginTimeline[] = [];
    const ticketPages: { shown: number; answered: number; complete: number }[] = [];
    for (let run = 0; run <= loginRuns; run++) {
      await page.goto(`${url}/logout`);
      await page.waitForURL(`${url}/`);
      await page.goto(`${url}/healthz`);
      floors.push((await Promise.all([page.evaluate(floorScript(url)), page.click('#go')]))[0] as number);
      await fillLogin(page, url);
      await page.waitForLoadState('networkidle');
      const login = page.evaluate(loginTimelineScript(newestRow)) as Promise<LoginTimeline>;
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      const loggedIn = await login;
      const ticketRow = page.locator('tbody tr', { hasText: plate(run + 2) });
      const ticketPage = page.evaluate(ticketPageScript) as Promise<{
        shown: number;
        answered: number;
        complete: number;
      }>;
      await ticketRow.getByRole('link', { name: 'Edit' }).click();
      const opened = await ticketPage;
      // The first run warms the browser's cache and the server: it is not counted.
      if (run === 0) continue;
      logins.push(loggedIn);
      ticketPages.push(opened);
    }
    const floor = percentile(floors, 50);
    const loginMedian = percentile(
      logins.map((t) => t.firstRow),
      50,
    );
    const ticketMedian = percentile(
      ticketPages.map((t) => t.shown),
      50,
    );
    console.error(
      `bench: ${name}: warm login timelines (ms from the click): ${JSON.stringify(logins.map((t) => ({ ...t, firstRow: Math.round(t.firstRow) })))}`,
    );
    console.error(`bench: ${name}: warm ticket pages (ms from the click): ${JSON.stringify(ticketPages)}`);
    return [
      row(name, `floor: click -> a row from a fetch, no framework, median of ${loginRuns}`, floor, 'ms'),
      row(name, `warm: login click -> first Active row, median of ${loginRuns}`, loginMedian, 'ms', '<= 800'),
      row(name, 'warm: login click -> first Active row, over the floor', loginMedian - floor, 'ms'),
      row(
        name,
        `warm: login click -> login call answered, median of ${loginRuns}`,
        percentile(
          logins.map((t) => t.authenticated),
          50,
        ),
        'ms',
      ),
      row(
        name,
        `warm: dashboard Edit click -> ticket form shown, median of ${loginRuns}`,
        ticketMedian,
        'ms',
      ),
      row(
        name,
        'warm: dashboard Edit click -> ticket form shown, over the floor',
        ticketMedian - floor,
        'ms',
      ),
      row(
        name,
        `warm: dashboard Edit click -> ticket page complete (form and its lists), median of ${loginRuns}`,
        percentile(
          ticketPages.map((t) => t.complete),
          50,
        ),
        'ms',
        "<= 1,000 (the spec's 'Loading...' takes 1,000 of it)",
      ),
    ];
  } finally {
    await context.close();
  }
}
