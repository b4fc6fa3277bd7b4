import { defaultUiDist } from '@portal/api';
import { startTestPortal, type TestPortal, testAdmin } from '@portal/api/test/portal';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, logIn as logInWith, screenshot } from '../support/browser';

let portal: TestPortal;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  portal = await startTestPortal({ uiDist: defaultUiDist });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const menuEntries = [
  'Dashboard',
  'Scale',
  'Contractors',
  'Transports',
  'Materials',
  'Users',
  'Reports',
  'Logout',
];
const visibleMenu = async () => {
  const shown: string[] = [];
  for (const entry of menuEntries) {
    if (await page.getByRole('menuitem', { name: entry, exact: true }).isVisible()) shown.push(entry);
  }
  return shown;
};

const deskPassword = 'Desk-lantern-pebble-27';

const logIn = (username: string, password: string) => logInWith(page, portal.url, username, password);

async function logOut() {
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(`${portal.url}/`);
  expect(await page.evaluate("localStorage.getItem('token')")).toBeNull();
}

describe('users, end to end in Chromium', () => {
  it('an administrator creates a standard user, who then sees no administrator screens', async () => {
    await page.goto(`${portal.url}/dashboard`);
    await page.waitForURL(/\/login$/); // no token: the route guard sends the visitor to the login form

    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => page.getByText('Username is required').isVisible()).toBe(true);
    await page.getByLabel('Username').fill(testAdmin.username);
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => page.getByText('Invalid username or password.').isVisible()).toBe(true);

    await logIn(testAdmin.username, testAdmin.password);
    expect(await page.evaluate("localStorage.getItem('token')")).toMatch(/^ey/);
    await expect.poll(visibleMenu).toEqual(menuEntries);
    await expect.poll(() => page.getByText('Portal Administrator').isVisible()).toBe(true);

    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.waitForURL(`${portal.url}/users`);
    await page.getByRole('link', { name: 'Add' }).click();
    await page.waitForURL(`${portal.url}/user/new`);
    // By input name: while the route changes, the list's "Sort by username" control still matches the label.
    const field = (name: string) => page.locator(`form input[name="${name}"]`);
    await field('username').fill('driver.desk@portal.test');
    await field('password').fill('Desk-Pa55word');
    await field('firstName').fill('Dana');
    await field('lastName').fill('Desk');
    await field('phoneNumber').pressSequentially('4165550199', { delay: 40 });
    expect(await field('phoneNumber').inputValue()).toBe('(416)555-0199');
    // The server's password policy refuses a common pattern, and its reason shows under the field.
    await page.getByRole('button', { name: 'Save' }).click();
    const refusal = page.getByText(
      'Password is too easy to guess. This is similar to a commonly used password. Use a longer phrase of uncommon words.',
    );
    await expect.poll(() => refusal.isVisible()).toBe(true);
    await field('password').fill(deskPassword);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${portal.url}/users`);
    const row = page.getByRole('row', { name: /driver\.desk@portal\.test/ });
    await expect.poll(() => row.isVisible()).toBe(true);
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps the space between table cells
    expect(await row.innerText()).toMatch(/Dana\s+Desk\s+\(416\)555-0199\s+Standard/);
    await screenshot(page, 'users-list');
    await logOut();

    await logIn('driver.desk@portal.test', deskPassword);
    await expect.poll(visibleMenu).toEqual(['Dashboard', 'Scale', 'Logout']);
    await expect.poll(() => page.getByText('Dana Desk').isVisible()).toBe(true);
    await page.goto(`${portal.url}/users`);
    await expect.poll(() => page.getByText('You do not have access to this page.').isVisible()).toBe(true);
    expect(await page.getByRole('row', { name: /driver\.desk@portal\.test/ }).count()).toBe(0);
    await screenshot(page, 'users-refused-for-standard-user');
    await logOut();
  });
});
