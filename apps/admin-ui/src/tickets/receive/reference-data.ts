import { endpoints } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../dataProvider/http-client';

/** The haulage companies of the dashboard's filter and the Receive dialog's select. */
export function useHaulageCompanies() {
  return useQuery({
    queryKey: ['dashboard', 'transportCompanies'],
    queryFn: () => call(endpoints.getTransportcompanyAll, {}),
    staleTime: 60_000,
  });
}

/** Every truck: without a page asked for, POST /api/truck/all answers the whole list. */
export async function allTrucks() {
  const answer = await call(endpoints.postTruckAll, { body: {} });
  return Array.isArray(answer) ? answer : answer.trucks;
}

/** POST /api/truck/all {} lists every truck; a typed plate is matched against them. */
export function useKnownTrucks(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'trucks'],
    queryFn: allTrucks,
    enabled,
    staleTime: 60_000,
  });
}
