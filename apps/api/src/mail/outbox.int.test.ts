import { useTestPortal } from '@portal/api/test/portal';
import type { OutboxMail, OutboxMailSummary } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { enqueueMail } from './mail-jobs';

// No SMTP_URL and no REDIS_URL: embedded mode, mails go to the outbox through the PostgreSQL queue.
const ctx = useTestPortal({ standardUser: true });

const get = (url: string, headers: Record<string, string>) =>
  ctx.portal.app.inject({ method: 'GET', url, headers });

async function sendAndWait(mailId: string, message: Parameters<typeof enqueueMail>[2]) {
  const job = await enqueueMail(ctx.portal.infra.jobs, mailId, message);
  const deadline = Date.now() + 15_000;
  let state = await job.getState();
  while (state !== 'completed' && state !== 'failed' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    state = await job.getState();
  }
  expect(state).toBe('completed');
}

describe('the outbox in embedded mode', () => {
  const csv = Buffer.from('ticket,tonnes\n100234,12.5\n');
  const pdf = Buffer.from('%PDF-1.4 not really');

  it('keeps queued mails; administrators list them newest first, open one and download its attachments', async () => {
    expect(ctx.portal.config.smtpUrl).toBeNull();
    await sendAndWait('outbox-first', {
      to: ['first@site.test'],
      subject: 'First',
      html: '<p>First mail</p>',
      text: 'First mail',
    });
    await sendAndWait('outbox-second', {
      to: ['dispatch@site.test', 'office@site.test'],
      subject: 'Ticket export',
      html: '<p>Your <b>export</b> is attached.</p>',
      text: 'Your export is attached.',
      attachments: [
        { filename: 'tickets.csv', content: csv, contentType: 'text/csv' },
        { filename: 'résumé.pdf', content: pdf, contentType: 'application/pdf' },
      ],
    });

    const list = await get('/api/mail/outbox', ctx.admin);
    expect(list.statusCode, list.body).toBe(200);
    const mails = list.json<OutboxMailSummary[]>();
    expect(mails.map((mail) => mail.subject)).toEqual(['Ticket export', 'First']);
    const [exported, first] = mails;
    expect(exported).toMatchObject({
      to: ['dispatch@site.test', 'office@site.test'],
      attachments: [
        { filename: 'tickets.csv', size: csv.length },
        { filename: 'résumé.pdf', size: pdf.length },
      ],
    });
    expect(first?.attachments).toEqual([]);
    expect(Number.isNaN(Date.parse(exported?.createdAt ?? ''))).toBe(false);
    expect(exported).not.toHaveProperty('html');

    const opened = await get(`/api/mail/outbox/${exported?.id}`, ctx.admin);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<OutboxMail>()).toMatchObject({
      id: exported?.id,
      subject: 'Ticket export',
      html: '<p>Your <b>export</b> is attached.</p>',
      text: 'Your export is attached.',
    });

    const download = await get(`/api/mail/outbox/${exported?.id}/attachments/0`, ctx.admin);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/csv');
    expect(download.headers['content-disposition']).toContain('filename="tickets.csv"');
    expect(download.rawPayload.equals(csv)).toBe(true);

    const second = await get(`/api/mail/outbox/${exported?.id}/attachments/1`, ctx.admin);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('résumé.pdf')}`,
    );
    expect(second.rawPayload.equals(pdf)).toBe(true);

    expect((await get(`/api/mail/outbox/${exported?.id}/attachments/2`, ctx.admin)).statusCode).toBe(404);
    expect((await get('/api/mail/outbox/999999', ctx.admin)).statusCode).toBe(404);
  });

  it('refuses standard users and anonymous callers', async () => {
    const list = await get('/api/mail/outbox', ctx.admin);
    const id = list.json<OutboxMailSummary[]>()[0]?.id ?? 1;
    for (const url of [
      '/api/mail/outbox',
      `/api/mail/outbox/${id}`,
      `/api/mail/outbox/${id}/attachments/0`,
    ]) {
      expect((await get(url, ctx.standard)).statusCode, url).toBe(403);
      expect((await get(url, {})).statusCode, url).toBe(401);
    }
  });
});
