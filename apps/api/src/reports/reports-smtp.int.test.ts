import { runToEnd } from '@portal/api/test/portal';
import {
  attachedSheets,
  countHeadings,
  loadDay,
  loadDayPickerValue,
  mailArrived,
  mailReaches,
  names,
  useMailingReportPortal,
} from '@portal/api/test/report-kit';
import type { RunView } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { dailySummaryMessages } from './daily-summary';
import { projectsReportMessages } from './projects-report';
import { exportMessages } from './ticket-export';
import { exportColumns } from './ticket-export-table';

// The production set-up: queues on Redis, mails through a real SMTP server.
const ctx = useMailingReportPortal();
const mailTo = (subject: string, addresses: string[]) => mailArrived(ctx.receiver, subject, addresses);

describe('POST /api/ticket/generate/excel on Redis and SMTP', () => {
  it('mails the tickets of the range as an .xlsx whose rows, times and totals read back', async () => {
    const run = await runToEnd(ctx.portal, ctx.admin, {
      method: 'POST',
      url: '/api/ticket/generate/excel',
      payload: { from: 100_001, to: 100_006, email: 'dispatch@site.test' },
    });
    expect(run).toMatchObject({ kind: 'export', state: 'completed' });
    expect(run.result).toMatchObject({
      message: 'Email with ticket export has been sent to: dispatch@site.test',
      email: 'dispatch@site.test',
      rows: 6,
      mailId: `run-${run.id}`,
    });
    expect(exportMessages.sent('dispatch@site.test')).toBe(
      'Email with ticket export has been sent to: dispatch@site.test',
    );

    const mail = await mailTo('Ticket export 100001 to 100006', ['dispatch@site.test']);
    expect(mail.text).toContain('6 tickets from 100001 to 100006 (prefix 0)');
    const { Tickets: rows } = await attachedSheets(mail, 'ticket-export-100001-100006.xlsx');
    expect(rows?.[0]).toEqual(exportColumns('kg'));
    const byNumber = (number: string) => rows?.find((row) => row[0] === number);
    expect(byNumber('100001')).toEqual([
      '100001',
      '2025-06-10',
      names.acme,
      'P-NORTH',
      'North Pit',
      names.haulage,
      'N-100001',
      'CF12345',
      'Dan Driver',
      '2025-06-10 09:00',
      '2025-06-10 10:00',
      names.cleanFill,
      '',
      12_000,
      12,
      'Received',
    ]);
    // Received at 03:30 UTC on the 11th: 23:30 on the 10th at the site.
    expect(byNumber('100003')?.slice(9, 16)).toEqual([
      '2025-06-10 22:30',
      '2025-06-10 23:30',
      names.topsoil,
      '',
      9_005,
      9.01,
      'Received',
    ]);
    expect(byNumber('100006')?.slice(2, 16)).toEqual([...Array(13).fill(''), 'Generated']);
    expect(rows?.map((row) => row[0])).toEqual([
      'Ticket',
      '100001',
      '100002',
      '100003',
      '100004',
      '100005',
      '100006',
      'Total: 6 tickets',
    ]);
    expect(rows?.at(-1)?.slice(13, 15)).toEqual([62_555, 62.56]);

    const delivered = await mailReaches(ctx.portal, ctx.admin, run.id, 'sent');
    expect(delivered.result.mail).toEqual({
      mailId: `run-${run.id}`,
      state: 'sent',
      attempts: 1,
      failedReason: null,
    });
  });

  it("sends the export to the current user's e-mail when none is given", async () => {
    const run = await runToEnd(ctx.portal, ctx.admin, {
      method: 'POST',
      url: '/api/ticket/generate/excel',
      payload: { from: 100_004, to: 100_005 },
    });
    expect(run.result).toMatchObject({ email: 'admin@portal.test', rows: 2 });
    const mail = await mailTo('Ticket export 100004 to 100005', ['admin@portal.test']);
    const { Tickets: rows } = await attachedSheets(mail, 'ticket-export-100004-100005.xlsx');
    expect(rows?.map((row) => [row[0], row[2]])).toEqual([
      ['Ticket', 'Contractor'],
      ['100004', names.beta],
      ['100005', names.beta],
      ['Total: 2 tickets', ''],
    ]);
  });
});

