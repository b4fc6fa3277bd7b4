import path from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { auditScreen } from './accessibility';

/** Debian's Chromium (apt-get install chromium); never a downloaded browser build. */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps trying to reach Google on this closed network.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Chromium's headless mode still builds a window's omnibox popups as WebUI pages: a renderer per browser
  // context that took about 1.5 s of CPU as each context opened, beside the page under test on two cores.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

/** Playwright gives every launch a fresh, temporary profile. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
    headless: true,
  });
}

/**
 * Saves a screenshot under test-results/ for a person to look at, once running transitions (a dialog
 * fading in) have ended: the whole page, or only the viewport (`fullPage: false`, e.g. for a dialog). The
 * screen is audited for accessibility first (`auditScreen`, which waits for the transitions).
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  await auditScreen(page);
  const file = path.resolve('test-results', `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/**
 * Signs in through the login form (ending any session the page holds first) and waits for the user's first
 * page: the dashboard, or `landing` (an auditor lands on /audit).
 */
export async function logIn(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
  landing = '/dashboard',
): Promise<void> {
  // Signed in, /login goes on to the dashboard: start signed out, as a visitor would.
  await page.goto(`${baseUrl}/logout`);
  await page.waitForURL(`${baseUrl}/`);
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${baseUrl}${landing}`);
}

/** A react-admin form input by its source name (labels can match other controls mid-navigation). */
export const formInput = (page: Page, name: string) =>
  page.locator(`form input[name="${name}"], form textarea[name="${name}"]`).first();

/** A date picker of the portal's forms (YYYY/MM/DD or YYYY/MM/DD, HH:mm) by its label. */
export const datePicker = (scope: Page | Locator, label: string) =>
  scope.getByRole('group', { name: label, exact: true });

/**
 * Types into a date picker as a person does, section by section from the year: a day (YYYY-MM-DD) or a
 * moment, written in the browser's (this machine's) local time to the minute.
 */
export async function typeDate(picker: Locator, value: string | Date): Promise<void> {
  const pad = (n: number) => String(n).padStart(2, '0');
  const digits =
    typeof value === 'string'
      ? value.replaceAll('-', '')
      : `${value.getFullYear()}${pad(value.getMonth() + 1)}${pad(value.getDate())}${pad(value.getHours())}${pad(value.getMinutes())}`;
  await picker.getByRole('spinbutton').first().click();
  await picker.page().keyboard.type(digits);
}

/**
 * Records every Content-Security-Policy violation the page reports (the `securitypolicyviolation`
 * event and Chromium's console message both), from the next navigation on; read the list at the end.
 */
export async function collectCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (violation: string) => violations.push(violation));
  // A string: this package type-checks without the DOM's types.
  await page.addInitScript(`
    document.addEventListener('securitypolicyviolation', (event) => {
      window.reportCspViolation(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' on ' + location.pathname);
    });`);
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}
