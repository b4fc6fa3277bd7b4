import { endpoints } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../dataProvider/http-client';
import type { LatestTickets, TicketPaging, TodayFilter } from './dashboard-ticket';
import type { TicketSearchBody } from './ticket-search';

/** Every dashboard query starts with this key, so one invalidation refreshes the lists and the metrics. */
const DASHBOARD_KEY = 'dashboard';

/**
 * How often the lists and counts on screen load again by themselves (issue 34, item 7), so a dispatch from a
 * driver's phone, a weigh-in or another office's receipt shows without Refresh. Polling, not server-sent
 * events: it is the same GET the page already makes (one indexed page, a few milliseconds), it needs no
 * long-lived connection through proxies nor a token in a URL, and react-query stops it while the tab is
 * hidden (`refetchIntervalInBackground` stays false).
 */
const dashboardRefreshInterval = 5_000;

/** GET /api/ticket/latest/active?filter=&page=: a page of today's Active or Received tickets, with the day's counts. */
export const latestTicketsQuery = (filter: TodayFilter, paging: TicketPaging) =>
  queryOptions({
    queryKey: [DASHBOARD_KEY, 'latest', filter, paging],
    // With a page asked for, the answer is that page, its total and the day's counts.
    queryFn: async () =>
      (await call(endpoints.getTicketLatestActive, { query: { filter, ...paging } })) as LatestTickets,
    // A failure shows at once, with a Retry, instead of after three silent retries (about 9 s of skeletons).
    retry: false,
    // The Active list asked for as the dashboard's route renders (App.tsx) is not asked again as the list
    // mounts a moment later; a receipt or the Refresh link invalidates it anyway.
    staleTime: 2_000,
  });

export function useLatestTickets(filter: TodayFilter, paging: TicketPaging) {
  return useQuery({
    ...latestTicketsQuery(filter, paging),
    // Switching lists or pages keeps the counts and the rows on screen while the next ones load.
    placeholderData: keepPreviousData,
    refetchInterval: dashboardRefreshInterval,
  });
}

/** POST /api/ticket/search/page: a page of a search and its total, only while a search is on. */
export function useTicketSearch(body: TicketSearchBody | null, paging: TicketPaging) {
  return useQuery({
    queryKey: [DASHBOARD_KEY, 'search', body, paging],
    queryFn: () => call(endpoints.postTicketSearchPage, { query: paging, body: body ?? {} }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    refetchInterval: dashboardRefreshInterval,
    retry: false,
  });
}

/** Refetches what the dashboard shows: after a receipt, a dispatch toggle or the Refresh link. */
export function useRefreshDashboard() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: [DASHBOARD_KEY] }), [queryClient]);
}

/** GET /api/contractorcompany/all lists the companies under `contractorCompanies`. */
export function useContractorCompanies() {
  return useQuery({
    queryKey: [DASHBOARD_KEY, 'contractorCompanies'],
    queryFn: async () => (await call(endpoints.getContractorcompanyAll, {})).contractorCompanies,
    staleTime: 60_000,
  });
}
