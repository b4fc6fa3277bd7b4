import { testAdmin } from '@portal/api/test/portal';
import { endpoints } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { logIn as logInWith, screenshot } from '../support/browser';
import { useBrowserPortal } from '../support/browser-portal';

const ctx = useBrowserPortal();

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
    if (await ctx.page.getByRole('menuitem', { name: entry, exact: true }).isVisible()) shown.push(entry);
  }
  return shown;
};

const deskPassword = 'Desk-lantern-pebble-27';

const logIn = (username: string, password: string) => logInWith(ctx.page, ctx.portal.url, username, password);

async function logOut() {
  await ctx.page.getByRole('menuitem', { name: 'Logout' }).click();
  await ctx.page.waitForURL(`${ctx.portal.url}/`);
  expect(await ctx.page.evaluate("localStorage.getItem('token')")).toBeNull();
}

describe('users, end to end in Chromium', () => {
  it('the login form keeps the focus and asks the API nothing while the dashboard renders hidden behind it', async () => {
    const apiCalls: string[] = [];
    const record = (request: { url(): string }) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    };
    ctx.page.on('request', record);
    try {
      await ctx.page.goto(`${ctx.portal.url}/login`);
      const hiddenSearchTab = ctx.page.locator('#dashboard-tab-search');
      await hiddenSearchTab.waitFor({ state: 'attached' });
      expect(await hiddenSearchTab.isVisible()).toBe(false);
      expect(await ctx.page.getByRole('tab').count()).toBe(0);
      expect(await ctx.page.evaluate("document.activeElement?.getAttribute('name')")).toBe('username');
      await ctx.page.waitForLoadState('networkidle');
      expect(apiCalls).toEqual([]);
    } finally {
      ctx.page.off('request', record);
    }
  });

  it('an administrator creates a standard user, who then sees no administrator screens', async () => {
    await ctx.page.goto(`${ctx.portal.url}/dashboard`);
    await ctx.page.waitForURL(/\/login$/); // no token: the route guard sends the visitor to the login form

    await ctx.page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => ctx.page.getByText('Username is required').isVisible()).toBe(true);
    await ctx.page.getByLabel('Username').fill(testAdmin.username);
    await ctx.page.getByLabel('Password', { exact: true }).fill('wrong password');
    await ctx.page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => ctx.page.getByText('Invalid username or password.').isVisible()).toBe(true);

    await logIn(testAdmin.username, testAdmin.password);
    expect(await ctx.page.evaluate("localStorage.getItem('token')")).toMatch(/^ey/);
    // The browser now holds the device cookie the next login sends (docs/security.md, "Login abuse"),
    // out of the page's scripts' reach.
    const [device] = (await ctx.page.context().cookies()).filter(({ name }) => name === 'portal_device');
    const loginPath = endpoints.postAuthAuthenticate.path;
    const loginFolder = loginPath.slice(0, loginPath.lastIndexOf('/'));
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: loginFolder });
    expect(await ctx.page.evaluate('document.cookie')).not.toContain('portal_device');
    await expect.poll(visibleMenu).toEqual(menuEntries);
    await expect.poll(() => ctx.page.getByText('Portal Administrator').isVisible()).toBe(true);

    await ctx.page.getByRole('menuitem', { name: 'Users' }).click();
    await ctx.page.waitForURL(`${ctx.portal.url}/users`);
    await ctx.page.getByRole('link', { name: 'Add' }).click();
    await ctx.page.waitForURL(`${ctx.portal.url}/user/new`);
    // By input name: while the route changes, the list's "Sort by username" control still matches the label.
    const field = (name: string) => ctx.page.locator(`form input[name="${name}"]`);
    await field('username').fill('driver.desk@portal.test');
    await field('password').fill('Desk-Pa55word');
    await field('firstName').fill('Dana');
    await field('lastName').fill('Desk');
    await field('phoneNumber').pressSequentially('4165550199', { delay: 40 });
    expect(await field('phoneNumber').inputValue()).toBe('(416)555-0199');
    // The server's password policy refuses a common pattern, and its reason shows under the field.
    await ctx.page.getByRole('button', { name: 'Save' }).click();
    const refusal = ctx.page.getByText(
      'Password is too easy to guess. This is similar to a commonly used password. Use a longer phrase of uncommon words.',
    );
    await expect.poll(() => refusal.isVisible()).toBe(true);
    await field('password').fill(deskPassword);
    await ctx.page.getByRole('button', { name: 'Save' }).click();
    await ctx.page.waitForURL(`${ctx.portal.url}/users`);
    const row = ctx.page.getByRole('row', { name: /driver\.desk@portal\.test/ });
    await expect.poll(() => row.isVisible()).toBe(true);
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps the space between table cells
    expect(await row.innerText()).toMatch(/Dana\s+Desk\s+\(416\)555-0199\s+Standard/);
    await screenshot(ctx.page, 'users-list');
    await logOut();

    await logIn('driver.desk@portal.test', deskPassword);
    await expect.poll(visibleMenu).toEqual(['Dashboard', 'Scale', 'Logout']);
    await expect.poll(() => ctx.page.getByText('Dana Desk').isVisible()).toBe(true);
    await ctx.page.goto(`${ctx.portal.url}/users`);
    await expect
      .poll(() => ctx.page.getByText('You do not have access to this page.').isVisible())
      .toBe(true);
    expect(await ctx.page.getByRole('row', { name: /driver\.desk@portal\.test/ }).count()).toBe(0);
    await screenshot(ctx.page, 'users-refused-for-standard-user');
    await logOut();
  });

  it('going to /login while signed in lands on the dashboard, not the login form (issue 15, item 10)', async () => {
    await logIn(testAdmin.username, testAdmin.password);
    await ctx.page.goto(`${ctx.portal.url}/login`);
    await ctx.page.waitForURL(`${ctx.portal.url}/dashboard`);
    expect(await ctx.page.getByLabel('Username').count()).toBe(0);

    // An address that is no page: the portal's own words, never a catalogue key (issue 15, items 6 and 12).
    await ctx.page.goto(`${ctx.portal.url}/no-such-page`);
    await expect
      .poll(() => ctx.page.getByText('There is no page at this address.', { exact: false }).isVisible())
      .toBe(true);
    expect(await ctx.page.getByText('portal.', { exact: false }).count()).toBe(0);
    await screenshot(ctx.page, 'not-found');
    await logOut();
  });

  it('a screen whose code cannot be fetched says so inside the frame, and the next page opens', async () => {
    await logIn(testAdmin.username, testAdmin.password);
    await ctx.page.waitForURL(`${ctx.portal.url}/dashboard`);
    // A dropped connection, or a deploy that replaced the screen's chunk.
    await ctx.page.route('**/assets/*.js', (route) => route.abort());
    await ctx.page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect
      .poll(() =>
        ctx.page.getByText("A client error occurred and your request couldn't be completed.").isVisible(),
      )
      .toBe(true);
    expect(await ctx.page.getByRole('banner').getByText('Something went wrong').isVisible()).toBe(true);
    await screenshot(ctx.page, 'screen-failed-to-load');
    await ctx.page.unroute('**/assets/*.js');
    await ctx.page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await ctx.page.getByRole('button', { name: 'Search' }).waitFor();
    expect(await ctx.page.getByText('Something went wrong').count()).toBe(0);

    // Where react-admin sends a user whose access could not be checked.
    await ctx.page.goto(`${ctx.portal.url}/authentication-error`);
    await expect
      .poll(() =>
        ctx.page
          .getByRole('alert')
          .getByText('your credentials could not be checked', { exact: false })
          .isVisible(),
      )
      .toBe(true);
    expect(await ctx.page.getByRole('banner').getByText('Authentication error').isVisible()).toBe(true);
    await logOut();
  });
});
