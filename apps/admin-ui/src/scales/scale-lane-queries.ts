import { endpoints } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../dataProvider/http-client';
import { scaleRefreshMs } from './scale-weights';

/** How often a signed-in user's console asks whether a scale is out (or back). */
const scaleAlertPollMs = 5000;

/** GET /api/scale/live: every scale at once, every second while the Scale page shows its lanes. */
export function useScaleLanes(enabled: boolean) {
  return useQuery({
    queryKey: ['scale', 'lanes'],
    queryFn: () => call(endpoints.getScaleLive, {}),
    enabled,
    refetchInterval: scaleRefreshMs,
    refetchIntervalInBackground: false,
  });
}

/** GET /api/scale/alerts: the scales out for longer than the alert threshold, and those back lately. */
export function useScaleAlerts() {
  return useQuery({
    queryKey: ['scale', 'alerts'],
    queryFn: () => call(endpoints.getScaleAlerts, {}),
    refetchInterval: scaleAlertPollMs,
  });
}
