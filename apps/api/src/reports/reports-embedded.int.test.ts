import { injector, runToEnd, useTestPortal } from '@portal/api/test/portal';
import { countRuns, mailReaches, readSheets, siteTimeZone } from '@portal/api/test/report-kit';
import type { OutboxMail, OutboxMailSummary, RunView } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { dailySummaryMessages } from './daily-summary';
import { projectsReportMessages } from './projects-report';
import { recipientMessages } from './report-mail';
import { exportMessages } from './ticket-export';

// Embedded mode: no SMTP_URL and no REDIS_URL, so the queues run on PostgreSQL and mails are kept
// in the outbox for administrators to open.
const ctx = useTestPortal({ env: { SITE_TIMEZONE: siteTimeZone }, standardUser: true });

beforeAll(async () => {
  const generated = await runToEnd(ctx.portal, ctx.admin, {
    method: 'POST',
    url: '/api/ticket/generate',
    payload: { from: 41, to: 43, isSoilFLOTicket: false, email: null },
  });
  expect(generated.state).toBe('completed');
});

const call = injector(() => ctx.portal);

const exportUrl = '/api/ticket/generate/excel';
const summaryUrl = '/api/ticket/report/daily-summary';
const projectsUrl = '/api/ticket/report/projects?ignoreLock=true';

describe('the export in embedded mode', () => {
  it('lands in the outbox with an .xlsx of the tickets, numbers zero-padded to 6 digits', async () => {
    const run = await runToEnd(ctx.portal, ctx.admin, {
      method: 'POST',
      url: exportUrl,
      payload: { from: 41, to: 43, email: 'yard@site.test' },
    });
    expect(run.result).toMatchObject({
      message: exportMessages.sent('yard@site.test'),
      email: 'yard@site.test',
      rows: 3,
    });
    const delivered = await mailReaches(ctx.portal, ctx.admin, run.id, 'sent');
    expect(delivered.result.mail).toMatchObject({ state: 'sent', failedReason: null });

    const outbox = (await call('GET', '/api/mail/outbox', ctx.admin)).json<OutboxMailSummary[]>();
    const kept = outbox.find((mail) => mail.subject === 'Ticket export 000041 to 000043');
    expect(kept).toMatchObject({
      to: ['yard@site.test'],
      attachments: [{ filename: 'ticket-export-000041-000043.xlsx' }],
    });
    const opened = (await call('GET', `/api/mail/outbox/${kept?.id}`, ctx.admin)).json<OutboxMail>();
    expect(opened.text).toBe(
      '3 tickets from 000041 to 000043 (prefix 0) are attached as ticket-export-000041-000043.xlsx.',
    );
    const download = await call('GET', `/api/mail/outbox/${kept?.id}/attachments/0`, ctx.admin);
    expect(download.statusCode).toBe(200);
    const { Tickets: rows } = await readSheets(download.rawPayload);
    expect(rows?.map((row) => [row[0], row[15]])).toEqual([
      ['Ticket', 'Status'],
      ['000041', 'Generated'],
      ['000042', 'Generated'],
      ['000043', 'Generated'],
      ['Total: 3 tickets', ''],
    ]);
  });
});

describe('the projects report in embedded mode', () => {
  it('lands in the outbox for the current user', async () => {
    const run = await runToEnd(ctx.portal, ctx.admin, { method: 'GET', url: projectsUrl });
    expect(run.result).toMatchObject({ message: projectsReportMessages.success, projects: 0 });
    await mailReaches(ctx.portal, ctx.admin, run.id, 'sent');
    const outbox = (await call('GET', '/api/mail/outbox', ctx.admin)).json<OutboxMailSummary[]>();
    expect(outbox.find((mail) => mail.subject.startsWith('Projects report'))?.to).toEqual([
      'admin@portal.test',
    ]);
  });
});

describe('ignoreLock', () => {
  it('without it, the same summary asked for twice at once is one run; with it, each call starts one', async () => {
    const url = `${summaryUrl}?ignoreLock=false&selectedDate=2025-01-15&emails=twice@site.test`;
    const before = await countRuns(ctx.portal);
    const [first, second] = await Promise.all([call('GET', url, ctx.admin), call('GET', url, ctx.admin)]);
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    expect(second.json<RunView>().id).toBe(first.json<RunView>().id);
    expect(await countRuns(ctx.portal)).toBe(before + 1);

    const forced = `${summaryUrl}?ignoreLock=true&selectedDate=2025-01-15&emails=twice@site.test`;
    const [third, fourth] = await Promise.all([
      call('GET', forced, ctx.admin),
      call('GET', forced, ctx.admin),
    ]);
    expect(third.json<RunView>().id).not.toBe(fourth.json<RunView>().id);
    expect(await countRuns(ctx.portal)).toBe(before + 3);
  });
});

