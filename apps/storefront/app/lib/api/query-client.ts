import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isAccountApiError } from './account.api';

/** Catalogue reads stay fresh for a minute and are kept five minutes after their last use. */
export const CATALOG_STALE_TIME_MS = 60_000;
export const CACHE_TIME_MS = 5 * 60_000;

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // An account read refused for want of a session means the session ended on the server
      // (expired, or a password change elsewhere): the browser stops believing it is signed in.
      onError: (error, query) => {
        if (query.queryKey[0] === 'account' && query.queryKey[1] !== 'session' && isAccountApiError(error, 'UNAUTHORISED')) {
          client.setQueryData(['account', 'session'], null);
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: CATALOG_STALE_TIME_MS,
        gcTime: CACHE_TIME_MS,
        // Refusals (4xx) are answers, not glitches: only failures without an answer are retried.
        retry: (failures, error) => failures < 1 && (!isAccountApiError(error) || error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}

let browserQueryClient: QueryClient | undefined;

/** One query client for the whole browser session; the server makes one per render instead. */
export function getBrowserQueryClient(): QueryClient {
  browserQueryClient ??= createQueryClient();
  return browserQueryClient;
}
