import { Type } from '@sinclair/typebox';
import { AuditStatusSchema, ChainVerificationSchema, EventLinkSchema, SealSchema } from '../audit';
import { ErrorSchema, errorResponses, FileDownload, IdParams, maxId, okResponses } from '../http';
import { PreferHeaders, RunViewSchema, runResponses } from '../runs';
import { endpoint } from './endpoint';

/** What an auditor checks without trusting the portal's word: the hash chains and the seals (docs/event-store.md). */
export const auditEndpoints = {
  getAuditVerify: endpoint({
    method: 'GET',
    path: '/api/audit/verify',
    access: 'audit',
    tags: ['audit'],
    summary:
      "Walks every stream's hash chain and every seal and answers the first break, if any; with `Prefer: respond-async`, " +
      'a 202 with a run to poll at GET /api/audit/verify/{id}, which administrators and auditors may read ' +
      '(progress: events checked; result: the same answer). The latest answer is kept for GET /api/audit/status. ' +
      'With `readModels=true` (beside the answer the spec gives, which stays the default) it also rebuilds every read model into a ' +
      'scratch schema and compares each derived table with the live one, adding `readModels: {ok, tablesCompared, mismatches}`; ' +
      '`ok` then needs both',
    headers: PreferHeaders,
    querystring: Type.Object({
      readModels: Type.Optional(Type.Boolean({ description: 'Also compare the read models with a rebuild' })),
    }),
    response: { ...runResponses(ChainVerificationSchema, '/api/audit/verify/{id}'), 501: ErrorSchema },
  }),
  getAuditVerifyById: endpoint({
    method: 'GET',
    path: '/api/audit/verify/:id',
    access: 'audit',
    tags: ['audit'],
    summary:
      'A verify run that GET /api/audit/verify started, with its progress and, once finished, its answer; ' +
      'a run of any other kind is not found here',
    params: Type.Object({ id: Type.String() }),
    response: { 200: RunViewSchema, ...errorResponses },
  }),
  getAuditStatus: endpoint({
    method: 'GET',
    path: '/api/audit/status',
    access: 'audit',
    tags: ['audit'],
    summary: 'The latest verify that finished (when, and its answer) and the newest seal',
    response: okResponses(AuditStatusSchema),
  }),
  postAuditSeal: endpoint({
    method: 'POST',
    path: '/api/audit/seal',
    access: 'admin',
    tags: ['audit'],
    summary:
      'Seals every stream\'s head now: the signed Merkle root, appended to the audit-seals stream (docs/event-store.md, "Seals")',
    response: { ...okResponses(SealSchema), 409: ErrorSchema, 501: ErrorSchema },
  }),
  getAuditExport: endpoint({
    method: 'GET',
    path: '/api/audit/export',
    access: 'audit',
    tags: ['audit'],
    summary:
      'Downloads a verifiable export (one JSON file, docs/audit-export.md) of one ticket, one project (its tickets and the ' +
      "project's own stream) or the tickets dated from `from` to `to` (site days, inclusive): every event of their streams " +
      "as stored with its hashes, the latest seal with its public key and each sealed head's Merkle proof, and the " +
      "tickets' printed records; events after the latest seal are marked so. Give exactly one of ticket, project, from and to",
    querystring: Type.Object({
      ticket: Type.Optional(Type.Integer({ minimum: 1, maximum: maxId })),
      project: Type.Optional(Type.Integer({ minimum: 1, maximum: maxId })),
      from: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD, with `to`' })),
      to: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD, with `from`' })),
    }),
    produces: ['application/json'],
    response: { 200: FileDownload, ...errorResponses, 501: ErrorSchema },
  }),
  getAuditSeals: endpoint({
    method: 'GET',
    path: '/api/audit/seals',
    access: 'audit',
    tags: ['audit'],
    summary: 'Every seal, newest first: when, why, the streams and events it covers, its digest and key',
    response: okResponses(Type.Array(SealSchema)),
  }),
  getTicketByIdHistoryLinks: endpoint({
    method: 'GET',
    path: '/api/ticket/:id/history/links',
    access: 'audit',
    tags: ['audit', 'tickets'],
    summary:
      "Each of the ticket's events' link in its stream's hash chain, in the order of GET /api/ticket/{id}/history: " +
      'verified, broken (and why) or after a break',
    params: IdParams,
    response: { ...okResponses(Type.Array(EventLinkSchema)), 501: ErrorSchema },
  }),
};
