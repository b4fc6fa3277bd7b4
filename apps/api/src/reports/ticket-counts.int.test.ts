import { createStandardUser, runToEnd } from '@portal/api/test/portal';
import {
  attachedSheets,
  countHeadings,
  firstTicket,
  loadDay,
  loadDayPickerValue,
  mailArrived,
  useMailingReportPortal,
} from '@portal/api/test/report-kit';
import type { HaulageReport, ReportTable, Settings, Ticket } from '@portal/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 34, item 4 (D6, D17): counts count loads. Besides the seeded day (100001-100005 received on the
// load day, 100006 never loaded), P-NORTH gets a rejected ticket, one loaded and not received, and one
// never loaded; 100010 is never loaded and has no project. All four are dated the load day.
const ctx = useMailingReportPortal();
const lastTicket = 100_010;

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = ctx.admin) {
  return ctx.portal.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}
async function ok<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> {
  const response = await call(method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

let northId = 0;

beforeAll(async () => {
  const { db } = ctx.portal.infra;
  const north = await db
    .selectFrom('projects')
    .select(['id', 'contractorCompanyId'])
    .where('projectId', '=', 'P-NORTH')
    .executeTakeFirstOrThrow();
  northId = north.id;
  await runToEnd(ctx.portal, ctx.admin, {
    method: 'POST',
    url: '/api/ticket/generate',
    payload: { from: 100_007, to: lastTicket, isSoilFLOTicket: false, email: null },
  });
  let tickets: Ticket[] = [];
  for (const deadline = Date.now() + 20_000; tickets.length < 4 && Date.now() < deadline; ) {
    tickets = await ok<Ticket[]>('POST', '/api/ticket/report', { from: 100_007, to: lastTicket });
  }
  const [rejected, onItsWay, unused, unusedElsewhere] = tickets;
  if (!rejected || !onItsWay || !unused || !unusedElsewhere) throw new Error('tickets 100007-100010 missing');
  const date = `${loadDay}T16:00:00.000Z`;
  const loaded = {
    date,
    projectId: northId,
    contractorCompanyId: north.contractorCompanyId,
    jobSite: 'North Pit',
    truckLicensePlate: 'CF54321',
    truckDriverName: 'Dan Driver',
    timeLoaded: `${loadDay}T15:00:00.000Z`,
    weight: 11_000,
  };
  await ok('PUT', '/api/ticket/edit/short', { ticket: { id: rejected.id, ...loaded } });
  await ok('POST', '/api/ticket/reject', { ticketId: rejected.id, reason: 'Wet load' });
  await ok('PUT', '/api/ticket/edit/short', { ticket: { id: onItsWay.id, ...loaded } });
  await ok('PUT', '/api/ticket/edit/short', { ticket: { id: unused.id, date, projectId: northId } });
  await ok('PUT', '/api/ticket/edit/short', { ticket: { id: unusedElsewhere.id, date } });
}, 60_000);

const haulageReport = (projectId: number | string, body: object = {}, headers = ctx.admin) =>
  call('POST', `/api/project/${projectId}/haulage-report`, body, headers);

describe('the Haulage Record Report (POST /api/project/{id}/haulage-report)', () => {
  it('lists the received loads only; its totals name the rejected, the loaded and the unused tickets', async () => {
    const response = await haulageReport(northId);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<HaulageReport>();
    expect(report.loads.map((load) => load.ticketNumber)).toEqual([100_001, 100_002, 100_003]);
    expect(report.totals).toEqual({
      tickets: 6,
      receivedLoads: 3,
      rejected: 1,
      notReceived: 1,
      unused: 1,
      netKg: 34_555,
      netTonnes: 34.56,
    });
    // The spec's call keeps its answer: every ticket of the project.
    const all = await ok<Ticket[]>('POST', `/api/project/${northId}/tickets`, {});
    expect(all).toHaveLength(6);
  });

  it('takes the range of the dialog', async () => {
    const response = await haulageReport(northId, { from: '100002', to: '100008' });
    const report = response.json<HaulageReport>();
    expect(report.loads.map((load) => load.ticketNumber)).toEqual([100_002, 100_003]);
    expect(report.totals).toMatchObject({
      tickets: 4,
      receivedLoads: 2,
      rejected: 1,
      notReceived: 1,
      unused: 0,
    });
  });

  it('refuses the unsigned (401), standard users (403), a bad range (400) and ids that are not ids', async () => {
    expect((await haulageReport(northId, {}, {})).statusCode).toBe(401);
    const standard = await createStandardUser(ctx.portal, ctx.admin);
    expect((await haulageReport(northId, {}, standard.headers)).statusCode).toBe(403);
    const bad = await haulageReport(northId, { from: "1' OR '1'='1" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('Ticket number must be a number');
    expect((await haulageReport('..%2F1')).statusCode).toBe(400);
    expect((await haulageReport(`${northId}%2F..`)).statusCode).toBe(400);
    // A project that does not exist has no loads, and reveals nothing.
    const none = (await haulageReport(99_999_999)).json<HaulageReport>();
    expect(none).toMatchObject({ loads: [], totals: { tickets: 0, receivedLoads: 0 } });
  });
});

const range = { from: firstTicket, to: lastTicket };

describe('the Reports page totals and its .xlsx', () => {
  it('counts tickets apart from loads (POST /api/ticket/report/table)', async () => {
    const table = await ok<ReportTable>('POST', '/api/ticket/report/table', range);
    expect(table.total).toBe(10);
    expect(table.totals).toEqual({
      tickets: 10,
      receivedLoads: 5,
      rejected: 1,
      notReceived: 1,
      unused: 3,
      netKg: 62_555,
      netTonnes: 62.56,
    });
  });

  it("closes the .xlsx with its totals under their own headings, in the site's unit, rounded as shown", async () => {
    const settings = await ok<Settings>('GET', '/api/setting');
    await ok('PUT', '/api/setting', { ...settings, displayUnit: 't' });
    try {
      const response = await call('POST', '/api/ticket/report/excel', {
        ...range,
        columns: ['ticketNumber', 'weight'],
      });
      expect(response.statusCode, response.body).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const [sheet] = workbook.worksheets;
      if (!sheet) throw new Error('no sheet');
      const rowOf = (first: unknown) => {
        let found: ExcelJS.Row | undefined;
        sheet.eachRow((row) => {
          if (!found && row.getCell(1).value === first) found = row;
        });
        if (!found) throw new Error(`no row starting ${String(first)}`);
        return found;
      };
      expect(rowOf('Ticket number').values).toEqual([undefined, 'Ticket number', 'Weight (t)']);
      // 13 550 kg is 13.55 t; 9 005 kg 9.01 t (the spec's net/1000 to 2 decimals).
      expect(rowOf('100002').getCell(2)).toMatchObject({ value: 13.55, numFmt: '#,##0.00' });
      expect(rowOf('100003').getCell(2).value).toBe(9.01);
      const headings = rowOf('Tickets');
      expect(headings.values).toEqual([undefined, ...countHeadings, 'Net of received loads (t)']);
      const totals = sheet.getRow(headings.number + 1);
      expect(totals.values).toEqual([undefined, 10, 5, 1, 1, 3, 62.56]);
      expect(totals.getCell(6).numFmt).toBe('#,##0.00');
      // Nothing under the report's weight column after its rows: no tonnes under 'Weight (KG)' again.
      expect(sheet.getRow(headings.number - 1).values).toEqual([undefined, 'Totals']);
      expect(sheet.rowCount).toBe(totals.number);
    } finally {
      const changed = await ok<Settings>('GET', '/api/setting');
      await ok('PUT', '/api/setting', { ...changed, displayUnit: settings.displayUnit });
    }
  });
});

describe('the e-mailed reports count loads apart from tickets (loopback SMTP)', () => {
  it('says so in the mailed export', async () => {
    const run = await runToEnd(ctx.portal, ctx.admin, {
      method: 'POST',
      url: '/api/ticket/report/excel',
      payload: { ...range, title: 'Counted loads', email: 'yard@site.test' },
    });
    expect(run.state).toBe('completed');
    const mail = await mailArrived(ctx.receiver, 'Counted loads', ['yard@site.test']);
    expect(mail.text).toContain(
      "10 tickets: 5 received loads, 1 rejected, 1 loaded and not received yet, 3 unused (never loaded); the received loads' net is 62.56 t.",
    );
    expect(mail.text).not.toMatch(/Loads: 10/);
  });

  it("says so in the daily summary: the day's received loads, then the day's tickets", async () => {
    const query = new URLSearchParams([
      ['ignoreLock', 'true'],
      ['selectedDate', loadDayPickerValue],
      ['emails', 'counts@site.test'],
    ]);
    const run = await runToEnd(ctx.portal, ctx.admin, {
      method: 'GET',
      url: `/api/ticket/report/daily-summary?${query}`,
    });
    expect(run.state).toBe('completed');
    const mail = await mailArrived(ctx.receiver, `Daily summary ${loadDay}`, [
      'admin@portal.test',
      'counts@site.test',
    ]);
    expect(mail.text).toContain('4 loads received on 2025-06-10, 54.56 net tonnes.');
    expect(mail.text).toContain(
      `Tickets dated ${loadDay}: 9 tickets: 5 received loads, 1 rejected, 1 loaded and not received yet, 2 unused (never loaded).`,
    );
    const { Tickets: dayTickets } = await attachedSheets(mail, `daily-summary-${loadDay}.xlsx`);
    expect(dayTickets?.[1]).toEqual([9, 5, 1, 1, 2]);
  });

  it('says so per project in the projects report', async () => {
    const run = await runToEnd(ctx.portal, ctx.admin, {
      method: 'GET',
      url: '/api/ticket/report/projects?ignoreLock=true',
    });
    const { date } = run.result as { date: string };
    const mail = await mailArrived(ctx.receiver, `Projects report ${date}`, ['admin@portal.test']);
    const { Projects: rows } = await attachedSheets(mail, `projects-report-${date}.xlsx`);
    expect(rows?.find((row) => row[0] === 'P-NORTH')?.slice(3, 9)).toEqual([6, 3, 1, 1, 1, 34.56]);
    // Every project's tickets: 100006 and 100010 have none.
    expect(mail.text).toContain(
      '8 tickets: 5 received loads, 1 rejected, 1 loaded and not received yet, 1 unused (never loaded).',
    );
  });
});
