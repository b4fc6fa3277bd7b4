import { endpoints } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectCspViolations, screenshot } from '../support/browser';
import { useBrowserPortal } from '../support/browser-portal';

/**
 * The admin UI runs under the portal's Content-Security-Policy (scripts from its own origin only, no
 * framing) with nothing blocked. Every signed-in screen is walked by accessibility.e2e.test.ts, which
 * collects violations the same way; this file covers the rest: the public ticket link, the API
 * reference, and the collector itself.
 */

const ctx = useBrowserPortal();
let violations: string[];
let ticketId: number;

beforeAll(async () => {
  await ctx.generateTickets(1, 2);
  const found = await ctx.call(endpoints.postTicketSearch, { body: { ticketNumber: 1 } });
  ticketId = found[0]?.id ?? 0;
  violations = await collectCspViolations(ctx.page);
});

/** Opens a screen and waits until it has stopped loading. */
async function visit(path: string): Promise<void> {
  await ctx.page.goto(`${ctx.portal.url}${path}`);
  await ctx.page.waitForLoadState('networkidle');
}

describe('the Content-Security-Policy', () => {
  it('blocks nothing on the login form, the dashboard, the public ticket link and the API reference, and blocks an injected script', async () => {
    expect(ticketId).toBeGreaterThan(0);
    await visit('/');
    await ctx.logInAsAdministrator();
    await screenshot(ctx.page, 'csp-dashboard-1440');

    // The public ticket link, signed out.
    const { hash } = await ctx.call(endpoints.getTicketByIdHash, { params: { id: ticketId } });
    await ctx.page.evaluate('localStorage.clear()');
    await visit(`/ticket/${ticketId}?hash=${hash}`);
    // The API reference (Swagger UI) under its own policy.
    await visit('/api/docs');
    await ctx.page.waitForSelector('.swagger-ui');

    expect(violations).toEqual([]);

    // The collector itself sees a violation: an injected inline script, which the policy blocks.
    await visit('/dashboard');
    await ctx.page.evaluate(
      "const script = document.createElement('script'); script.textContent = 'window.injected = 1'; document.body.append(script)",
    );
    await expect.poll(() => violations.some((violation) => violation.startsWith('script-src'))).toBe(true);
    expect(await ctx.page.evaluate('window.injected')).toBeUndefined();
  });
});
