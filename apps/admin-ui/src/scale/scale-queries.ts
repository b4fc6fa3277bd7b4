import type { LiveScale, Scale, Ticket, Truck } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../dataProvider/http-client';
import { scaleRefreshMs } from './scale-weights';

const SCALE_KEY = 'scale';

export function useScales() {
  return useQuery({ queryKey: [SCALE_KEY, 'all'], queryFn: () => apiRequest<Scale[]>('/api/scale/all') });
}

/** GET /api/scale/{id}: every second while weighing; stops when the page is left. */
export function useLiveScale(scaleId: number | null, weighing: boolean) {
  return useQuery({
    queryKey: [SCALE_KEY, 'live', scaleId],
    queryFn: () => apiRequest<LiveScale>(`/api/scale/${scaleId}`),
    // Read only while weighing: before Start, the page shows no reading (it may be long gone).
    enabled: scaleId !== null && weighing,
    refetchInterval: scaleRefreshMs,
    refetchIntervalInBackground: false,
  });
}

/** Today's tickets: loaded ones to weigh in, and received ones a tare may update. */
export function useTodaysTickets(filter: 'active' | 'received') {
  return useQuery({
    queryKey: [SCALE_KEY, 'tickets', filter],
    queryFn: async () =>
      (await apiRequest<{ tickets: Ticket[] }>(`/api/ticket/latest/active?filter=${filter}`)).tickets,
  });
}

export function useMaterials() {
  return useQuery({
    queryKey: [SCALE_KEY, 'materials'],
    queryFn: () => apiRequest<{ id: number; name: string }[]>('/api/scale/material/all'),
    staleTime: 60_000,
  });
}

export function useTrucks() {
  return useQuery({
    queryKey: [SCALE_KEY, 'trucks'],
    queryFn: () => apiRequest<Truck[]>('/api/truck/all', { method: 'POST', body: {} }),
  });
}

export const startWeighing = (scaleId: number) =>
  apiRequest<LiveScale>('/api/scale/weigh/start', { method: 'POST', body: { scaleId } });
export const stopWeighing = (scaleId: number) =>
  apiRequest<LiveScale>('/api/scale/weigh/stop', { method: 'POST', body: { scaleId } });
