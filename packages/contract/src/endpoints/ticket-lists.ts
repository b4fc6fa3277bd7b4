// Lists of tickets: today's on the dashboard, searches and the custom report.
import { Type } from '@sinclair/typebox';
import { okResponses } from '../http';
import { pagingDescription } from '../record-pages';
import {
  DailyCountsSchema,
  TicketFilterBody,
  TicketList,
  TicketListOrPage,
  TicketPageQuery,
  TicketPageSchema,
  ticketPageSizes,
} from '../tickets';
import { endpoint } from './endpoint';

export const ticketListEndpoints = {
  getTicketDailyCount: endpoint({
    method: 'GET',
    path: '/api/ticket/daily/count',
    access: 'user',
    tags: ['tickets'],
    response: okResponses(DailyCountsSchema),
    summary: "Today's counts: loaded, active and received tickets",
  }),
  getTicketLatestActive: endpoint({
    method: 'GET',
    path: '/api/ticket/latest/active',
    access: 'user',
    tags: ['tickets'],
    summary: "Today's Active (loaded, not received) or Received tickets, with the day's counts",
    description: pagingDescription(ticketPageSizes, 'tickets'),
    querystring: Type.Composite([
      Type.Object({
        filter: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('received')])),
      }),
      TicketPageQuery,
    ]),
    response: okResponses(
      Type.Composite([
        Type.Object({ tickets: TicketList, total: Type.Optional(Type.Integer()) }),
        DailyCountsSchema,
      ]),
    ),
  }),
  getTicketDailyLoaded: endpoint({
    method: 'GET',
    path: '/api/ticket/daily/loaded',
    access: 'user',
    keyScope: 'read-tickets',
    tags: ['tickets'],
    summary: "Today's trucks, Active or Received",
    description: pagingDescription(ticketPageSizes, 'tickets'),
    querystring: TicketPageQuery,
    response: okResponses(TicketListOrPage),
  }),
  getTicketDailyReceived: endpoint({
    method: 'GET',
    path: '/api/ticket/daily/received',
    access: 'user',
    keyScope: 'read-tickets',
    tags: ['tickets'],
    summary: "Today's receipts",
    description: pagingDescription(ticketPageSizes, 'tickets'),
    querystring: TicketPageQuery,
    response: okResponses(TicketListOrPage),
  }),
  postTicketSearch: endpoint({
    method: 'POST',
    path: '/api/ticket/search',
    access: 'user',
    tags: ['tickets'],
    body: TicketFilterBody,
    response: okResponses(TicketList),
    summary: 'The tickets the filter matches',
  }),
  postTicketSearchPage: endpoint({
    method: 'POST',
    path: '/api/ticket/search/page',
    access: 'user',
    keyScope: 'read-tickets',
    tags: ['tickets'],
    summary: 'One page of a search, and how many tickets it matches in all',
    description:
      'The filter of POST /api/ticket/search, which answers at most 1,000 tickets; this pages through ' +
      'every match. `page` (from 1), `perPage` (50, 100, 150 or 200; 50 by default), `sort` and `order` ' +
      'in the query string; newest number first by default.',
    querystring: TicketPageQuery,
    body: TicketFilterBody,
    response: okResponses(TicketPageSchema),
  }),
  postTicketReport: endpoint({
    method: 'POST',
    path: '/api/ticket/report',
    access: 'admin',
    tags: ['tickets'],
    body: TicketFilterBody,
    response: okResponses(TicketList),
    summary: 'The custom report of the tickets the filter matches',
  }),
};
