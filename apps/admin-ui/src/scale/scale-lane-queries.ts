import type { LiveScale, ScaleAlert } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../dataProvider/http-client';
import { scaleRefreshMs } from './scale-weights';

/** How often a signed-in user's console asks whether a scale is out (or back). */
const scaleAlertPollMs = 5000;

/** GET /api/scale/live: every scale at once, every second while the Scale page shows its lanes. */
export function useScaleLanes(enabled: boolean) {
  return useQuery({
    queryKey: ['scale', 'lanes'],
    queryFn: () => apiRequest<LiveScale[]>('/api/scale/live'),
    enabled,
    refetchInterval: scaleRefreshMs,
    refetchIntervalInBackground: false,
  });
}

/** GET /api/scale/alerts: the scales out for longer than the alert threshold, and those back lately. */
export function useScaleAlerts() {
  return useQuery({
    queryKey: ['scale', 'alerts'],
    queryFn: () => apiRequest<ScaleAlert[]>('/api/scale/alerts'),
    refetchInterval: scaleAlertPollMs,
  });
}
