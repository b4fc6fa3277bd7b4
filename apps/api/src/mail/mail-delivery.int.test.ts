import { randomUUID } from 'node:crypto';
import { type SmtpTestReceiver, startSmtpTestReceiver } from '@portal/api/test/smtp-receiver';
import { useTestPool } from '@portal/event-store/test/test-pool';
import { testRedisUrl } from '@portal/event-store/test/test-servers';
import { createReadModelDb } from '@portal/projections';
import type { Job } from 'bullmq';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createJobQueues, type JobFamily, type JobQueues, type QueueBackend } from '../jobs/job-queues';
import { enqueueMail, mailJobFamily } from './mail-jobs';
import { createMailer } from './mailer';

const postgres = useTestPool();

const backends: [string, () => QueueBackend][] = [
  ['PostgreSQL (embedded mode)', () => ({ kind: 'postgres', url: postgres.database.url })],
  ['Redis', () => ({ kind: 'redis', url: testRedisUrl })],
];

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function settled(job: Job, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let state = await job.getState();
  while (state !== 'completed' && state !== 'failed' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    state = await job.getState();
  }
  return state;
}

/**
 * An SMTP test receiver (started with `receiver`) and a mail worker sending to it on the given backend,
 * its URL followed by `urlQuery`, for the duration of `run`.
 */
async function withMailWorker(
  backend: QueueBackend,
  {
    receiver: receiverOptions,
    urlQuery = '',
  }: { receiver?: Parameters<typeof startSmtpTestReceiver>[0]; urlQuery?: string },
  run: (queues: JobQueues, receiver: SmtpTestReceiver) => Promise<void>,
) {
  const receiver = await startSmtpTestReceiver(receiverOptions);
  try {
    const queues = await createJobQueues(backend, { prefix: `mail-test-${randomUUID()}` });
    const mailer = createMailer({ smtpUrl: `${receiver.url}${urlQuery}` }, createReadModelDb(postgres.pool));
    try {
      await queues.startWorkers([mailJobFamily(mailer) as JobFamily]);
      await run(queues, receiver);
    } finally {
      await queues.close();
      mailer.close();
    }
  } finally {
    await receiver.close();
  }
}

/** A one-paragraph mail to one recipient. */
const plainMail = (to: string, subject: string, text: string) => ({
  to: [to],
  subject,
  html: `<p>${text}</p>`,
  text,
});

describe.each(backends)('mail through the queue on %s', (_name, backend) => {
  it('delivers an .xlsx attachment that reads back, once for a repeated mail id', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Tickets');
    sheet.addRow(['Ticket', 'Net tonnes']);
    sheet.addRow([100234, 12.5]);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    await withMailWorker(backend(), { urlQuery: '?from=exports%40site.test' }, async (queues, receiver) => {
      const mailId = `export-${randomUUID()}`;
      const message = {
        to: ['dispatch@site.test'],
        subject: 'Ticket export',
        html: '<p>Your export is attached.</p>',
        text: 'Your export is attached.',
        attachments: [{ filename: 'tickets.xlsx', content, contentType: xlsx }],
      };
      const job = await enqueueMail(queues, mailId, message);
      await enqueueMail(queues, mailId, message);
      expect(await settled(job, 15_000)).toBe('completed');

      expect(receiver.received).toHaveLength(1);
      const [mail] = receiver.received;
      expect(mail?.subject).toBe('Ticket export');
      expect(mail?.from?.value[0]?.address).toBe('exports@site.test');
      expect(mail?.to).toMatchObject({ value: [{ address: 'dispatch@site.test' }] });
      expect(mail?.text?.trim()).toBe('Your export is attached.');
      expect(mail?.html).toContain('Your export is attached.');
      const attachment = mail?.attachments[0];
      expect(attachment?.filename).toBe('tickets.xlsx');
      expect(attachment?.contentType).toBe(xlsx);
      const read = new ExcelJS.Workbook();
      await read.xlsx.load(attachment?.content as unknown as ArrayBuffer);
      const tickets = read.getWorksheet('Tickets');
      expect(tickets?.getCell('A2').value).toBe(100234);
      expect(tickets?.getCell('B2').value).toBe(12.5);
    });
  });

  it('retries a mail the SMTP server refused and delivers it', async () => {
    await withMailWorker(backend(), { receiver: { refuseFirst: 1 } }, async (queues, receiver) => {
      const job = await enqueueMail(
        queues,
        `retry-${randomUUID()}`,
        plainMail('office@site.test', 'Daily summary', 'Summary'),
      );
      expect(await settled(job, 20_000)).toBe('completed');
      expect(receiver.refused()).toBe(1);
      expect(receiver.received.map((mail) => mail.subject)).toEqual(['Daily summary']);
      const done = await queues.queue('mail').getJob(job.id as string);
      expect(done?.attemptsMade).toBe(2);
    });
  });

  it('leaves a mail the server refuses every time failed with the SMTP error, after every attempt', async () => {
    await withMailWorker(
      backend(),
      {
        receiver: {
          refuseFirst: Number.POSITIVE_INFINITY,
          refuseWith: { code: 550, message: 'Mailbox unavailable' },
        },
      },
      async (queues, receiver) => {
        const job = await enqueueMail(
          queues,
          `refused-${randomUUID()}`,
          plainMail('nobody@site.test', 'Never delivered', 'x'),
        );
        // Five attempts with exponential backoff from 1 s: about 15 s.
        expect(await settled(job, 40_000)).toBe('failed');
        const failed = await queues.queue('mail').getJob(job.id as string);
        expect(failed?.attemptsMade).toBe(5);
        expect(failed?.failedReason).toContain('550');
        expect(failed?.failedReason).toContain('Mailbox unavailable');
        expect(receiver.refused()).toBe(5);
        expect(receiver.received).toHaveLength(0);
      },
    );
  }, 60_000);

  it('refuses mail ids BullMQ would misread', async () => {
    const queues = await createJobQueues(backend());
    try {
      const message = { to: ['a@site.test'], subject: 's', html: 'h', text: 't' };
      await expect(enqueueMail(queues, 'export:1', message)).rejects.toThrow(/Invalid mail job id/);
      await expect(enqueueMail(queues, '12345', message)).rejects.toThrow(/Invalid mail job id/);
    } finally {
      await queues.close();
    }
  });
});

describe('SMTP credentials', () => {
  it('authenticate with the user and password of SMTP_URL, and a refused login never shows the password', async () => {
    const login = { username: 'portal', password: 'S3cret-smtp-pa55' };
    const receiver = await startSmtpTestReceiver({ login });
    const withCredentials = (password: string) =>
      receiver.url.replace('smtp://', `smtp://${login.username}:${encodeURIComponent(password)}@`);
    const message = { to: ['office@site.test'], subject: 'Signed in', html: '<p>ok</p>', text: 'ok' };
    const db = createReadModelDb(postgres.pool);
    try {
      await createMailer({ smtpUrl: withCredentials(login.password) }, db).send(message);
      expect(receiver.received.map((mail) => mail.subject)).toEqual(['Signed in']);

      const wrongPassword = 'Wr0ng-smtp-pa55';
      const refused = await createMailer({ smtpUrl: withCredentials(wrongPassword) }, db)
        .send(message)
        .then(
          () => null,
          (error: Error) => error,
        );
      expect(refused?.message).toContain('535');
      expect(JSON.stringify({ message: refused?.message, stack: refused?.stack })).not.toContain(
        wrongPassword,
      );
    } finally {
      await receiver.close();
    }
  });
});
