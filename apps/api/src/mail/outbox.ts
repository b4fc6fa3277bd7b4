import type { OutboxMail, OutboxMailSummary } from '@portal/contract';
import { DomainError } from '@portal/domain';
import type { Database } from '@portal/projections';
import { type Kysely, sql } from 'kysely';
import type { MailMessage } from './mailer';

const outboxMessages = {
  mailNotFound: 'Mail not found.',
  attachmentNotFound: 'Attachment not found.',
} as const;

/**
 * Deletes the outbox's mails kept before `cutoff` (retention: a copy of what was sent, with addresses and
 * attachments that name people, not a hauling record); answers how many.
 */
export async function deleteOutboxMailBefore(db: Kysely<Database>, cutoff: Date): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom('outboxMail')
    .where('createdAt', '<', cutoff)
    .executeTakeFirst();
  return Number(numDeletedRows);
}

/** Keeps a mail in the outbox (embedded mode: no SMTP server to send it to). */
export async function keepInOutbox(db: Kysely<Database>, message: MailMessage): Promise<number> {
  const row = await db
    .insertInto('outboxMail')
    .values({
      recipients: JSON.stringify(message.to),
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments: JSON.stringify(
        (message.attachments ?? []).map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          size: attachment.content.length,
          contentBase64: attachment.content.toString('base64'),
        })),
      ),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

// Names and sizes only: the listing never loads the attachments' content.
const attachmentList = sql<{ filename: string; size: number }[]>`(
  select coalesce(jsonb_agg(jsonb_build_object('filename', a->'filename', 'size', a->'size') order by n), '[]'::jsonb)
  from jsonb_array_elements(outbox_mail.attachments) with ordinality as t(a, n)
)`;

const summaryColumns = (db: Kysely<Database>) =>
  db
    .selectFrom('outboxMail')
    .select(['id', 'recipients', 'subject', 'createdAt', attachmentList.as('attachmentList')]);

const toSummary = (row: {
  id: string;
  recipients: string[];
  subject: string;
  createdAt: Date;
  attachmentList: { filename: string; size: number }[];
}): OutboxMailSummary => ({
  id: Number(row.id),
  to: row.recipients,
  subject: row.subject,
  createdAt: row.createdAt.toISOString(),
  attachments: row.attachmentList,
});

/** Kept mails, newest first. */
export async function listOutbox(db: Kysely<Database>): Promise<OutboxMailSummary[]> {
  const rows = await summaryColumns(db).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toSummary);
}

export async function findOutboxMail(db: Kysely<Database>, id: number): Promise<OutboxMail> {
  const row = await summaryColumns(db)
    .select(['html', 'text'])
    .where('id', '=', String(id))
    .executeTakeFirst();
  if (!row) throw new DomainError('not_found', outboxMessages.mailNotFound);
  return { ...toSummary(row), html: row.html, text: row.text };
}

export async function findOutboxAttachment(
  db: Kysely<Database>,
  id: number,
  index: number,
): Promise<{ filename: string; contentType: string; content: Buffer }> {
  const row = await db
    .selectFrom('outboxMail')
    .select(sql<string | null>`attachments->${sql.lit(index)}->>'contentBase64'`.as('contentBase64'))
    .select(sql<string | null>`attachments->${sql.lit(index)}->>'filename'`.as('filename'))
    .select(sql<string | null>`attachments->${sql.lit(index)}->>'contentType'`.as('contentType'))
    .where('id', '=', String(id))
    .executeTakeFirst();
  if (!row) throw new DomainError('not_found', outboxMessages.mailNotFound);
  if (row.contentBase64 === null || row.filename === null) {
    throw new DomainError('not_found', outboxMessages.attachmentNotFound);
  }
  return {
    filename: row.filename,
    contentType: row.contentType ?? 'application/octet-stream',
    content: Buffer.from(row.contentBase64, 'base64'),
  };
}
