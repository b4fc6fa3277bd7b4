import { type Job, UnrecoverableError } from 'bullmq';
import type { JobFamily, JobQueues } from '../jobs/job-queues';
import type { Mailer, MailMessage } from './mailer';

export const mailQueue = 'mail';

/**
 * A mail as the queue carries it. Attachments travel base64 in job.data: exports are tens to
 * hundreds of KB, completed jobs are trimmed, and the job stays self-contained on both backends;
 * should attachments grow to megabytes, store them in a table and pass the row's id instead.
 * Never put credentials here: the mailer takes them from the configuration.
 */
interface MailJobData {
  to: string[];
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; contentBase64: string }[];
}

/** BullMQ rejects ids with ':' and reads all-digit ids as its own counters. */
const validMailId = (id: string) => id !== '' && !id.includes(':') && !/^\d+$/.test(id);

/**
 * Queues a mail under a caller-given id (e.g. `export-<uuid>`): the same id again, say a double
 * click, adds no second job, so the mail goes out once. Failures are retried with the queues'
 * exponential backoff.
 */
export async function enqueueMail(
  jobs: JobQueues,
  mailId: string,
  message: MailMessage,
): Promise<Job<MailJobData, void>> {
  if (!validMailId(mailId)) throw new Error(`Invalid mail job id '${mailId}' (no ':' and not all digits).`);
  const data: MailJobData = {
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      contentBase64: attachment.content.toString('base64'),
    })),
  };
  return jobs.queue<MailJobData, void>(mailQueue).add('send', data, { jobId: mailId });
}

/** Sends queued mails; a thrown error leaves the job to BullMQ's retries, then in its failed set. */
export function mailJobFamily(mailer: Mailer): JobFamily<MailJobData, void> {
  return {
    queue: mailQueue,
    async process(job) {
      if (job.name !== 'send') throw new UnrecoverableError(`Unknown mail job '${job.name}'.`);
      const { attachments, ...message } = job.data;
      try {
        await mailer.send({
          ...message,
          attachments: attachments.map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            content: Buffer.from(attachment.contentBase64, 'base64'),
          })),
        });
      } catch (error) {
        // Every attempt's failure is logged by the worker; the last one is what an operator must see.
        if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
          const reason = error instanceof Error ? error.message : String(error);
          console.error(`mail ${job.id} was not sent after ${job.opts.attempts ?? 1} attempt(s): ${reason}`);
        }
        throw error;
      }
    },
  };
}
