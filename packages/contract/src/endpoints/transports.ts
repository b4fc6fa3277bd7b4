import { Type } from '@sinclair/typebox';
import { errorResponses, FileDownload, xlsxContentType } from '../http';
import { pagingDescription, recordPageSizes, TruckPageQuery, TruckPageSchema } from '../record-pages';
import {
  TransportCompanyDetailsSchema,
  TransportCompanyListItemSchema,
  TransportCompanySchema,
  TransportContactSchema,
  TransportEnvelope,
  TruckSchema,
} from '../transports';
import { catalogueEndpoints } from './catalogue';
import { endpoint } from './endpoint';

export const transportsEndpoints = {
  getTransportcompanyAll: endpoint({
    method: 'GET',
    path: '/api/transportcompany/all',
    access: 'user',
    tags: ['transports'],
    response: { 200: Type.Array(TransportCompanyListItemSchema), ...errorResponses },
    summary: 'Every transport company, with its truck count',
  }),
  getTransportcompanyExport: endpoint({
    method: 'GET',
    path: '/api/transportcompany/export',
    access: 'admin',
    tags: ['transports'],
    summary:
      "Every truck by company as transport-company-export-{date}.xlsx, with totals per company and overall; tares in the site's unit (settings' displayUnit), a unit other than KG named in the header: 'tareWeight (lb)'",
    produces: [xlsxContentType],
    response: { 200: FileDownload, ...errorResponses },
  }),
  postTransportcontactAll: endpoint({
    method: 'POST',
    path: '/api/transportcontact/all',
    access: 'user',
    tags: ['transports'],
    body: TransportEnvelope,
    response: { 200: Type.Array(TransportContactSchema), ...errorResponses },
    summary: 'The contacts of one transport company',
  }),
  postTruckAll: endpoint({
    method: 'POST',
    path: '/api/truck/all',
    access: 'user',
    tags: ['trucks'],
    description: pagingDescription(recordPageSizes, 'records'),
    body: TransportEnvelope,
    querystring: TruckPageQuery,
    response: { 200: Type.Union([Type.Array(TruckSchema), TruckPageSchema]), ...errorResponses },
    summary: 'The trucks (of one transport company, when named)',
  }),
  putTruckTare: endpoint({
    method: 'PUT',
    path: '/api/truck/tare',
    access: 'user',
    tags: ['trucks'],
    summary: "Sets a truck's tare weight (KG)",
    body: TransportEnvelope,
    response: { 200: TruckSchema, ...errorResponses },
  }),
  postTruckMove: endpoint({
    method: 'POST',
    path: '/api/truck/move',
    access: 'admin',
    tags: ['trucks'],
    summary: 'Moves every truck of one transport company to another, all at once',
    body: Type.Object({
      fromTransportCompanyId: Type.Optional(Type.Unknown()),
      toTransportCompanyId: Type.Optional(Type.Unknown()),
    }),
    response: { 200: Type.Object({ moved: Type.Integer() }), ...errorResponses },
  }),
};

export const transportCompanyCatalogue = catalogueEndpoints({
  tag: 'transports',
  noun: 'transport company',
  paths: {
    read: '/api/transportcompany/:id',
    create: '/api/transportcompany/new',
    edit: '/api/transportcompany/edit',
    remove: '/api/transportcompany/:id',
  },
  response: TransportCompanySchema,
  details: {
    response: TransportCompanyDetailsSchema,
    description:
      'The company with its contacts and trucks. /all, /new and /edit answer the company without them: {id, name, version}, and /all adds truckCount.',
  },
});

export const transportContactCatalogue = catalogueEndpoints({
  tag: 'transports',
  noun: 'transport contact',
  paths: {
    read: '/api/transportcontact/:id',
    create: '/api/transportcontact/new',
    edit: '/api/transportcontact/edit',
    remove: '/api/transportcontact/:id',
  },
  response: TransportContactSchema,
  body: TransportEnvelope,
});

export const truckCatalogue = catalogueEndpoints({
  tag: 'trucks',
  noun: 'truck',
  paths: {
    read: '/api/truck/:id',
    create: '/api/truck/new',
    edit: '/api/truck/edit',
    remove: '/api/truck/:id',
  },
  response: TruckSchema,
  body: TransportEnvelope,
});
