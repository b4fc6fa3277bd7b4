import { endpoints } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { call } from '../../dataProvider/http-client';
import { type DispatchFormValues, toDispatchBody } from './dispatch-form';

/**
 * The Truck Dispatch page's load through the ticket's link (GET /api/ticket/{id}/{hash}/dispatch), and the
 * driver's dispatch, whose answer replaces it. No session: the hash is the authority.
 */
export function useDispatchView(id: string, hash: string) {
  const params = useMemo(() => ({ id: Number(id), hash }), [id, hash]);
  const queryKey = useMemo(() => ['dispatch', id, hash], [id, hash]);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey,
    queryFn: () => call(endpoints.getTicketByIdByHashDispatch, { params }),
    retry: false,
  });

  const dispatch = useCallback(
    async (values: DispatchFormValues) => {
      const view = await call(endpoints.postTicketByIdByHashDispatch, {
        params,
        body: toDispatchBody(values),
      });
      queryClient.setQueryData(queryKey, view);
    },
    [params, queryKey, queryClient],
  );

  /** After a refusal (the ticket was received meanwhile), the page shows what the ticket now is. */
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);

  return { ...query, dispatch, reload };
}
