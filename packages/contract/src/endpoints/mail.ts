import { Type } from '@sinclair/typebox';
import { errorResponses, FileDownload, IdParams, maxId } from '../http';
import { OutboxMailSchema, OutboxMailSummarySchema } from '../mail';
import { endpoint } from './endpoint';

// The index goes into SQL as a jsonb array index (int4): a larger one is a 400, not a database error.
const AttachmentParams = Type.Object({
  ...IdParams.properties,
  index: Type.Integer({ minimum: 0, maximum: maxId }),
});

export const mailEndpoints = {
  getMailOutbox: endpoint({
    method: 'GET',
    path: '/api/mail/outbox',
    access: 'admin',
    tags: ['mail'],
    summary: 'Mails kept in embedded mode, newest first',
    response: { 200: Type.Array(OutboxMailSummarySchema), ...errorResponses },
  }),
  getMailOutboxById: endpoint({
    method: 'GET',
    path: '/api/mail/outbox/:id',
    access: 'admin',
    tags: ['mail'],
    params: IdParams,
    response: { 200: OutboxMailSchema, ...errorResponses },
    summary: "One kept mail, with its attachments' names",
  }),
  getMailOutboxByIdAttachmentsByIndex: endpoint({
    method: 'GET',
    path: '/api/mail/outbox/:id/attachments/:index',
    access: 'admin',
    tags: ['mail'],
    summary: 'Downloads one attachment of a kept mail',
    params: AttachmentParams,
    produces: ['application/octet-stream'],
    response: { 200: FileDownload, ...errorResponses },
  }),
};
