import { injector, runToEnd, useTestPortal } from '@portal/api/test/portal';
import {
  countHeadings,
  firstTicket,
  lastTicket,
  mailReaches,
  names,
  readSheets,
  seedLoads,
  siteTimeZone,
} from '@portal/api/test/report-kit';
import type { OutboxMailSummary, ReportChart, ReportTable } from '@portal/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { recipientMessages } from './report-mail';
import { exportMessages } from './ticket-export';

// Embedded mode (no SMTP_URL): a mailed export is kept in the outbox, where the test opens it.
const ctx = useTestPortal({ env: { SITE_TIMEZONE: siteTimeZone }, standardUser: true });
const call = injector(() => ctx.portal);

const tableUrl = '/api/ticket/report/table';
const excelUrl = '/api/ticket/report/excel';
const chartUrl = '/api/ticket/report/chart';
const range = { from: firstTicket, to: lastTicket };

/** Read-model ids of the seeded names (the filter takes ids). */
const ids = { acme: 0, haulage: 0, south: 0 };

beforeAll(async () => {
  await seedLoads(ctx.portal, ctx.admin);
  const { db } = ctx.portal.infra;
  const idOf = async (table: 'contractorCompanies' | 'transportCompanies', name: string) =>
    (await db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  ids.acme = await idOf('contractorCompanies', names.acme);
  ids.haulage = await idOf('transportCompanies', names.haulage);
  ids.south = (
    await db.selectFrom('projects').select('id').where('projectId', '=', 'P-SOUTH').executeTakeFirstOrThrow()
  ).id;
}, 60_000);

async function table(body: object): Promise<ReportTable> {
  const response = await call('POST', tableUrl, ctx.admin, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReportTable>();
}

const numbersOf = (answer: ReportTable) => answer.rows.map((row) => row.ticketNumber);

/** TicketCounts of `tickets` of which `receivedLoads` were received, the rest as given. */
const counts = (
  tickets: number,
  receivedLoads: number,
  rest: Partial<Record<'rejected' | 'notReceived' | 'unused', number>> = {},
) => ({ tickets, receivedLoads, rejected: 0, notReceived: 0, unused: 0, ...rest });

describe('POST /api/ticket/report/table', () => {
  it("answers every column's value with the names joined, and the totals", async () => {
    const answer = await table(range);
    expect(numbersOf(answer)).toEqual([100_001, 100_002, 100_003, 100_004, 100_005, 100_006]);
    expect(answer.total).toBe(6);
    // Tickets and loads apart (issue 34, D6): 100006 was never loaded; the net is the received loads'.
    expect(answer.totals).toEqual({ ...counts(6, 5, { unused: 1 }), netKg: 62_555, netTonnes: 62.56 });
    expect(answer.rows[0]).toMatchObject({
      ticketNumber: 100_001,
      date: '2025-06-10T13:00:00.000Z',
      contractorCompanyName: names.acme,
      jobSite: 'North Pit',
      transportCompanyName: names.haulage,
      weight: 12_000,
      truckLicensePlate: 'CF12345',
      truckNumber: 'N-100001',
      timeReceived: '2025-06-10T14:00:00.000Z',
      projectProjectId: 'P-NORTH',
      materialName: names.cleanFill,
      truckTypeName: 'Triaxle',
      truckDriverName: 'Dan Driver',
      siteContactName: 'Sid Site',
      isReceived: true,
      isRejected: false,
      isSoilFLOLoad: false,
      receivingContact: 'Portal Administrator',
    });
    expect(answer.rows[5]).toMatchObject({
      ticketNumber: 100_006,
      contractorCompanyName: null,
      weight: null,
    });
  });

  it.each([
    ['ticket numbers', { from: 100_002, to: 100_004 }, [100_002, 100_003, 100_004]],
    // 100005's date is 03:30 UTC on the 11th: still the 10th at the site.
    [
      'dates (site days)',
      { ...range, fromDate: '2025-06-10', toDate: '2025-06-10' },
      [100_001, 100_002, 100_003, 100_004, 100_005],
    ],
    ['contractor', () => ({ ...range, contractorCompanyId: ids.acme }), [100_001, 100_002, 100_003]],
    [
      'haulage company',
      () => ({ ...range, transportCompanyId: ids.haulage }),
      [100_001, 100_002, 100_003, 100_004, 100_005],
    ],
    ['job site contains', { ...range, jobSite: 'south' }, [100_004, 100_005]],
    ['project', () => ({ ...range, projectId: ids.south }), [100_004, 100_005]],
    [
      'licence plate contains',
      { ...range, truckLicensePlate: 'f123' },
      [100_001, 100_002, 100_003, 100_004, 100_005],
    ],
  ])('filters by %s', async (_, body, expected) => {
    const answer = await table(typeof body === 'function' ? body() : body);
    expect(numbersOf(answer)).toEqual(expected);
    expect(answer.total).toBe(expected.length);
  });

  it('sorts by contractor name (tickets without one last, then by number)', async () => {
    const answer = await table({ ...range, sort: 'contractorCompanyName' });
    expect(answer.rows.map((row) => [row.contractorCompanyName, row.ticketNumber])).toEqual([
      [names.acme, 100_001],
      [names.acme, 100_002],
      [names.acme, 100_003],
      [names.beta, 100_004],
      [names.beta, 100_005],
      [null, 100_006],
    ]);
  });

  it("pages, while the count and totals stay the whole result's", async () => {
    const second = await table({ ...range, page: 2, perPage: 50 });
    expect(second).toEqual({
      rows: [],
      total: 6,
      totals: { ...counts(6, 5, { unused: 1 }), netKg: 62_555, netTonnes: 62.56 },
    });
    const acme = await table({ ...range, contractorCompanyId: ids.acme, page: 1, perPage: 100 });
    expect(acme.totals).toEqual({ ...counts(3, 3), netKg: 34_555, netTonnes: 34.56 });
  });

  it("answers 400 'Ticket number must be a number' for a bad range", async () => {
    const response = await call('POST', tableUrl, ctx.admin, { from: '12a' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Ticket number must be a number',
      errors: { from: 'Ticket number must be a number' },
    });
  });

  it('refuses standard users on all three routes (403)', async () => {
    const refused = await Promise.all(
      [tableUrl, excelUrl, chartUrl].map((url) => call('POST', url, ctx.standard, range)),
    );
    expect(refused.map((response) => response.statusCode)).toEqual([403, 403, 403]);
  });
});

async function workbookOf(content: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

const textOf = (sheet: ExcelJS.Worksheet, row: number) => sheet.getRow(row).getCell(1).value;

describe('POST /api/ticket/report/excel', () => {
  it('downloads the report: header block, filter in words, the chosen columns, typed cells and totals', async () => {
    const response = await call('POST', excelUrl, ctx.admin, {
      ...range,
      contractorCompanyId: ids.acme,
      title: 'Yard: June',
      // Any order: the sheet keeps reportColumns' order.
      columns: ['isReceived', 'weight', 'ticketNumber', 'timeReceived', 'date', 'contractorCompanyName'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Yard June.xlsx"; filename*=UTF-8''Yard%20June.xlsx`,
    );
    const sheet = await workbookOf(response.rawPayload);

    expect(textOf(sheet, 1)).toBe('Yard: June');
    expect(sheet.getRow(1).font).toMatchObject({ bold: true, size: 14 });
    expect(textOf(sheet, 2)).toMatch(/^Generated \d{4}-\d{2}-\d{2} \d{2}:\d{2} by \S+ \S+$/);
    expect([3, 4, 5, 6].map((row) => textOf(sheet, row))).toEqual([
      'Ticket numbers: 100001 to 100006',
      `Contractor: ${names.acme}`,
      'Sorted by: Ticket number',
      null,
    ]);
    expect(sheet.getRow(7).values).toEqual([
      undefined,
      'Ticket number',
      'Date',
      'Contractor',
      'Weight (KG)',
      'Time received',
      'Received',
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 7 });

    const first = sheet.getRow(8);
    expect(first.values).toEqual([
      undefined,
      '100001',
      new Date(Date.UTC(2025, 5, 10)),
      names.acme,
      12_000,
      // 14:00 UTC is 10:00 at the site (EDT).
      new Date(Date.UTC(2025, 5, 10, 10, 0)),
      'Yes',
    ]);
    expect(first.getCell(2).numFmt).toBe('yyyy-mm-dd');
    // Whole KG, as a scale weighs (issue 34, D17).
    expect(first.getCell(4).numFmt).toBe('#,##0');
    expect(first.getCell(5).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect([9, 10].map((row) => sheet.getRow(row).getCell(1).value)).toEqual(['100002', '100003']);
    // The totals under their own headings, never under the report's columns (issue 34, D6, D17).
    expect(sheet.getRow(11).values).toEqual([]);
    expect(textOf(sheet, 12)).toBe('Totals');
    expect(sheet.getRow(13).values).toEqual([undefined, ...countHeadings, 'Net of received loads (KG)']);
    expect(sheet.getRow(14).values).toEqual([undefined, 3, 3, 0, 0, 0, 34_555]);
    expect(sheet.getRow(14).getCell(6).numFmt).toBe('#,##0');
    expect(sheet.rowCount).toBe(14);
  });

  it("names an untitled report 'Ticket Summary Report' and says when no filter is set", async () => {
    const response = await call('POST', excelUrl, ctx.admin, {});
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Ticket Summary Report.xlsx"; filename*=UTF-8''Ticket%20Summary%20Report.xlsx`,
    );
    const sheet = await workbookOf(response.rawPayload);
    expect([3, 4].map((row) => textOf(sheet, row))).toEqual(['No filters', 'Sorted by: Ticket number']);
    // The first 6 columns by default.
    expect(sheet.getRow(6).values).toEqual([
      undefined,
      'Ticket number',
      'Date',
      'Contractor',
      'Job site',
      'Haulage company',
      'Weight (KG)',
    ]);
  });

  it('keeps a non-ASCII title in filename* (RFC 6266) with an ASCII fallback', async () => {
    const response = await call('POST', excelUrl, ctx.admin, { ...range, title: 'Rapport été' });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Rapport _t_.xlsx"; filename*=UTF-8''Rapport%20%C3%A9t%C3%A9.xlsx`,
    );
  });

  it('refuses an address that is not one e-mail (400), and downloads when `email` is blank', async () => {
    const refused = await call('POST', excelUrl, ctx.admin, { ...range, email: 'yard at site' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: recipientMessages.invalidEmail('yard at site'),
      errors: { email: recipientMessages.invalidEmail('yard at site') },
    });
    const blank = await call('POST', excelUrl, ctx.admin, { ...range, email: ' ' });
    expect(blank.statusCode).toBe(200);
    expect(blank.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });

  it('with an email, mails the report from a queued run', async () => {
    const run = await runToEnd(ctx.portal, ctx.admin, {
      method: 'POST',
      url: excelUrl,
      payload: { ...range, projectId: ids.south, title: 'South loads', email: 'yard@site.test' },
    });
    expect(run.result).toMatchObject({
      message: exportMessages.sent('yard@site.test'),
      email: 'yard@site.test',
      rows: 2,
    });
    await mailReaches(ctx.portal, ctx.admin, run.id, 'sent');
    const outbox = (await call('GET', '/api/mail/outbox', ctx.admin)).json<OutboxMailSummary[]>();
    const kept = outbox.find((mail) => mail.subject === 'South loads');
    expect(kept).toMatchObject({ to: ['yard@site.test'], attachments: [{ filename: 'South loads.xlsx' }] });
    const download = await call('GET', `/api/mail/outbox/${kept?.id}/attachments/0`, ctx.admin);
    const { Report: rows } = await readSheets(download.rawPayload);
    expect(rows?.slice(3, 5).map((row) => row[0])).toEqual(['Project: P-SOUTH', 'Sorted by: Ticket number']);
    expect(rows?.slice(7, 9).map((row) => row[0])).toEqual(['100004', '100005']);
  });
});

describe('POST /api/ticket/report/chart', () => {
  async function chart(body: object): Promise<ReportChart> {
    const response = await call('POST', chartUrl, ctx.admin, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportChart>();
  }

  it("counts received loads per site day, stacked by contractor or material, and each project's tonnes", async () => {
    const byContractor = await chart(range);
    // 100003 (03:30 UTC on the 11th) is the 10th at the site; 100005 (04:30 UTC) the 11th.
    expect(byContractor.receivedPerDay).toEqual([
      { day: '2025-06-10', stack: names.acme, loads: 3 },
      { day: '2025-06-10', stack: names.beta, loads: 1 },
      { day: '2025-06-11', stack: names.beta, loads: 1 },
    ]);
    expect(byContractor.projects).toEqual([
      {
        projectId: expect.any(Number),
        projectProjectId: 'P-NORTH',
        netKg: 34_555,
        netTonnes: 34.56,
        approved: 0,
      },
      { projectId: ids.south, projectProjectId: 'P-SOUTH', netKg: 28_000, netTonnes: 28, approved: 0 },
    ]);
    const byMaterial = await chart({ ...range, stackBy: 'material' });
    expect(byMaterial.receivedPerDay).toEqual([
      { day: '2025-06-10', stack: names.cleanFill, loads: 3 },
      { day: '2025-06-10', stack: names.topsoil, loads: 1 },
      { day: '2025-06-11', stack: names.cleanFill, loads: 1 },
    ]);
  });

  it('uses the same filter', async () => {
    const south = await chart({ ...range, jobSite: 'south' });
    expect(south.receivedPerDay.map((entry) => entry.loads)).toEqual([1, 1]);
    expect(south.projects.map((project) => project.projectProjectId)).toEqual(['P-SOUTH']);
  });
});
