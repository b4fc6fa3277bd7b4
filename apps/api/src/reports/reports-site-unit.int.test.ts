import { runToEnd } from '@portal/api/test/portal';
import {
  attachedSheets,
  countHeadings,
  firstTicket,
  lastTicket,
  loadDay,
  loadDayPickerValue,
  mailArrived,
  names,
  readSheets,
  useMailingReportPortal,
} from '@portal/api/test/report-kit';
import type { Project, ReportTable, Settings } from '@portal/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportColumns } from './ticket-export-table';

// A site that shows weights in pounds (issue 29, section 2): every export and mailed report it makes
// names and holds pounds, while the API's answers stay KG. The production set-up: Redis, real SMTP.
const ctx = useMailingReportPortal();

// en-ZA groups digits with a no-break space: 137 910 lb.
const nbsp = '\u00a0';

beforeAll(async () => {
  // P-SOUTH is approved for 40 t (88 184.9 lb).
  const south = (await ctx.ok('GET', '/api/project/all'))
    .json<Project[]>()
    .find((p) => p.projectId === 'P-SOUTH');
  await ctx.ok('PUT', '/api/project/edit', { project: { ...south, approved: 40 }, loggedInUserId: 1 });
  const hauler = (await ctx.ok('POST', '/api/transportcompany/new', { name: 'Pound Haulage' })).json<{
    id: number;
  }>();
  for (const [number, tareWeight] of [
    ['L1', 14_000.5],
    ['L2', 15_000],
    ['L3', null],
  ] as const)
    await ctx.ok('POST', '/api/truck/new', {
      truck: { transportCompanyId: hauler.id, number, licensePlate: `LB0000${number[1]}`, tareWeight },
    });
  const settings = (await ctx.ok('GET', '/api/setting')).json<Settings>();
  await ctx.ok('PUT', '/api/setting', { ...settings, displayUnit: 'lb' });
});

describe('the ticket export on a lb site', () => {
  it('has a Net weight (lb) column in whole pounds, the recorded KG beside it, and totals of both', async () => {
    const run = await runToEnd(ctx.portal, ctx.admin, {
      method: 'POST',
      url: '/api/ticket/generate/excel',
      payload: { from: firstTicket, to: lastTicket, email: 'yard@site.test' },
    });
    expect(run.state).toBe('completed');
    const mail = await mailArrived(ctx.receiver, 'Ticket export 100001 to 100006', ['yard@site.test']);
    const { Tickets: rows } = await attachedSheets(mail, 'ticket-export-100001-100006.xlsx');

    expect(rows?.[0]).toEqual(exportColumns('lb'));
    expect(rows?.[0]?.slice(13, 15)).toEqual(['Net weight (lb)', 'Net weight as recorded (kg)']);
    const weightsOf = (number: string) => rows?.find((row) => row[0] === number)?.slice(13, 15);
    // 12 000 kg / 0.45359237 = 26 455.47 lb; 9 005 kg = 19 852.63 lb: whole pounds, never false decimals.
    expect(weightsOf('100001')).toEqual([26_455, 12_000]);
    expect(weightsOf('100003')).toEqual([19_853, 9_005]);
    expect(weightsOf('100006')).toEqual(['', '']);
    // 62 555 kg in all.
    expect(rows?.at(-1)?.slice(13, 15)).toEqual([137_910, 62_555]);
  });
});

