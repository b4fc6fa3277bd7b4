import { endpoints } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../dataProvider/http-client';
import { allTrucks } from '../tickets/receive/reference-data';
import { scaleRefreshMs } from './scale-weights';

const SCALE_KEY = 'scale';

export function useScales() {
  return useQuery({ queryKey: [SCALE_KEY, 'all'], queryFn: () => call(endpoints.getScaleAll, {}) });
}

/** GET /api/scale/{id}: every second while weighing; stops when the page is left. */
export function useLiveScale(scaleId: number | null, weighing: boolean) {
  return useQuery({
    queryKey: [SCALE_KEY, 'live', scaleId],
    queryFn: () => call(endpoints.scaleCatalogue.read, { params: { id: scaleId ?? 0 } }),
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
    queryFn: async () => (await call(endpoints.getTicketLatestActive, { query: { filter } })).tickets,
  });
}

export function useMaterials() {
  return useQuery({
    queryKey: [SCALE_KEY, 'materials'],
    queryFn: () => call(endpoints.getScaleMaterialAll, {}),
    staleTime: 60_000,
  });
}

export function useTrucks() {
  return useQuery({
    queryKey: [SCALE_KEY, 'trucks'],
    queryFn: allTrucks,
  });
}

export const startWeighing = (scaleId: number) => call(endpoints.postScaleWeighStart, { body: { scaleId } });
export const stopWeighing = (scaleId: number) => call(endpoints.postScaleWeighStop, { body: { scaleId } });
