import { type Static, Type } from '@sinclair/typebox';

/** A mail kept in the outbox (embedded mode) as GET /api/mail/outbox lists it, newest first. */
export const OutboxMailSummarySchema = Type.Object(
  {
    id: Type.Integer(),
    to: Type.Array(Type.String()),
    subject: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    attachments: Type.Array(Type.Object({ filename: Type.String(), size: Type.Integer() })),
  },
  { $id: 'OutboxMailSummary' },
);
export type OutboxMailSummary = Static<typeof OutboxMailSummarySchema>;

/** One kept mail with its bodies (GET /api/mail/outbox/{id}). */
export const OutboxMailSchema = Type.Object(
  { ...OutboxMailSummarySchema.properties, html: Type.String(), text: Type.String() },
  { $id: 'OutboxMail' },
);
export type OutboxMail = Static<typeof OutboxMailSchema>;
