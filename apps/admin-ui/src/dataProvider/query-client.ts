import { MutationCache, QueryClient } from '@tanstack/react-query';

/**
 * The UI's one query cache. Every change the server accepts (a save, a delete, a receipt) makes every query
 * stale, so the screens on show refetch and the others load afresh: a company or truck saved on its screen
 * is offered at once by the dashboard's and the scale's dropdowns, which otherwise keep their reference data
 * for a minute, and every list counts again (issue 15, item 7).
 */
export const queryClient: QueryClient = new QueryClient({
  mutationCache: new MutationCache({
    onSuccess: () => queryClient.invalidateQueries(),
  }),
});
