import { once } from 'node:events';
import { endpoints } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { datePicker, formInput, screenshot, typeDate } from '../support/browser';
import { loadedProjectTickets, useBrowserPortal } from '../support/browser-portal';

// Issue 34, D13, D16, D25–26: what the office reads when something is refused or cannot be done.
const ctx = useBrowserPortal();
let haulerId = 0;
let ticketId = 0;

beforeAll(async () => {
  const { tickets } = await loadedProjectTickets(
    ctx,
    [27_380, 30_005, 12_000].map((weight) => ({ weight, truckTypeId: 1 })),
  );
  const [hauler] = await ctx.call(endpoints.getTransportcompanyAll, {});
  haulerId = hauler?.id ?? 0;
  ticketId = tickets[0]?.id ?? 0;
  const material = await ctx.call(endpoints.materialCatalogue.create, { body: { name: 'Clean Fill' } });
  // Five more projects with long ids, a load each, for the project chart's axis at 390 px.
  const contractor = tickets[0]?.contractorCompanyId;
  await ctx.generateTickets(4, 8);
  for (let n = 4; n <= 8; n += 1) {
    const project = await ctx.call(endpoints.projectCatalogue.create, {
      body: {
        project: {
          projectId: `NORTH-EXPANSION-2026-${n}`,
          contractorCompanyId: contractor,
          jobSite: `${n} Pit Rd`,
        },
      },
    });
    tickets.push(
      await ctx.editTicketNumbered(n, {
        projectId: project.id,
        contractorCompanyId: contractor,
        jobSite: `${n} Pit Rd`,
      }),
    );
  }
  // Weighed in, so received: the charts have loads to draw (up to 1,250 t a project), on a site whose
  // maximum weight allows such loads.
  await ctx.changeSettings({ maximumWeightKg: 2_000_000 });
  for (const [index, ticket] of tickets.entries())
    await ctx.call(endpoints.putTicketWeigh, {
      body: { ticketId: ticket.id, materialId: material.id, weight: 41_250 + index * 150_000 },
    });
  await ctx.logInAsAdministrator();
});

/** Stops the portal's HTTP server for real (its port refuses connections) while `work` runs, then serves again. */
async function withServerDown(work: () => Promise<void>): Promise<void> {
  const server = ctx.portal.app.server;
  const { port } = new URL(ctx.portal.url);
  const closed = once(server, 'close');
  server.close();
  server.closeAllConnections();
  await closed;
  try {
    await work();
  } finally {
    server.listen(Number(port), '127.0.0.1');
    await once(server, 'listening');
  }
}

/** What the browser's DOM offers of a chart and its texts (the tests compile without the DOM's types). */
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
interface Drawn {
  textContent: string | null;
  getBoundingClientRect(): Box;
  querySelectorAll(selector: string): Iterable<Drawn>;
}

const toast = () => ctx.page.locator('.MuiSnackbarContent-message');

