import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorText } from './api';
import { toast } from './toast-store';

declare module '@tanstack/react-query' {
  interface Register {
    /** errorTitle: the destructive toast's title when the call fails. */
    mutationMeta: { errorTitle?: string; errorDescription?: string };
    queryMeta: { errorTitle?: string };
  }
}

export const USER_QUERY_KEY = ['user'] as const;

/**
 * The one QueryClient, with the admin app's cache defaults (no refetch on focus, no polling, never
 * stale, no retries). UI effects of failures live here, not in the fetch wrapper: a 401 from any
 * admin call means the session ended, so the current user is refetched and the protected route
 * sends the person to /auth; a failing call with an errorTitle shows its toast.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (error instanceof ApiError && error.status === 401) {
          void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
          return;
        }
        if (query.meta?.errorTitle) {
          toast({ title: query.meta.errorTitle, description: errorText(error), variant: 'destructive' });
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (error instanceof ApiError && error.status === 401 && !mutation.meta?.errorTitle) {
          void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
          return;
        }
        if (mutation.meta?.errorTitle) {
          toast({
            title: mutation.meta.errorTitle,
            description: mutation.meta.errorDescription ?? errorText(error),
            variant: 'destructive',
          });
        }
      },
    }),
  });
  return client;
}
