// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider, useQuery, type QueryOptions } from './query';

afterEach(() => {
  vi.useRealTimers();
});

function setup(client = new QueryClient({ staleTime: 60_000 })) {
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client, children });
  const show = <T,>(options: QueryOptions<T>) => renderHook(() => useQuery(options), { wrapper });
  return { client, show };
}

/** A fetch that answers when told, counting its calls. */
function deferredFetch<T>() {
  const calls: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const fn = () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject }));
  return { fn, calls };
}

describe('the query cache', () => {
  it('fetches a query once for every component showing it, and shows the answer in each', async () => {
    const { show } = setup();
    const fetch = deferredFetch<string>();
    const a = show({ queryKey: ['cart', 'gb'], queryFn: fetch.fn });
    const b = show({ queryKey: ['cart', 'gb'], queryFn: fetch.fn });
    expect(a.result.current.isPending).toBe(true);
    expect(a.result.current.fetchStatus).toBe('fetching');
    expect(fetch.calls).toHaveLength(1);
    act(() => fetch.calls[0]!.resolve('cart-1'));
    await waitFor(() => expect(a.result.current.data).toBe('cart-1'));
    expect(b.result.current.data).toBe('cart-1');
    expect(b.result.current.isSuccess).toBe(true);
  });

  it('serves fresh data without a fetch, and fetches again once it is stale', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const { client, show } = setup();
    let calls = 0;
    const options = { queryKey: ['points', 'u1'], queryFn: async () => ++calls, staleTime: 1_000 };
    const first = show(options);
    await waitFor(() => expect(first.result.current.data).toBe(1));
    first.unmount();
    const second = show(options);
    expect(second.result.current.data).toBe(1);
    expect(calls).toBe(1);
    second.unmount();
    now += 1_001;
    const third = show(options);
    await waitFor(() => expect(third.result.current.data).toBe(2));
    expect(client.getQueryData(['points', 'u1'])).toBe(2);
    vi.restoreAllMocks();
  });

  it('refetches an invalidated query a component shows, and only marks one no component shows', async () => {
    const { client, show } = setup();
    let shown = 0;
    let hidden = 0;
    const view = show({ queryKey: ['account', 'profile', 'u1'], queryFn: async () => ++shown });
    await waitFor(() => expect(view.result.current.data).toBe(1));
    await client.fetchQuery({ queryKey: ['account', 'addresses', 'u1'], queryFn: async () => ++hidden });
    await act(() => client.invalidateQueries({ queryKey: ['account'] }));
    expect(view.result.current.data).toBe(2);
    expect(hidden).toBe(1);
    // Marked stale: the next ask fetches, fresh or not by time.
    expect(await client.fetchQuery({ queryKey: ['account', 'addresses', 'u1'], queryFn: async () => ++hidden })).toBe(2);
    // `none` marks without fetching even what is shown.
    await act(() => client.invalidateQueries({ queryKey: ['account', 'profile'], refetchType: 'none' }));
    expect(shown).toBe(2);
  });

  it('starts a shown query’s fetch anew when it is invalidated while one is under way', async () => {
    const { client, show } = setup();
    const fetch = deferredFetch<string>();
    client.setQueryData(['cart', 'gb', 'guest'], 'before');
    client.invalidateQueries({ queryKey: ['cart'], refetchType: 'none' });
    const view = show({ queryKey: ['cart', 'gb', 'guest'], queryFn: fetch.fn });
    expect(fetch.calls).toHaveLength(1);
    // The coupon is applied now; the read under way began before it.
    let done = false;
    act(() => void client.invalidateQueries({ queryKey: ['cart', 'gb'] }).then(() => { done = true; }));
    expect(fetch.calls).toHaveLength(2);
    act(() => fetch.calls[0]!.resolve('without-coupon'));
    act(() => fetch.calls[1]!.resolve('with-coupon'));
    await waitFor(() => expect(done).toBe(true));
    expect(view.result.current.data).toBe('with-coupon');
  });

  it('renders a component again when its query is removed, which then starts from nothing', async () => {
    const { client, show } = setup();
    let calls = 0;
    const view = show({ queryKey: ['cart', 'gb', 'guest'], queryFn: async () => (++calls === 1 ? 'cart-1' : null) });
    await waitFor(() => expect(view.result.current.data).toBe('cart-1'));
    act(() => client.removeQueries({ queryKey: ['cart', 'gb'] }));
    await waitFor(() => expect(view.result.current.data).toBeNull());
    expect(calls).toBe(2);
  });

  it('keeps no answer of a cancelled fetch: a cart written meanwhile stays', async () => {
    const { client, show } = setup();
    const fetch = deferredFetch<string>();
    const view = show({ queryKey: ['cart', 'gb', 'guest'], queryFn: fetch.fn });
    await act(() => client.cancelQueries({ queryKey: ['cart', 'gb'] }));
    act(() => client.setQueryData(['cart', 'gb', 'guest'], 'after-add'));
    act(() => fetch.calls[0]!.resolve('before-add'));
    await new Promise((r) => setTimeout(r, 10));
    expect(view.result.current.data).toBe('after-add');
    expect(view.result.current.fetchStatus).toBe('idle');
  });

  it('tells a failure after the retries it allows, keeping the data it had', async () => {
    const onError = vi.fn();
    const { client, show } = setup(new QueryClient({ staleTime: 0, onError, retry: (failures) => failures < 1 }));
    client.setQueryData(['account', 'consents', 'u1'], ['old']);
    let calls = 0;
    const view = show({ queryKey: ['account', 'consents', 'u1'], queryFn: async () => { calls++; throw new Error('refused'); } });
    await waitFor(() => expect(view.result.current.isError).toBe(true), { timeout: 3_000 });
    expect(calls).toBe(2);
    expect(view.result.current.data).toEqual(['old']);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![1].queryKey).toEqual(['account', 'consents', 'u1']);
  });

  it('counts a fetch about to start as started from the first render, also when a query becomes enabled', async () => {
    const { client } = setup();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client, children });
    const seen: string[] = [];
    const fetch = deferredFetch<number>();
    const view = renderHook(
      ({ enabled }: { enabled: boolean }) => {
        const result = useQuery({ queryKey: ['loyalty', 'points', 'u1'], queryFn: fetch.fn, enabled });
        seen.push(`${result.status}/${result.fetchStatus}`);
        return result;
      },
      { wrapper, initialProps: { enabled: false } },
    );
    expect(seen).toEqual(['pending/idle']);
    view.rerender({ enabled: true });
    // The render that enables it already says fetching: a page view waiting for the points waits.
    expect(seen[1]).toBe('pending/fetching');
    expect(seen.slice(1).every((s) => s === 'pending/fetching')).toBe(true);
    act(() => fetch.calls[0]!.resolve(230));
    await waitFor(() => expect(view.result.current.data).toBe(230));
    expect(seen.at(-1)).toBe('success/idle');
  });

  it('fetches nothing for a disabled query, which stays pending and idle', async () => {
    const { show } = setup();
    const queryFn = vi.fn(async () => 'x');
    const view = show({ queryKey: ['cart', 'gb', 'u1'], queryFn, enabled: false });
    await new Promise((r) => setTimeout(r, 10));
    expect(queryFn).not.toHaveBeenCalled();
    expect(view.result.current.isPending).toBe(true);
    expect(view.result.current.fetchStatus).toBe('idle');
  });

  it('takes two keys whose objects differ only in the order of their properties for one query', () => {
    const client = new QueryClient();
    client.setQueryData(['graphql', 'gb', { sku: 'EMBER-ONE', store: 'gb' }], 'product');
    expect(client.getQueryData(['graphql', 'gb', { store: 'gb', sku: 'EMBER-ONE' }])).toBe('product');
    expect(client.getQueryData(['graphql', 'gb', { store: 'de', sku: 'EMBER-ONE' }])).toBeUndefined();
  });

  it('updates data from the data before, and removes only the queries the filter and predicate name', () => {
    const client = new QueryClient();
    client.setQueryData(['account', 'session'], { name: 'A' });
    client.setQueryData(['account', 'profile', 'u1'], 1);
    client.setQueryData<number>(['account', 'profile', 'u1'], (previous) => (previous ?? 0) + 1);
    expect(client.getQueryData(['account', 'profile', 'u1'])).toBe(2);
    client.removeQueries({ queryKey: ['account'], predicate: (q) => q.queryKey[1] !== 'session' });
    expect(client.getQueryData(['account', 'profile', 'u1'])).toBeUndefined();
    expect(client.getQueryData(['account', 'session'])).toEqual({ name: 'A' });
  });

  it('polls while the interval asks for it and stops when it answers false', async () => {
    const { show } = setup();
    let calls = 0;
    const view = show({
      queryKey: ['payment', 'o1'],
      queryFn: async () => (++calls < 3 ? 'created' : 'paid'),
      refetchInterval: (query) => (query.state.data === 'paid' ? false : 10),
    });
    await waitFor(() => expect(view.result.current.data).toBe('paid'));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBe(3);
  });

  it('drops a query gcTime after the last component showing it went', async () => {
    vi.useFakeTimers();
    const { client, show } = setup(new QueryClient({ gcTime: 1_000 }));
    client.setQueryData(['countries', 'gb'], ['GB']);
    const view = show({ queryKey: ['countries', 'gb'], queryFn: async () => ['GB'], staleTime: Infinity });
    vi.advanceTimersByTime(5_000);
    expect(client.size).toBe(1);
    view.unmount();
    vi.advanceTimersByTime(999);
    expect(client.size).toBe(1);
    vi.advanceTimersByTime(2);
    expect(client.size).toBe(0);
  });
});
