import { Nullable } from '@portal/domain';
import { Type } from '@sinclair/typebox';
import { errorResponses, IdParams, okResponses } from '../http';
import { ProjectEnvelope, ProjectLogEntrySchema, ProjectSchema } from '../projects';
import { ProjectPageQuery, ProjectPageSchema, pagingDescription, recordPageSizes } from '../record-pages';
import { TicketFilterBody, TicketList, TicketSchema } from '../tickets';
import { catalogueEndpoints } from './catalogue';
import { endpoint } from './endpoint';

const tags = ['projects'];
const list = {
  description: pagingDescription(recordPageSizes, 'records'),
  querystring: ProjectPageQuery,
  response: { 200: Type.Union([Type.Array(ProjectSchema), ProjectPageSchema]), ...errorResponses },
};

export const projectsEndpoints = {
  postProjectByIdTickets: endpoint({
    method: 'POST',
    path: '/api/project/:id/tickets',
    access: 'user',
    tags,
    params: IdParams,
    body: TicketFilterBody,
    response: okResponses(TicketList),
    summary: 'The tickets of one project',
  }),
  getProjectByIdTicket: endpoint({
    method: 'GET',
    path: '/api/project/:id/ticket',
    access: 'user',
    tags,
    summary: "A project ticket's haulage record: the ticket, its truck and the settings",
    params: IdParams,
    response: okResponses(
      Type.Object({
        ticket: TicketSchema,
        truck: Nullable(Type.Record(Type.String(), Type.Unknown())),
        setting: Type.Record(Type.String(), Type.Unknown()),
      }),
    ),
  }),
  getProjectAll: endpoint({
    method: 'GET',
    path: '/api/project/all',
    access: 'user',
    tags: ['projects'],
    ...list,
    summary: 'Every project (or one page of them)',
  }),
  getProjectContractorById: endpoint({
    method: 'GET',
    path: '/api/project/contractor/:id',
    access: 'user',
    tags: ['projects'],
    params: IdParams,
    ...list,
    summary: 'The projects of one contractor company',
  }),
  getProjectLogsById: endpoint({
    method: 'GET',
    path: '/api/project/logs/:id',
    access: 'admin',
    tags: ['projects'],
    params: IdParams,
    response: { 200: Type.Array(ProjectLogEntrySchema), ...errorResponses },
    summary: "A project's change log",
  }),
};

export const projectCatalogue = catalogueEndpoints({
  tag: 'projects',
  noun: 'project',
  paths: {
    read: '/api/project/:id',
    create: '/api/project/new',
    edit: '/api/project/edit',
    remove: '/api/project/:id',
  },
  response: ProjectSchema,
  body: ProjectEnvelope,
});
