import { QueryClient } from '@tanstack/react-query';

/** Catalogue reads stay fresh for a minute and are kept five minutes after their last use. */
export const CATALOG_STALE_TIME_MS = 60_000;
export const CACHE_TIME_MS = 5 * 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: CATALOG_STALE_TIME_MS, gcTime: CACHE_TIME_MS, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

/** One query client for the whole browser session; the server makes one per render instead. */
export function getBrowserQueryClient(): QueryClient {
  browserQueryClient ??= createQueryClient();
  return browserQueryClient;
}
