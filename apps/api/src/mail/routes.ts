import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, IdParams, maxId, OutboxMailSchema, OutboxMailSummarySchema } from '@portal/contract';
import { Type } from '@sinclair/typebox';
import { contentDisposition } from '../content-disposition';
import { findOutboxAttachment, findOutboxMail, listOutbox } from './outbox';

// The index goes into SQL as a jsonb array index (int4): a larger one is a 400, not a database error.
const AttachmentParams = Type.Object({
  ...IdParams.properties,
  index: Type.Integer({ minimum: 0, maximum: maxId }),
});

/** The outbox of embedded mode (no SMTP_URL): administrators read the mails the portal kept. */
export const mailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.infra.db;

  app.get(
    '/api/mail/outbox',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['mail'],
        summary: 'Mails kept in embedded mode, newest first',
        response: { 200: Type.Array(OutboxMailSummarySchema), ...errorResponses },
      },
    },
    async () => listOutbox(db),
  );

  app.get(
    '/api/mail/outbox/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['mail'],
        params: IdParams,
        response: { 200: OutboxMailSchema, ...errorResponses },
      },
    },
    async (request) => findOutboxMail(db, request.params.id),
  );

  app.get(
    '/api/mail/outbox/:id/attachments/:index',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['mail'],
        summary: 'Downloads one attachment of a kept mail',
        params: AttachmentParams,
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const attachment = await findOutboxAttachment(db, request.params.id, request.params.index);
      return reply
        .type(attachment.contentType)
        .header('content-disposition', contentDisposition(attachment.filename))
        .send(attachment.content);
    },
  );
};
