import type { Database } from '@portal/projections';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { PortalConfig } from '../config';
import { keepInOutbox } from './outbox';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string[];
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** 'smtp' sends through SMTP_URL; 'outbox' (embedded mode) keeps mails for administrators to open. */
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const defaultFrom = 'Haulage Ticket Portal <no-reply@localhost>';

/**
 * SMTP_URL is nodemailer's connection URL (smtp://user:pass@host:587, smtps://... for TLS); an
 * optional `from` query parameter sets the sender. The URL carries credentials, so it is never
 * logged or put in an error message here.
 */
export function createMailer(config: Pick<PortalConfig, 'smtpUrl'>, db: Kysely<Database>): Mailer {
  if (!config.smtpUrl) {
    return {
      mode: 'outbox',
      async send(message) {
        await keepInOutbox(db, message);
      },
      close() {},
    };
  }
  const url = new URL(config.smtpUrl);
  const from = url.searchParams.get('from') ?? defaultFrom;
  url.searchParams.delete('from');
  const transport = nodemailer.createTransport(url.toString());
  return {
    mode: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: message.attachments?.map(({ filename, content, contentType }) => ({
          filename,
          content,
          contentType,
        })),
      });
    },
    close() {
      transport.close();
    },
  };
}