describe('GET /api/ticket/report/daily-summary on Redis and SMTP', () => {
  it("mails the site's day per contractor, project, job site and material, as .xlsx and HTML tables", async () => {
    const query = new URLSearchParams([
      ['ignoreLock', 'false'],
      ['selectedDate', loadDayPickerValue],
      ['emails', 'office@site.test'],
      ['emails', 'boss@site.test'],
    ]);
    const run = await runToEnd(ctx.portal, ctx.admin, {
      method: 'GET',
      url: `/api/ticket/report/daily-summary?${query}`,
    });
    const recipients = ['admin@portal.test', 'office@site.test', 'boss@site.test'];
    expect(run).toMatchObject({ kind: 'daily-summary', state: 'completed' });
    expect(run.result).toMatchObject({
      message: dailySummaryMessages.success,
      date: loadDay,
      recipients,
      loads: 4,
      netTonnes: 54.56,
    });

    const mail = await mailTo(`Daily summary ${loadDay}`, recipients);
    const {
      Summary: summary,
      Contractors: contractors,
      Loads: list,
      Tickets: dayTickets,
    } = await attachedSheets(mail, `daily-summary-${loadDay}.xlsx`);
    // The day's tickets counted apart from its loads (issue 34, D6): 100001-100005 are dated the 10th.
    expect(dayTickets).toEqual([[...countHeadings], [5, 5, 0, 0, 0]]);
    expect(summary).toEqual([
      ['Contractor', 'Project', 'Job site', 'Material', 'Received loads', 'Net (t)'],
      [names.acme, 'P-NORTH', 'North Pit', names.cleanFill, 2, 25.55],
      [names.acme, 'P-NORTH', 'North Pit', names.topsoil, 1, 9.01],
      [names.beta, 'P-SOUTH', 'South Pit', names.cleanFill, 1, 20],
      ['Total', '', '', '', 4, 54.56],
    ]);
    expect(contractors).toEqual([
      ['Contractor', 'Received loads', 'Net (t)'],
      [names.acme, 2 + 1, 34.56],
      [names.beta, 1, 20],
      ['Total', 4, 54.56],
    ]);
    // In the order received; 100005 (00:30 on the 11th at the site) belongs to the next day.
    expect(list?.map((row) => [row[0], row[1], row[8]])).toEqual([
      ['Ticket', 'Time received', 'Net (t)'],
      ['100001', '2025-06-10 10:00', 12],
      ['100002', '2025-06-10 11:00', 13.55],
      ['100004', '2025-06-10 12:00', 20],
      ['100003', '2025-06-10 23:30', 9.01],
    ]);

    const html = mail.html || '';
    expect(html).toContain('4 loads received on 2025-06-10, 54.56 net tonnes.');
    expect(mail.text).toContain(
      'Tickets dated 2025-06-10: 5 tickets: 5 received loads, 0 rejected, 0 loaded and not received yet, 0 unused (never loaded).',
    );
    expect(html).toContain('Beta &amp; Sons &lt;Excavation&gt;');
    expect(html).not.toContain(names.beta);
    const cells = [...html.matchAll(/<t[dh][^>]*>([^<]*)<\/t[dh]>/g)].map((match) => match[1]);
    expect(cells).toEqual(
      expect.arrayContaining(['Acme Earthworks', 'P-NORTH', 'North Pit', 'Topsoil', '9.01', '54.56']),
    );
    expect(mail.text).toContain('Totals by contractor');
    expect(mail.text).toMatch(/Total\s+4\s+54\.56/);

    const delivered = await mailReaches(ctx.portal, ctx.admin, run.id, 'sent');
    expect(delivered.result.mail.state).toBe('sent');
  });
});

describe('GET /api/ticket/report/projects on Redis and SMTP', () => {
  it('mails every project with its contractor, job site, tickets and net tonnes', async () => {
    const run: RunView = await runToEnd(ctx.portal, ctx.admin, {
      method: 'GET',
      url: '/api/ticket/report/projects?ignoreLock=true',
    });
    expect(run).toMatchObject({ kind: 'projects-report', state: 'completed' });
    expect(run.result).toMatchObject({
      message: projectsReportMessages.success,
      recipients: ['admin@portal.test'],
      projects: 3,
      netTonnes: 62.56,
    });
    const { date } = run.result as { date: string };
    const mail = await mailTo(`Projects report ${date}`, ['admin@portal.test']);
    const { Projects: rows } = await attachedSheets(mail, `projects-report-${date}.xlsx`);
    expect(rows?.map((row) => row.slice(0, 9))).toEqual([
      ['Project', 'Contractor', 'Job site', 'Tickets sold', ...countHeadings.slice(1), 'Net (t)'],
      ['P-EMPTY', names.acme, 'East Yard', 0, 0, 0, 0, 0, 0],
      ['P-NORTH', names.acme, 'North Pit', 3, 3, 0, 0, 0, 34.56],
      ['P-SOUTH', names.beta, 'South Pit', 2, 2, 0, 0, 0, 28],
      ['Total: 3 projects', '', '', 5, 5, 0, 0, 0, 62.56],
    ]);
    expect(mail.html).toContain('P-SOUTH');
    expect(mail.html).toContain('62.56');
  });
});
