import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { CACHE_TIME_MS, createQueryClient } from './query-client';

afterEach(() => {
  vi.useRealTimers();
});

/** What a component's useQuery does during a server render: an observer reads the query once and is never mounted. */
function renderOnce(forServer: boolean) {
  const client = createQueryClient({ forServer });
  const observer = new QueryObserver(client, { queryKey: ['catalog', 'product', 'ember-one'], queryFn: async () => ({ sku: 'EMBER-ONE' }), enabled: false });
  observer.getOptimisticResult(client.defaultQueryOptions(observer.options));
  return client;
}

describe('the query client', () => {
  it('of a server render schedules no timer that would keep its cache after the response', () => {
    vi.useFakeTimers();
    const client = renderOnce(true);
    expect(client.getQueryCache().getAll()).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('of the browser drops an unused query after five minutes', () => {
    vi.useFakeTimers();
    const client = renderOnce(false);
    expect(client.getQueryCache().getAll()).toHaveLength(1);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    vi.advanceTimersByTime(CACHE_TIME_MS + 1);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
