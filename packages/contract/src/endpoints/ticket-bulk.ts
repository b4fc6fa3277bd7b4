// Bulk runs over ranges of ticket numbers: generate, receive, update and clear, each with its check
// (which changes nothing).
import { Nullable } from '@portal/domain';
import { Type } from '@sinclair/typebox';
import { LooseRecord, okResponses } from '../http';
import { PreferHeaders, runResponses, runRouteDescription } from '../runs';
import {
  BulkCheckSchema,
  BulkReceiveAnswerSchema,
  BulkReceiveBody,
  BulkReceiveCheckSchema,
  GenerateAnswerSchema,
  TicketList,
} from '../tickets';
import { endpoint } from './endpoint';

export const ticketBulkEndpoints = {
  postTicketGenerate: endpoint({
    method: 'POST',
    path: '/api/ticket/generate',
    access: 'admin',
    tags: ['tickets'],
    summary:
      'Generates ticket numbers [from, to] (at most 2000) in chunks of 1000; existing numbers are reported, never duplicated',
    description: runRouteDescription(
      "the spec's `{success, tickets, error}`: the numbers generated, and the existing ones named in `error`; a search right after it finds them",
    ),
    headers: PreferHeaders,
    body: Type.Object({
      from: Type.Optional(Type.Unknown()),
      to: Type.Optional(Type.Unknown()),
      isSoilFLOTicket: Type.Optional(Type.Boolean()),
      email: Type.Optional(Nullable(Type.String())),
    }),
    response: runResponses(GenerateAnswerSchema),
  }),
  postTicketBulkReceiveCheck: endpoint({
    method: 'POST',
    path: '/api/ticket/bulk/receive/check',
    access: 'admin',
    tags: ['tickets', 'bulk'],
    summary:
      'What a bulk receive of the entry would take, by ticket number: loaded, never loaded, already received, missing; changes nothing',
    body: BulkReceiveBody,
    response: okResponses(BulkReceiveCheckSchema),
  }),
  postTicketBulkReceive: endpoint({
    method: 'POST',
    path: '/api/ticket/bulk/receive',
    access: 'admin',
    tags: ['tickets', 'bulk'],
    summary:
      'Receives every ticket of each range of the entry under the current prefix (dashboard receipts), one chunk and chip per range. Tickets already received are reported, never received twice',
    body: BulkReceiveBody,
    description: runRouteDescription(
      "the spec's `{success, fail, results}`: ranges received, ranges failed, and each range's chip `{key, value, message?}`",
    ),
    headers: PreferHeaders,
    response: runResponses(BulkReceiveAnswerSchema),
  }),
  postTicketBulkCheck: endpoint({
    method: 'POST',
    path: '/api/ticket/bulk/check',
    access: 'admin',
    tags: ['tickets', 'bulk'],
    summary: 'What a bulk update of [from, to] would change, and its conflicts; changes nothing',
    body: LooseRecord,
    response: okResponses(BulkCheckSchema),
  }),
  postTicketBulk: endpoint({
    method: 'POST',
    path: '/api/ticket/bulk',
    access: 'admin',
    tags: ['tickets', 'bulk'],
    summary:
      'Bulk-updates [from, to] in chunks of 100 (received tickets are skipped; forceUpdate overwrites conflicts)',
    description: `${runRouteDescription('the tickets it updated (Ticket[], in number order; received and conflicting tickets it skipped are not among them)')} A run with a failed chunk answers 500 with its Location.`,
    headers: PreferHeaders,
    body: LooseRecord,
    response: runResponses(TicketList),
  }),
  postTicketBulkClearCheck: endpoint({
    method: 'POST',
    path: '/api/ticket/bulk/clear/check',
    access: 'admin',
    tags: ['tickets', 'bulk'],
    summary: 'What a bulk clear of [from, to] would change; changes nothing',
    body: LooseRecord,
    response: okResponses(BulkCheckSchema),
  }),
  postTicketBulkClear: endpoint({
    method: 'POST',
    path: '/api/ticket/bulk/clear',
    access: 'admin',
    tags: ['tickets', 'bulk'],
    summary: 'Empties the chosen fields of [from, to] in chunks of 100 (received tickets are skipped)',
    description: `${runRouteDescription('the tickets it cleared (Ticket[], in number order, as bulk update answers: the spec gives no shape; received tickets are not among them)')} A run with a failed chunk answers 500 with its Location.`,
    headers: PreferHeaders,
    body: LooseRecord,
    response: runResponses(TicketList),
  }),
};