describe('the API documentation', () => {
  it('lists the three routes', async () => {
    const docs = await call('GET', '/api/docs/json', ctx.admin);
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/ticket/generate/excel',
        '/api/ticket/report/daily-summary',
        '/api/ticket/report/projects',
      ]),
    );
  });
});

describe('who may ask', () => {
  it('standard users get 403 on all three routes, and no run starts', async () => {
    const before = await countRuns(ctx.portal);
    const refused = [
      await call('POST', exportUrl, ctx.standard, { from: 41, to: 43 }),
      await call('GET', `${summaryUrl}?selectedDate=2025-06-10`, ctx.standard),
      await call('GET', projectsUrl, ctx.standard),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([403, 403, 403]);
    expect(await countRuns(ctx.portal)).toBe(before);
  });
});

describe('invalid input: 400 with the message, and no run', () => {
  const cases: [string, 'GET' | 'POST', string, object | undefined, object][] = [
    [
      'no from',
      'POST',
      exportUrl,
      { to: 43 },
      { message: 'From ticket number is required', errors: { from: 'From ticket number is required' } },
    ],
    [
      'no to',
      'POST',
      exportUrl,
      { from: 41, to: '' },
      { message: 'To ticket number is required', errors: { to: 'To ticket number is required' } },
    ],
    [
      'a number above 999999',
      'POST',
      exportUrl,
      { from: 41, to: 1_000_000 },
      { message: 'Max ticket number is 999999', errors: { to: 'Max ticket number is 999999' } },
    ],
    [
      'from after to',
      'POST',
      exportUrl,
      { from: 43, to: 41 },
      {
        message: 'From ticket number must not be greater than to ticket number',
        errors: { from: 'From ticket number must not be greater than to ticket number' },
      },
    ],
    [
      'a range without tickets',
      'POST',
      exportUrl,
      { from: 500, to: 600 },
      { message: 'There are no tickets from 000500 to 000600 to export.' },
    ],
    [
      'an export address that is not one',
      'POST',
      exportUrl,
      { from: 41, to: 43, email: 'yard at site' },
      {
        message: recipientMessages.invalidEmail('yard at site'),
        errors: { email: "'yard at site' is not a valid email address." },
      },
    ],
    [
      'two export addresses in one',
      'POST',
      exportUrl,
      { from: 41, to: 43, email: 'yard@site.test,boss@site.test' },
      {
        message: "'yard@site.test,boss@site.test' is not a valid email address.",
        errors: { email: "'yard@site.test,boss@site.test' is not a valid email address." },
      },
    ],
    [
      'a summary address that is not one',
      'GET',
      `${summaryUrl}?emails=office@site.test&emails=boss@`,
      undefined,
      {
        message: "'boss@' is not a valid email address.",
        errors: { emails: "'boss@' is not a valid email address." },
      },
    ],
    [
      'a selected date that is not a date',
      'GET',
      `${summaryUrl}?selectedDate=yesterday`,
      undefined,
      {
        message: dailySummaryMessages.invalidDate,
        errors: { selectedDate: 'Selected date is not a valid date.' },
      },
    ],
    [
      'a selected day that does not exist',
      'GET',
      `${summaryUrl}?selectedDate=2025-02-30`,
      undefined,
      {
        message: dailySummaryMessages.invalidDate,
        errors: { selectedDate: 'Selected date is not a valid date.' },
      },
    ],
  ];

  it.each(cases)('%s', async (_name, method, url, payload, expected) => {
    const before = await countRuns(ctx.portal);
    const response = await call(method, url, ctx.admin, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(expected);
    expect(await countRuns(ctx.portal)).toBe(before);
  });

  it('more than 10000 tickets in the range under the current prefix', async () => {
    // 10001 tickets through the API would take minutes; rows written straight into the read model
    // (numbers 200000-210000, far from every other test's) are what the request counts.
    await ctx.portal.infra.pool.query(`
      INSERT INTO tickets (id, prefix, ticket_number, hash_nonce, is_soil_flo_load, is_received,
                           is_complete, is_dispatched, is_rejected, is_salt_impacted, update_soil_flo, version)
      SELECT 900000000 + n, 0, n, 'nonce', false, false, false, false, false, false, false, 1
      FROM generate_series(200000, 210000) AS n`);
    const before = await countRuns(ctx.portal);
    const tooMany = await call('POST', exportUrl, ctx.admin, { from: 200_000, to: 210_000 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      message: 'Export failed. You can only export max 10000 tickets at a time.',
    });
    expect(await countRuns(ctx.portal)).toBe(before);
  });
});
