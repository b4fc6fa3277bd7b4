import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type DailyCounts, endpoints, jsonObjectWith, ticketPageSizes } from '@portal/contract';
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
import { pageAskedFor, pageOf } from '../list-pages';
import { route } from '../route';
import { ticketHistory } from './history';
import { filterOf } from './ticket-filter';

/** The tickets' queries: what the dashboard, the search, the ticket page and its log read. */
export const ticketQueryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.infra;
  const dailyCounts = cachedDailyCounts(db, config.siteTimezone);

  route(app, endpoints.getTicketDailyCount, async () => dailyCounts());
  const dailyList = (
    declaration: typeof endpoints.getTicketDailyLoaded | typeof endpoints.getTicketDailyReceived,
    list: typeof loadedTicketsToday,
    total: (counts: DailyCounts) => number,
  ) =>
    route(app, declaration, async (request) => {
      const page = pageAskedFor(request.query, ticketPageSizes);
      if (!page) return list(db, config.siteTimezone);
      const [tickets, counts] = await Promise.all([
        list(db, config.siteTimezone, undefined, page),
        dailyCounts(),
      ]);
      return jsonObjectWith({ tickets }, { total: total(counts) });
    });
  dailyList(endpoints.getTicketDailyLoaded, loadedTicketsToday, (counts) => counts.loadedTicketCountForToday);
  dailyList(
    endpoints.getTicketDailyReceived,
    receivedTicketsToday,
    (counts) => counts.receivedTicketCountForToday,
  );

  route(app, endpoints.getTicketLatestActive, async (request) => {
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
  });

  route(app, endpoints.postTicketSearch, async (request) =>
    searchTickets(db, filterOf(request.body, config.siteTimezone)),
  );

  route(app, endpoints.postTicketSearchPage, async (request) =>
    searchTicketsPage(
      db,
      filterOf(request.body, config.siteTimezone),
      pageOf(request.query, ticketPageSizes),
    ),
  );

  route(app, endpoints.postTicketReport, async (request) =>
    reportTickets(db, filterOf(request.body, config.siteTimezone)),
  );

  route(app, endpoints.getTicketLogsById, async (request) => listTicketLog(db, request.params.id));

  route(app, endpoints.getTicketByIdHistory, async (request) => {
    const history = await ticketHistory(app.infra.eventStore, request.params.id);
    if (history.length === 0) throw new DomainError('not_found', ticketMessages.notFound);
    return history;
  });

  route(app, endpoints.getTicketById, async (request) => {
    const ticket = await findTicket(db, request.params.id);
    if (!ticket) throw new DomainError('not_found', ticketMessages.notFound);
    return ticket;
  });
};
