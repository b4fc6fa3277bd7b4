import type { DispatchView } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { apiRequest } from '../dataProvider/http-client';
import { type DispatchFormValues, toDispatchBody } from './dispatch-form';

/**
 * The Truck Dispatch page's load through the ticket's link (GET /api/ticket/{id}/{hash}/dispatch), and the
 * driver's dispatch, whose answer replaces it. No session: the hash is the authority.
 */
export function useDispatchView(id: string, hash: string) {
  const path = `/api/ticket/${encodeURIComponent(id)}/${encodeURIComponent(hash)}/dispatch`;
  const queryKey = useMemo(() => ['dispatch', id, hash], [id, hash]);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey, queryFn: () => apiRequest<DispatchView>(path), retry: false });

  const dispatch = useCallback(
    async (values: DispatchFormValues) => {
      const view = await apiRequest<DispatchView>(path, { method: 'POST', body: toDispatchBody(values) });
      queryClient.setQueryData(queryKey, view);
    },
    [path, queryKey, queryClient],
  );

  /** After a refusal (the ticket was received meanwhile), the page shows what the ticket now is. */
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);

  return { ...query, dispatch, reload };
}