describe.each([
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
])('at $width px', ({ width, height }) => {
  beforeAll(() => ctx.page.setViewportSize({ width, height }));

  it('D16: Save with the server unreachable says the change was not saved and why, and nothing changed', async () => {
    const material = await ctx.call(endpoints.materialCatalogue.create, {
      body: { name: `Gravel ${width}` },
    });
    await ctx.page.goto(`${ctx.portal.url}/material/${material.id}`);
    await expect.poll(() => formInput(ctx.page, 'name').inputValue()).toBe(`Gravel ${width}`);
    await formInput(ctx.page, 'name').fill(`Crushed gravel ${width}`);
    await withServerDown(async () => {
      await ctx.page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => toast().textContent(), { timeout: 10_000 })
        .toBe(
          'An unexpected error occurred. The server could not be reached, so the change was not saved. Check the connection and try again.',
        );
      await screenshot(ctx.page, `wording-unreachable-save-${width}`, { fullPage: false });
    });
    expect(await ctx.call(endpoints.materialCatalogue.read, { params: { id: material.id } })).toMatchObject({
      name: `Gravel ${width}`,
    });
  });

  it("D13: a material named as another, but for case and spaces, is refused with the name's message", async () => {
    await ctx.page.goto(`${ctx.portal.url}/material/new`);
    await formInput(ctx.page, 'name').fill('  clean fill ');
    await ctx.page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => toast().textContent(), { timeout: 10_000 })
      .toBe('A material named clean fill already exists.');
    await screenshot(ctx.page, `wording-duplicate-material-${width}`, { fullPage: false });
    expect(ctx.page.url()).toBe(`${ctx.portal.url}/material/new`);
  });

  it("D25: the haulage company's page says 'Haulage company', its trucks 'License Plate'", async () => {
    await ctx.page.goto(`${ctx.portal.url}/transport-company/${haulerId}`);
    await expect.poll(() => ctx.page.getByText('Haulage company Northern Haulage').isVisible()).toBe(true);
    expect(await ctx.page.getByText(/transport company/i).count()).toBe(0);
    await screenshot(ctx.page, `wording-haulage-company-${width}`);
  });

  it("D26: the ticket log names the records a change refers to, with no '(#4)' ids", async () => {
    await ctx.page.goto(`${ctx.portal.url}/ticket-log/${ticketId}`);
    await expect.poll(() => ctx.page.getByText('Acme Excavating').first().isVisible()).toBe(true);
    expect(await ctx.page.getByText(/\(#\d+\)/).count()).toBe(0);
    expect(await ctx.page.getByText('Unknown user').count()).toBe(0);
    await screenshot(ctx.page, `wording-ticket-log-${width}`);
  });

  it('D26: Reports refuses a From after its To (ticket numbers and dates) instead of showing no tickets', async () => {
    await ctx.page.goto(`${ctx.portal.url}/reports`);
    await expect.poll(() => ctx.page.getByText('License plate').first().isVisible()).toBe(true);
    expect(await ctx.page.getByText(/licence/i).count()).toBe(0);
    await formInput(ctx.page, 'from').fill('3');
    await formInput(ctx.page, 'to').fill('1');
    await typeDate(datePicker(ctx.page, 'From date'), '2026-03-02');
    await typeDate(datePicker(ctx.page, 'To date'), '2026-03-01');
    await ctx.page.getByRole('button', { name: 'Run report' }).click();
    await expect
      .poll(() =>
        ctx.page.getByText('From ticket number must not be greater than to ticket number').isVisible(),
      )
      .toBe(true);
    expect(await ctx.page.getByText('From date must not be after to date').isVisible()).toBe(true);
    expect(
      await ctx.page.getByText('Choose a filter and run the report to see its tickets.').isVisible(),
    ).toBe(true);
    await screenshot(ctx.page, `wording-report-range-${width}`);
  });

  it("D26: the Reports charts' axis labels and ticks lie inside their charts", async () => {
    await ctx.page.goto(`${ctx.portal.url}/reports`);
    await formInput(ctx.page, 'from').fill('1');
    await formInput(ctx.page, 'to').fill('8');
    await ctx.page.getByRole('button', { name: 'Run report' }).click();
    await expect
      .poll(() => ctx.page.getByText('Loads received per day').isVisible(), { timeout: 30_000 })
      .toBe(true);
    // Each chart's drawing surface (its legend's marks are small svgs of their own, with no text).
    const charts = ctx.page.locator('figure svg:has(text)');
    await expect.poll(() => charts.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const clipped = await charts.evaluateAll((elements) =>
      (elements as unknown as Drawn[]).flatMap((svg, chart) => {
        const box = svg.getBoundingClientRect();
        return [...svg.querySelectorAll('text')]
          .filter((text) => (text.textContent ?? '').trim() !== '')
          .map((text) => ({ chart, text: text.textContent, at: text.getBoundingClientRect() }))
          .filter(
            ({ at }) =>
              at.left < box.left - 0.5 ||
              at.right > box.right + 0.5 ||
              at.top < box.top - 0.5 ||
              at.bottom > box.bottom + 0.5,
          )
          .map(({ chart, text }) => `chart ${chart}: ${text}`);
      }),
    );
    // Every project's bar is named in full: no label hidden for want of room, none cut to an ellipsis.
    const texts = await charts.locator('text').allTextContents();
    for (const projectId of ['P-500', ...[4, 5, 6, 7, 8].map((n) => `NORTH-EXPANSION-2026-${n}`)])
      expect(texts, JSON.stringify(texts)).toContain(projectId);
    await charts.first().scrollIntoViewIfNeeded();
    await screenshot(ctx.page, `wording-report-charts-${width}`);
    expect(clipped).toEqual([]);
  });
});
