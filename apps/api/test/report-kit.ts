/**
 * Shared by the reports' integration tests (reports-*.int.test.ts): the site's time zone, and one day
 * of loads at the site made through the API, whose totals the tests check in the mails.
 */

import {
  bearer,
  clientOfPortal,
  type Headers,
  injectionOf,
  runToEnd,
  startTestPortal,
  type TestPortal,
} from '@portal/api/test/portal';
import { endpoints, type RunView, xlsxContentType } from '@portal/contract';
import { testRedisUrl } from '@portal/event-store/test/test-servers';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect } from 'vitest';
import { defaultSiteTimezone } from '../src/config';
import { type SmtpTestReceiver, startSmtpTestReceiver } from './smtp-receiver';

export const siteTimeZone = defaultSiteTimezone;

/** The day the loads were received, at the site, and instants on and around it (EDT is UTC−4). */
export const loadDay = '2025-06-10';
/** The date picker's midnight of loadDay at the site, as the UI sends it. */
export const loadDayPickerValue = '2025-06-10T04:00:00.000Z';

/** The headings the reports give a set of tickets' counts (issue 34, D6), written out once for the tests. */
export const countHeadings = [
  'Tickets',
  'Received loads',
  'Rejected',
  'Loaded, not received',
  'Unused (never loaded)',
] as const;

export const firstTicket = 100_001;
export const lastTicket = 100_006;

/**
 * The contractor's name holds HTML and an ampersand, so the tests see the mail escape it. Project
 * P-EMPTY has no tickets.
 */
export const names = {
  acme: 'Acme Earthworks',
  beta: 'Beta & Sons <Excavation>',
  haulage: 'Haul Co',
  cleanFill: 'Clean Fill',
  topsoil: 'Topsoil',
} as const;

interface Load {
  ticketNumber: number;
  contractor: 'acme' | 'beta';
  material: 'cleanFill' | 'topsoil';
  weight: number;
  timeReceived: string;
}

/**
 * Tickets 100001-100006. On 2025-06-10 at the site: 100001, 100002, 100004 and 100003 (23:30 local,
 * already the 11th in UTC); 100005 was received at 00:30 on the 11th (local) and 100006 never.
 */
export const loads: Load[] = [
  {
    ticketNumber: 100_001,
    contractor: 'acme',
    material: 'cleanFill',
    weight: 12_000,
    timeReceived: '2025-06-10T14:00:00Z',
  },
  {
    ticketNumber: 100_002,
    contractor: 'acme',
    material: 'cleanFill',
    weight: 13_550,
    timeReceived: '2025-06-10T15:00:00Z',
  },
  {
    ticketNumber: 100_003,
    contractor: 'acme',
    material: 'topsoil',
    weight: 9_005,
    timeReceived: '2025-06-11T03:30:00Z',
  },
  {
    ticketNumber: 100_004,
    contractor: 'beta',
    material: 'cleanFill',
    weight: 20_000,
    timeReceived: '2025-06-10T16:00:00Z',
  },
  {
    ticketNumber: 100_005,
    contractor: 'beta',
    material: 'cleanFill',
    weight: 8_000,
    timeReceived: '2025-06-11T04:30:00Z',
  },
];

export interface SeededDay {
  projects: { north: string; south: string; empty: string };
}

/** Reference data, tickets 100001-100006 and their receipts, through the API as staff would. */
export async function seedLoads(portal: TestPortal, admin: Headers): Promise<SeededDay> {
  const call = clientOfPortal(() => portal);
  const contractor = (name: string) =>
    call(endpoints.contractorCompanyCatalogue.create, { body: { name } }, admin);
  const material = (name: string) => call(endpoints.materialCatalogue.create, { body: { name } }, admin);
  const acme = await contractor(names.acme);
  const beta = await contractor(names.beta);
  const haulage = await call(
    endpoints.transportCompanyCatalogue.create,
    { body: { name: names.haulage } },
    admin,
  );
  const cleanFill = await material(names.cleanFill);
  const topsoil = await material(names.topsoil);
  const project = (projectId: string, contractorCompanyId: number, jobSite: string) =>
    call(
      endpoints.projectCatalogue.create,
      { body: { project: { projectId, contractorCompanyId, jobSite }, loggedInUserId: 1 } },
      admin,
    );
  const north = await project('P-NORTH', acme.id, 'North Pit');
  const south = await project('P-SOUTH', beta.id, 'South Pit');
  const empty = await project('P-EMPTY', acme.id, 'East Yard');

  const generated = await runToEnd(
    portal,
    admin,
    injectionOf(endpoints.postTicketGenerate, {
      body: { from: firstTicket, to: lastTicket, isSoilFLOTicket: false, email: null },
    }),
  );
  expect(generated.state).toBe('completed');
  const tickets = await ticketsWhenProjected(portal, admin, (list) => list.length === 6);

  const refs = {
    acme: { contractorCompanyId: acme.id, projectId: north.id, jobSite: 'North Pit' },
    beta: { contractorCompanyId: beta.id, projectId: south.id, jobSite: 'South Pit' },
  };
  for (const load of loads) {
    const ticket = tickets.find((t) => t.ticketNumber === load.ticketNumber);
    const received = Date.parse(load.timeReceived);
    await call(
      endpoints.putTicketEdit,
      {
        body: {
          ticket: {
            id: ticket?.id,
            ...refs[load.contractor],
            date: new Date(received - 3_600_000).toISOString(),
            timeLoaded: new Date(received - 3_600_000).toISOString(),
            timeReceived: load.timeReceived,
            siteContactName: 'Sid Site',
            transportCompanyId: haulage.id,
            truckTypeId: 1,
            truckNumber: `N-${load.ticketNumber}`,
            truckLicensePlate: 'CF12345',
            truckDriverName: 'Dan Driver',
            materialId: load.material === 'cleanFill' ? cleanFill.id : topsoil.id,
            weight: load.weight,
            isReceived: true,
          },
          loggedInUserId: 1,
        },
      },
      admin,
    );
  }
  await ticketsWhenProjected(
    portal,
    admin,
    (list) => list.filter((t) => t.isReceived).length === loads.length,
  );
  return { projects: { north: north.projectId, south: south.projectId, empty: empty.projectId } };
}

