import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type DailyCounts,
  DailyCountsSchema,
  IdParams,
  jsonObjectWith,
  LogEntrySchema,
  okResponses,
  TicketFilterBody,
  TicketHistoryEventSchema,
  TicketList,
  TicketListOrPage,
  TicketPageQuery,
  TicketPageSchema,
  TicketSchema,
  ticketPageSizes,
} from '@portal/contract';
import { DomainError, ticketMessages } from '@portal/domain';
import {
  activeTicketsToday,
  cachedDailyCounts,
  findTicket,
  listTicketLog,
  loadedTicketsToday,
  receivedTicketsToday,
  reportTickets,
  searchTickets,
  searchTicketsPage,
} from '@portal/projections';
import { Type } from '@sinclair/typebox';
import { pageAskedFor, pageOf, pagingDescription } from '../list-pages';
import { adminOnly } from '../plugins/authentication';
import { ticketHistory } from './history';
import { filterOf } from './ticket-filter';

/** The tickets' queries: what the dashboard, the search, the ticket page and its log read. */
export const ticketQueryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.infra;
  const tags = ['tickets'];
  const dailyCounts = cachedDailyCounts(db, config.siteTimezone);

  app.get(
    '/api/ticket/daily/count',
    { schema: { tags, response: okResponses(DailyCountsSchema) } },
    async () => dailyCounts(),
  );
  const dailyList = (
    which: 'loaded' | 'received',
    summary: string,
    list: typeof loadedTicketsToday,
    total: (counts: DailyCounts) => number,
  ) =>
    app.get(
      `/api/ticket/daily/${which}`,
      {
        schema: {
          tags,
          summary,
          description: pagingDescription(ticketPageSizes, 'tickets'),
          querystring: TicketPageQuery,
          response: okResponses(TicketListOrPage),
        },
      },
      async (request) => {
        const page = pageAskedFor(request.query, ticketPageSizes);
        if (!page) return list(db, config.siteTimezone);
        const [tickets, counts] = await Promise.all([
          list(db, config.siteTimezone, undefined, page),
          dailyCounts(),
        ]);
        return jsonObjectWith({ tickets }, { total: total(counts) });
      },
    );
  dailyList(
    'loaded',
    "Today's trucks, Active or Received",
    loadedTicketsToday,
    (counts) => counts.loadedTicketCountForToday,
  );
  dailyList(
    'received',
    "Today's receipts",
    receivedTicketsToday,
    (counts) => counts.receivedTicketCountForToday,
  );

  app.get(
    '/api/ticket/latest/active',
    {
      schema: {
        tags,
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
      },
    },
    async (request) => {
      const page = pageAskedFor(request.query, ticketPageSizes);
      const received = request.query.filter === 'received';
      const [tickets, counts] = await Promise.all([
        received
          ? receivedTicketsToday(db, config.siteTimezone, undefined, page)
          : activeTicketsToday(db, config.siteTimezone, undefined, page),
        dailyCounts(),
      ]);
      if (!page) return jsonObjectWith({ tickets }, counts);
      const total = received ? counts.receivedTicketCountForToday : counts.activeTicketCountForToday;
      return jsonObjectWith({ tickets }, { total, ...counts });
    },
  );

  app.post(
    '/api/ticket/search',
    { schema: { tags, body: TicketFilterBody, response: okResponses(TicketList) } },
    async (request) => searchTickets(db, filterOf(request.body, config.siteTimezone)),
  );

  app.post(
    '/api/ticket/search/page',
    {
      schema: {
        tags,
        summary: 'One page of a search, and how many tickets it matches in all',
        description:
          'The filter of POST /api/ticket/search, which answers at most 1,000 tickets; this pages through ' +
          'every match. `page` (from 1), `perPage` (50, 100, 150 or 200; 50 by default), `sort` and `order` ' +
          'in the query string; newest number first by default.',
        querystring: TicketPageQuery,
        body: TicketFilterBody,
        response: okResponses(TicketPageSchema),
      },
    },
    async (request) =>
      searchTicketsPage(
        db,
        filterOf(request.body, config.siteTimezone),
        pageOf(request.query, ticketPageSizes),
      ),
  );

  app.post(
    '/api/ticket/report',
    { ...adminOnly, schema: { tags, body: TicketFilterBody, response: okResponses(TicketList) } },
    async (request) => reportTickets(db, filterOf(request.body, config.siteTimezone)),
  );

  app.get(
    '/api/ticket/logs/:id',
    { schema: { tags, params: IdParams, response: okResponses(Type.Array(LogEntrySchema)) } },
    async (request) => listTicketLog(db, request.params.id),
  );

  app.get(
    '/api/ticket/:id/history',
    {
      ...adminOnly,
      schema: {
        tags,
        summary: "Auditors: the ticket's events in order, each with the ticket's state as of that event",
        params: IdParams,
        response: okResponses(Type.Array(TicketHistoryEventSchema)),
      },
    },
    async (request) => {
      const history = await ticketHistory(app.infra.eventStore, request.params.id);
      if (history.length === 0) throw new DomainError('not_found', ticketMessages.notFound);
      return history;
    },
  );

  app.get(
    '/api/ticket/:id',
    { schema: { tags, params: IdParams, response: okResponses(TicketSchema) } },
    async (request) => {
      const ticket = await findTicket(db, request.params.id);
      if (!ticket) throw new DomainError('not_found', ticketMessages.notFound);
      return ticket;
    },
  );
};
