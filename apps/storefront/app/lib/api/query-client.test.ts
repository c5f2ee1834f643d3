import { afterEach, describe, expect, it, vi } from 'vitest';
import { CACHE_TIME_MS, createQueryClient } from './query-client';

afterEach(() => {
  vi.useRealTimers();
});

/** What a component's useQuery does during a server render: the query is made and read once, never shown. */
function renderOnce(forServer: boolean) {
  const client = createQueryClient({ forServer });
  client.build({ queryKey: ['catalog', 'product', 'ember-one'], queryFn: async () => ({ sku: 'EMBER-ONE' }) });
  return client;
}

describe('the query client', () => {
  it('of a server render schedules no timer that would keep its cache after the response', () => {
    vi.useFakeTimers();
    const client = renderOnce(true);
    expect(client.size).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('of the browser drops an unused query after five minutes', () => {
    vi.useFakeTimers();
    const client = renderOnce(false);
    expect(client.size).toBe(1);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    vi.advanceTimersByTime(CACHE_TIME_MS + 1);
    expect(client.size).toBe(0);
  });
});