/** Polls the ticket report until the read model shows what the test just did. */
async function ticketsWhenProjected(
  portal: TestPortal,
  admin: Headers,
  done: (tickets: { id: number; ticketNumber: number; isReceived: boolean }[]) => boolean,
) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const tickets = await clientOfPortal(() => portal)(
      endpoints.postTicketReport,
      { body: { from: firstTicket, to: lastTicket } },
      admin,
    );
    if (done(tickets)) return tickets;
    if (Date.now() > deadline) throw new Error(`the read model did not catch up: ${JSON.stringify(tickets)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface MailState {
  mailId: string;
  state: 'queued' | 'sent' | 'failed' | 'unknown';
  attempts: number;
  failedReason: string | null;
}

/** Polls a finished run until its mail has reached `state` (the run's answer looks the mail job up). */
export async function mailReaches(
  portal: TestPortal,
  admin: Headers,
  runId: string,
  state: MailState['state'],
  timeoutMs = 20_000,
): Promise<RunView & { result: { mail: MailState } }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // A report run's result carries its mail; the contract types a run's result as unknown.
    const run = (await clientOfPortal(() => portal)(
      endpoints.getJobById,
      { params: { id: runId } },
      admin,
    )) as RunView & {
      result: { mail?: MailState };
    };
    if (run.result.mail?.state === state) return run as RunView & { result: { mail: MailState } };
    if (Date.now() > deadline)
      throw new Error(`mail of run ${runId} did not reach ${state}: ${JSON.stringify(run)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An .xlsx read back: each sheet's rows as plain values, the header row first. */
export async function readSheets(content: Buffer | ArrayBuffer): Promise<Record<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as ArrayBuffer);
  const sheets: Record<string, unknown[][]> = {};
  workbook.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      rows.push(Array.from({ length: sheet.columnCount }, (_, index) => row.getCell(index + 1).value ?? ''));
    });
    sheets[sheet.name] = rows;
  });
  return sheets;
}

interface MailingReportPortal {
  portal: TestPortal;
  admin: Headers;
  receiver: SmtpTestReceiver;
  /** A request as the administrator that must answer 200; the answer. */
  ok(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<LightMyRequestResponse>;
}

/**
 * A portal set up as production runs it, queues on Redis and mails through a real SMTP server (the
 * receiver), with the loads seeded; started before the file's tests and stopped after them.
 */
export function useMailingReportPortal(): MailingReportPortal {
  const test = {
    async ok(method, url, payload) {
      const response = await test.portal.app.inject({
        method,
        url,
        headers: test.admin,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
      return response;
    },
  } as MailingReportPortal;
  beforeAll(async () => {
    test.receiver = await startSmtpTestReceiver();
    test.portal = await startTestPortal({
      env: { SMTP_URL: test.receiver.url, REDIS_URL: testRedisUrl, SITE_TIMEZONE: siteTimeZone },
    });
    test.admin = bearer(await test.portal.login());
    await seedLoads(test.portal, test.admin);
  });
  afterAll(async () => {
    await test.portal?.stop();
    await test.receiver?.close();
  });
  return test;
}

/** The mail with this subject the SMTP receiver got for exactly these addresses, once it has arrived (once). */
export async function mailArrived(
  receiver: SmtpTestReceiver,
  subject: string,
  addresses: string[],
): Promise<ParsedMail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = receiver.received.filter(
      (mail) =>
        mail.subject === subject &&
        JSON.stringify(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []) ===
          JSON.stringify(addresses),
    );
    if (found.length > 1) throw new Error(`'${subject}' arrived ${found.length} times`);
    if (found[0]) return found[0];
    if (Date.now() > deadline) throw new Error(`no mail '${subject}' to ${addresses.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The sheets of a mail's .xlsx attachment named `filename`. */
export function attachedSheets(mail: ParsedMail, filename: string): Promise<Record<string, unknown[][]>> {
  const attachment = mail.attachments.find((candidate) => candidate.filename === filename);
  expect(attachment?.contentType).toBe(xlsxContentType);
  return readSheets(attachment?.content as Buffer);
}

/** Rows of job_run: what a refused request must leave unchanged. */
export async function countRuns(portal: TestPortal): Promise<number> {
  const { rows } = await portal.infra.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM job_run',
  );
  return rows[0]?.count ?? 0;
}
