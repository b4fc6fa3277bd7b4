import { Type } from '@sinclair/typebox';
import { ErrorSchema, errorResponses, IdParams, LooseRecord, okResponses } from '../http';
import {
  LegalHoldSchema,
  RetentionPolicySchema,
  RetentionRunResultSchema,
  RetentionStatusSchema,
} from '../retention';
import { PreferHeaders, runResponses, runRouteDescription } from '../runs';
import { endpoint } from './endpoint';

/** Records retention and legal holds (docs/retention.md). */
export const retentionEndpoints = {
  getRetentionPolicy: endpoint({
    method: 'GET',
    path: '/api/retention/policy',
    access: 'audit',
    tags: ['audit'],
    summary: "How long tickets' personal data is kept; null years: kept, nothing is removed (the default)",
    response: okResponses(RetentionPolicySchema),
  }),
  putRetentionPolicy: endpoint({
    method: 'PUT',
    path: '/api/retention/policy',
    access: 'admin',
    tags: ['audit'],
    summary: "Sets how many whole years after a ticket's date its personal data is kept (null: kept)",
    body: LooseRecord,
    response: okResponses(RetentionPolicySchema),
  }),
  getRetentionStatus: endpoint({
    method: 'GET',
    path: '/api/retention/status',
    access: 'audit',
    tags: ['audit'],
    summary:
      'What a retention run would do now: the cut-off date, the tickets due and those a legal hold keeps',
    response: okResponses(RetentionStatusSchema),
  }),
  postRetentionRun: endpoint({
    method: 'POST',
    path: '/api/retention/run',
    access: 'admin',
    tags: ['audit'],
    summary:
      "Removes the personal data of every ticket past the period and not on hold, now (the workers also do it hourly): each ticket's events are rewritten with a PersonalDataRedacted event that vouches for them, so the chains still verify; and deletes the mails the outbox kept before the cut-off. " +
      runRouteDescription('how many tickets and events were redacted, and outbox mails deleted'),
    headers: PreferHeaders,
    response: { ...runResponses(RetentionRunResultSchema), 409: ErrorSchema, 501: ErrorSchema },
  }),
  getLegalHoldAll: endpoint({
    method: 'GET',
    path: '/api/legal-hold/all',
    access: 'audit',
    tags: ['audit'],
    summary: 'The legal holds standing, newest first',
    response: okResponses(Type.Array(LegalHoldSchema)),
  }),
  postLegalHoldNew: endpoint({
    method: 'POST',
    path: '/api/legal-hold/new',
    access: 'admin',
    tags: ['audit'],
    summary:
      'Places a legal hold on a project, a contractor or a range of ticket ids (exactly one), with its reason: retention removes nothing they cover while it stands',
    body: LooseRecord,
    response: okResponses(LegalHoldSchema),
  }),
  deleteLegalHoldById: endpoint({
    method: 'DELETE',
    path: '/api/legal-hold/:id',
    access: 'admin',
    tags: ['audit'],
    summary: 'Releases a legal hold: its tickets fall under the retention period again',
    params: IdParams,
    response: { 204: Type.Null(), ...errorResponses },
  }),
};