describe('the custom report on a lb site', () => {
  it("downloads an .xlsx whose weight column is 'Weight (lb)' in whole pounds, totals in lb and the KG recorded", async () => {
    const response = await ctx.ok('POST', '/api/ticket/report/excel', {
      from: firstTicket,
      to: lastTicket,
      columns: ['ticketNumber', 'weight'],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the report has no sheet');
    const rows: unknown[][] = [];
    const rowNumbers: number[] = [];
    sheet.eachRow((row, rowNumber) => {
      rows.push((row.values as unknown[]).slice(1));
      rowNumbers.push(rowNumber);
    });
    const header = rows.findIndex((row) => row[0] === 'Ticket number');
    expect(rows[header]).toEqual(['Ticket number', 'Weight (lb)']);
    expect(rows.slice(header + 1, header + 4)).toEqual([
      ['100001', 26_455],
      ['100002', 29_873],
      ['100003', 19_853],
    ]);
    expect(sheet.getRow((rowNumbers[header] ?? 0) + 1).getCell(2).numFmt).toBe('#,##0');
    // The totals under their own headings, in the site's unit (issue 34, D6, D17).
    expect(rows.slice(-2)).toEqual([
      [...countHeadings, 'Net of received loads (lb)'],
      [6, 5, 0, 0, 1, 137_910],
    ]);
    expect(sheet.getRow(rowNumbers.at(-1) ?? 0).getCell(6).numFmt).toBe('#,##0');
  });

  it("mails the report saying its net in lb; the table's API answer stays KG", async () => {
    const table = (
      await ctx.ok('POST', '/api/ticket/report/table', { from: firstTicket, to: lastTicket })
    ).json<ReportTable>();
    expect(table.totals).toEqual({
      tickets: 6,
      receivedLoads: 5,
      rejected: 0,
      notReceived: 0,
      unused: 1,
      netKg: 62_555,
      netTonnes: 62.56,
    });
    const run = await runToEnd(ctx.portal, ctx.admin, {
      method: 'POST',
      url: '/api/ticket/report/excel',
      payload: { from: firstTicket, to: lastTicket, title: 'Pound loads', email: 'yard@site.test' },
    });
    expect(run.state).toBe('completed');
    const mail = await mailArrived(ctx.receiver, 'Pound loads', ['yard@site.test']);
    expect(mail.text).toContain(
      `6 tickets: 5 received loads, 0 rejected, 0 loaded and not received yet, 1 unused (never loaded); the received loads' net is 137${nbsp}910 lb. The report is attached as Pound loads.xlsx.`,
    );
    const { Report: rows } = await attachedSheets(mail, 'Pound loads.xlsx');
    expect(rows?.find((row) => row[0] === 'Ticket number')).toContain('Weight (lb)');
  });
});

describe('the e-mailed reports on a lb site', () => {
  it("mails the daily summary's net in lb, in the .xlsx, the HTML tables and the text", async () => {
    const query = new URLSearchParams([
      ['ignoreLock', 'true'],
      ['selectedDate', loadDayPickerValue],
    ]);
    const run = await runToEnd(ctx.portal, ctx.admin, {
      method: 'GET',
      url: `/api/ticket/report/daily-summary?${query}`,
    });
    expect(run.state).toBe('completed');
    // The run's answer stays the spec's tonnes.
    expect(run.result).toMatchObject({ loads: 4, netTonnes: 54.56 });
    const mail = await mailArrived(ctx.receiver, `Daily summary ${loadDay}`, ['admin@portal.test']);
    const sheets = await attachedSheets(mail, `daily-summary-${loadDay}.xlsx`);
    // The same rows as a KG site's (reports-smtp), their net in lb: 25 550 kg = 56 328.11 lb; 54 555 kg = 120 273.19 lb.
    expect(sheets.Summary?.map((row) => row[5])).toEqual(['Net (lb)', 56_328, 19_853, 44_092, 120_273]);
    expect(sheets.Contractors?.map((row) => row[2])).toEqual(['Net (lb)', 76_181, 44_092, 120_273]);
    expect(sheets.Loads?.map((row) => [row[0], row[8]])).toEqual([
      ['Ticket', 'Net (lb)'],
      ['100001', 26_455],
      ['100002', 29_873],
      ['100004', 44_092],
      ['100003', 19_853],
    ]);

    const html = mail.html || '';
    expect(html).toContain(`4 loads received on 2025-06-10, 120${nbsp}273 lb net.`);
    const cells = [...html.matchAll(/<t[dh][^>]*>([^<]*)<\/t[dh]>/g)].map((match) => match[1]);
    expect(cells).toEqual(expect.arrayContaining(['Net (lb)', `56${nbsp}328`, `120${nbsp}273`]));
    expect(cells).not.toContain('54.56');
    expect(mail.text).toMatch(new RegExp(`Total +4 +120${nbsp}273`));
  });

  it('mails the projects report with the net and the approved quantity in lb', async () => {
    const run = await runToEnd(ctx.portal, ctx.admin, {
      method: 'GET',
      url: '/api/ticket/report/projects?ignoreLock=true',
    });
    expect(run.state).toBe('completed');
    const { date } = run.result as { date: string };
    const mail = await mailArrived(ctx.receiver, `Projects report ${date}`, ['admin@portal.test']);
    const { Projects: rows } = await attachedSheets(mail, `projects-report-${date}.xlsx`);
    // 28 000 kg = 61 729.43 lb; 40 t approved = 88 184.9 lb.
    expect(rows?.map((row) => row.slice(0, 10))).toEqual([
      [
        'Project',
        'Contractor',
        'Job site',
        'Tickets sold',
        ...countHeadings.slice(1),
        'Net (lb)',
        'Approved (lb)',
      ],
      ['P-EMPTY', names.acme, 'East Yard', 0, 0, 0, 0, 0, 0, 0],
      ['P-NORTH', names.acme, 'North Pit', 3, 3, 0, 0, 0, 76_181, 0],
      ['P-SOUTH', names.beta, 'South Pit', 2, 2, 0, 0, 0, 61_729, 88_185],
      ['Total: 3 projects', '', '', 5, 5, 0, 0, 0, 137_910, ''],
    ]);
    expect(mail.html).toContain(`137${nbsp}910 lb net received in all.`);
    expect(mail.html).toContain(`88${nbsp}185`);
  });
});

describe('the transport export on a lb site', () => {
  it("names the unit in the tare column's header and holds whole pounds, totals too", async () => {
    const response = await ctx.ok('GET', '/api/transportcompany/export');
    const { 'Transport companies': rows } = await readSheets(response.rawPayload);
    // The spec's columns headed by words (issue 34, D17).
    expect(rows?.[0]).toEqual([
      'Haulage company',
      'Truck number',
      'License plate',
      'Driver name',
      'Driver number',
      'Tare weight (lb)',
    ]);
    // 14 000.5 kg = 30 865.82 lb; 15 000 kg = 33 069.34 lb; 29 000.5 kg = 63 935.16 lb.
    expect(rows?.slice(1).map((row) => [row[0], row[1], row[5]])).toEqual([
      ['Pound Haulage', 'L1', 30_866],
      ['Pound Haulage', 'L2', 33_069],
      ['Pound Haulage', 'L3', ''],
      ['Total Pound Haulage', '3 trucks', 63_935],
      ['Total', '3 trucks', 63_935],
    ]);
  });
});
