import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../dataProvider/http-client';
import type { LatestTickets, TicketRow, TodayFilter } from './dashboard-ticket';
import type { TicketSearchBody } from './ticket-search';

/** Every dashboard query starts with this key, so one invalidation refreshes the lists and the metrics. */
const DASHBOARD_KEY = 'dashboard';

/** GET /api/ticket/latest/active?filter=: today's Active or Received tickets, with the day's counts. */
export const latestTicketsQuery = (filter: TodayFilter) =>
  queryOptions({
    queryKey: [DASHBOARD_KEY, 'latest', filter],
    queryFn: () => apiRequest<LatestTickets>(`/api/ticket/latest/active?filter=${filter}`),
    // A failure shows at once, with a Retry, instead of after three silent retries (about 9 s of skeletons).
    retry: false,
    // The Active list asked for as the dashboard's route renders (App.tsx) is not asked again as the list
    // mounts a moment later; a receipt or the Refresh link invalidates it anyway.
    staleTime: 2_000,
  });

export function useLatestTickets(filter: TodayFilter) {
  return useQuery({
    ...latestTicketsQuery(filter),
    // Switching between Active and Received keeps the counts on screen while the other list loads.
    placeholderData: keepPreviousData,
  });
}

/** POST /api/ticket/search, only while a search is on. */
export function useTicketSearch(body: TicketSearchBody | null) {
  return useQuery({
    queryKey: [DASHBOARD_KEY, 'search', body],
    queryFn: () => apiRequest<TicketRow[]>('/api/ticket/search', { method: 'POST', body }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Refetches what the dashboard shows: after a receipt, a dispatch toggle or the Refresh link. */
export function useRefreshDashboard() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: [DASHBOARD_KEY] }), [queryClient]);
}

interface NamedRecord {
  id: number;
  name: string;
}

/** GET /api/contractorcompany/all lists the companies under `contractorCompanies`. */
export function useContractorCompanies() {
  return useQuery({
    queryKey: [DASHBOARD_KEY, 'contractorCompanies'],
    queryFn: async () =>
      (await apiRequest<{ contractorCompanies: NamedRecord[] }>('/api/contractorcompany/all'))
        .contractorCompanies,
    staleTime: 60_000,
  });
}
