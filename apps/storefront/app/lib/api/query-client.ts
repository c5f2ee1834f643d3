import { QueryClient } from './query';
import { isAccountApiError } from './account.api';

/** Catalogue reads stay fresh for a minute and are kept five minutes after their last use. */
export const CATALOG_STALE_TIME_MS = 60_000;
export const CACHE_TIME_MS = 5 * 60_000;

/**
 * A query client. The browser's (`forServer` false) drops a query five minutes after its last use.
 * A server render's client lives as long as its request: with `gcTime` Infinity no query schedules
 * a timer, so nothing holds the render's cache once the response is sent. A five-minute timer per
 * query kept every render's cache, and through it the client, for five minutes: at 200 pages/s,
 * some 60,000 renders' worth of memory.
 */
export function createQueryClient(opts: { forServer?: boolean } = {}): QueryClient {
  const client: QueryClient = new QueryClient({
    // An account read refused for want of a session means the session ended on the server
    // (expired, or a password change elsewhere): the browser stops believing it is signed in.
    onError: (error, query) => {
      if (query.queryKey[0] === 'account' && query.queryKey[1] !== 'session' && isAccountApiError(error, 'UNAUTHORISED')) {
        client.setQueryData(['account', 'session'], null);
      }
    },
    staleTime: CATALOG_STALE_TIME_MS,
    gcTime: opts.forServer ? Infinity : CACHE_TIME_MS,
    // Refusals (4xx) are answers, not glitches: only failures without an answer are retried.
    retry: (failures, error) => failures < 1 && (!isAccountApiError(error) || error.status === 0 || error.status >= 500),
  });
  return client;
}

let browserQueryClient: QueryClient | undefined;

/** One query client for the whole browser session; the server makes one per render instead. */
export function getBrowserQueryClient(): QueryClient {
  browserQueryClient ??= createQueryClient();
  return browserQueryClient;
}
