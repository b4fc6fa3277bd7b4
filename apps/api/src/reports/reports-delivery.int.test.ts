import { bearer, type Headers, runToEnd, startTestPortal, type TestPortal } from '@portal/api/test/portal';
import { mailReaches, readSheets, siteTimeZone } from '@portal/api/test/report-kit';
import { type SmtpTestReceiver, startSmtpTestReceiver } from '@portal/api/test/smtp-receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDate } from '../site-time';
import { projectsReportMessages } from './projects-report';

// Queues on PostgreSQL (no REDIS_URL) sending through SMTP, to a server that refuses the first five
// deliveries: the first mail fails for good (five attempts), the next is delivered.
let receiver: SmtpTestReceiver;
let portal: TestPortal;
let admin: Headers;

beforeAll(async () => {
  receiver = await startSmtpTestReceiver({
    refuseFirst: 5,
    refuseWith: { code: 550, message: 'Mailbox unavailable' },
  });
  portal = await startTestPortal({ env: { SMTP_URL: receiver.url, SITE_TIMEZONE: siteTimeZone } });
  admin = bearer(await portal.login());
});
afterAll(async () => {
  await portal?.stop();
  await receiver?.close();
});

describe("a report's mail delivery, as the run reports it", () => {
  it('a refused mail is queued with the reason while retried, then failed with the SMTP error', async () => {
    const run = await runToEnd(portal, admin, { method: 'GET', url: '/api/ticket/report/projects' });
    // The report itself was made: the run completed; only its mail is not through yet.
    expect(run).toMatchObject({ state: 'completed', result: { message: projectsReportMessages.success } });
    const retrying = await mailReaches(portal, admin, run.id, 'queued');
    expect(retrying.result.mail.mailId).toBe(`run-${run.id}`);

    // Five attempts with exponential backoff from 1 s: about 15 s.
    const failed = await mailReaches(portal, admin, run.id, 'failed', 40_000);
    expect(failed.result.mail).toMatchObject({ state: 'failed', attempts: 5 });
    expect(failed.result.mail.failedReason).toContain('550');
    expect(failed.result.mail.failedReason).toContain('Mailbox unavailable');
    expect(receiver.refused()).toBe(5);
    expect(receiver.received).toHaveLength(0);
  }, 50_000);

  it("today's daily summary (no selectedDate) goes out once the server accepts mail", async () => {
    const today = siteDate(siteTimeZone);
    const run = await runToEnd(portal, admin, {
      method: 'GET',
      url: '/api/ticket/report/daily-summary?emails=night@site.test',
    });
    const { date } = run.result as { date: string };
    // Unless the site's midnight passed between the two readings.
    expect([today, siteDate(siteTimeZone)]).toContain(date);
    const sent = await mailReaches(portal, admin, run.id, 'sent');
    expect(sent.result.mail).toMatchObject({ attempts: 1, failedReason: null });

    const mail = receiver.received.find((candidate) => candidate.subject === `Daily summary ${date}`);
    expect(mail?.to && !Array.isArray(mail.to) && mail.to.value.map((address) => address.address)).toEqual([
      'admin@portal.test',
      'night@site.test',
    ]);
    expect(mail?.html).toContain(`0 loads received on ${date}, 0.00 net tonnes.`);
    const attachment = mail?.attachments.find((file) => file.filename === `daily-summary-${date}.xlsx`);
    const { Summary: summary } = await readSheets(attachment?.content as Buffer);
    expect(summary).toEqual([
      ['Contractor', 'Project', 'Job site', 'Material', 'Received loads', 'Net (t)'],
      ['Total', '', '', '', 0, 0],
    ]);
  });
});
