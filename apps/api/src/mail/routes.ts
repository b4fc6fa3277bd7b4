import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import { contentDisposition } from '../content-disposition';
import { route } from '../route';
import { findOutboxAttachment, findOutboxMail, listOutbox } from './outbox';

/** The outbox of embedded mode (no SMTP_URL): administrators read the mails the portal kept. */
export const mailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.infra.db;

  route(app, endpoints.getMailOutbox, async () => listOutbox(db));

  route(app, endpoints.getMailOutboxById, async (request) => findOutboxMail(db, request.params.id));

  route(app, endpoints.getMailOutboxByIdAttachmentsByIndex, async (request, reply) => {
    const attachment = await findOutboxAttachment(db, request.params.id, request.params.index);
    return reply
      .type(attachment.contentType)
      .header('content-disposition', contentDisposition(attachment.filename))
      .send(attachment.content);
  });
};
