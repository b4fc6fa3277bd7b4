// One ticket: read, edit, restore, delete, its log and history, and its dispatch lock.
import { Type } from '@sinclair/typebox';
import { errorResponses, IdParams, maxId, okResponses } from '../http';
import {
  LogEntrySchema,
  SameTruckDispatchesSchema,
  TicketEnvelope,
  TicketHistoryEventSchema,
  TicketSchema,
} from '../tickets';
import { endpoint } from './endpoint';

export const ticketsEndpoints = {
  getTicketByIdSameTruck: endpoint({
    method: 'GET',
    path: '/api/ticket/:id/same-truck',
    access: 'user',
    tags: ['tickets'],
    summary: "The other open tickets (dispatched, neither received nor rejected) of this ticket's truck",
    description:
      'Issue 34 (D21): one truck carries one load at a time, so another open dispatch of the same truck (by its record or its plate) is a warning the ticket page shows; nothing is refused. Empty when the ticket is not an open dispatch.',
    params: IdParams,
    response: okResponses(SameTruckDispatchesSchema),
  }),
  postTicketRestore: endpoint({
    method: 'POST',
    path: '/api/ticket/restore',
    access: 'admin',
    tags: ['tickets'],
    summary: "Re-saves a log entry's data as a new event",
    body: Type.Object({ logEntryId: Type.Integer({ minimum: 1, maximum: maxId }) }),
    response: okResponses(TicketSchema),
  }),
  putTicketToggleDispatch: endpoint({
    method: 'PUT',
    path: '/api/ticket/toggle/dispatch',
    access: 'user',
    tags: ['tickets'],
    body: TicketEnvelope,
    response: okResponses(TicketSchema),
    summary: 'Locks or unlocks dispatch for today',
  }),
  getTicketLogsById: endpoint({
    method: 'GET',
    path: '/api/ticket/logs/:id',
    access: 'reader',
    tags: ['tickets'],
    params: IdParams,
    response: okResponses(Type.Array(LogEntrySchema)),
    summary: "A ticket's change log",
  }),
  getTicketByIdHistory: endpoint({
    method: 'GET',
    path: '/api/ticket/:id/history',
    access: 'audit',
    tags: ['tickets'],
    summary: "Auditors: the ticket's events in order, each with the ticket's state as of that event",
    params: IdParams,
    response: okResponses(Type.Array(TicketHistoryEventSchema)),
  }),
  getTicketById: endpoint({
    method: 'GET',
    path: '/api/ticket/:id',
    access: 'reader',
    keyScope: 'read-tickets',
    tags: ['tickets'],
    params: IdParams,
    response: okResponses(TicketSchema),
    summary: 'One ticket',
  }),
  deleteTicketById: endpoint({
    method: 'DELETE',
    path: '/api/ticket/:id',
    access: 'admin',
    tags: ['tickets'],
    params: IdParams,
    response: { 204: Type.Null(), ...errorResponses },
    summary: 'Deletes a ticket',
  }),
  putTicketEdit: endpoint({
    method: 'PUT',
    path: '/api/ticket/edit',
    access: 'user',
    tags: ['tickets'],
    summary:
      "Saves the ticket page's full form (`ticket.isReceived: true` receives it); standard users save unreceived tickets",
    body: TicketEnvelope,
    response: okResponses(TicketSchema),
  }),
  putTicketEditShort: endpoint({
    method: 'PUT',
    path: '/api/ticket/edit/short',
    access: 'user',
    tags: ['tickets'],
    summary:
      "Saves the dashboard's short form (`ticket.isReceived: true` receives it); standard users save unreceived tickets",
    body: TicketEnvelope,
    response: okResponses(TicketSchema),
  }),
};
