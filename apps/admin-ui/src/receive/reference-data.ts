import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../dataProvider/http-client';
import type { KnownTruck } from './receive-ticket';

/** A haulage company as GET /api/transportcompany/all lists it. */
interface HaulageCompany {
  id: number;
  name: string;
}

/** The haulage companies of the dashboard's filter and the Receive dialog's select. */
export function useHaulageCompanies() {
  return useQuery({
    queryKey: ['dashboard', 'transportCompanies'],
    queryFn: () => apiRequest<HaulageCompany[]>('/api/transportcompany/all'),
    staleTime: 60_000,
  });
}

/** POST /api/truck/all {} lists every truck; a typed plate is matched against them. */
export function useKnownTrucks(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'trucks'],
    queryFn: () => apiRequest<KnownTruck[]>('/api/truck/all', { method: 'POST', body: {} }),
    enabled,
    staleTime: 60_000,
  });
}
