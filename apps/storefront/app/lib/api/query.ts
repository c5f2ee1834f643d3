import { createContext, createElement, useCallback, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';

/**
 * The shop's cache of what the browser read from the services (docs/decisions/0052): queries by
 * key, each fetched once however many components show it, kept fresh for `staleTime`, refetched
 * when invalidated while shown, dropped `gcTime` after the last component showing it went.
 *
 * It answers to the part of TanStack Query's API the storefront uses, under the same names, in
 * about a tenth of its script: public pages carry it on every first visit.
 */

export type QueryKey = readonly unknown[];

export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  /** `pending` until the first answer; then `success`, or `error` when the last fetch failed. */
  status: 'pending' | 'error' | 'success';
  fetchStatus: 'fetching' | 'idle';
  dataUpdatedAt: number;
  /** Marked by `invalidateQueries`: the next component to show it fetches it again. */
  isInvalidated: boolean;
}

/** Whether to try a failed fetch again: a count of tries, or a test of the failures so far and the error. */
export type Retry = boolean | number | ((failures: number, error: unknown) => boolean);

export interface FetchOptions<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  staleTime?: number;
  gcTime?: number;
  retry?: Retry;
}

export interface QueryOptions<T> extends FetchOptions<T> {
  enabled?: boolean;
  /** `always`: fetch whenever a component showing it mounts, fresh or not. */
  refetchOnMount?: boolean | 'always';
  /** Fetched again every so many milliseconds while shown; false stops it. */
  refetchInterval?: number | false | ((query: Query<T>) => number | false);
  refetchOnWindowFocus?: boolean;
}

interface ResultBase<S> {
  error: unknown;
  fetchStatus: QueryState<unknown>['fetchStatus'];
  isLoading: boolean;
  isFetching: boolean;
  refetch: (opts?: { throwOnError?: boolean }) => Promise<{ data: S | undefined; error: unknown }>;
}

/** As TanStack Query's: a result past `isPending` has its data, one past `isError` too. */
export type QueryResult<S> = ResultBase<S> &
  (
    | { status: 'pending'; data: undefined; isPending: true; isError: false; isSuccess: false }
    | { status: 'error'; data: S | undefined; isPending: false; isError: true; isSuccess: false }
    | { status: 'success'; data: S; isPending: false; isError: false; isSuccess: true }
  );

interface ClientOptions {
  staleTime?: number;
  gcTime?: number;
  retry?: Retry;
  /** Told of every failed fetch, after its last try. */
  onError?: (error: unknown, query: Query<unknown>) => void;
}

/** Options as written, typed by their fetch: `queryOptions({...})` gives them to useQuery and fetchQuery alike. */
export function queryOptions<T>(options: QueryOptions<T>): QueryOptions<T> {
  return options;
}

/** A key's hash: its JSON, with the properties of plain objects in sorted order (as TanStack Query hashes). */
function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value);
}

/** Whether `key` starts with `prefix`, part by part. */
function matches(prefix: QueryKey, key: QueryKey): boolean {
  return prefix.every((part, i) => hashKey([part]) === hashKey([key[i]]));
}

function shouldRetry(retry: Retry | undefined, failures: number, error: unknown): boolean {
  if (typeof retry === 'function') return retry(failures, error);
  if (typeof retry === 'number') return failures < retry;
  return retry === true && failures < 3;
}

/** One query: its state, the components showing it, and the fetch under way. */
export class Query<T = unknown> {
  state: QueryState<T> = { data: undefined, error: null, status: 'pending', fetchStatus: 'idle', dataUpdatedAt: 0, isInvalidated: false };

  /** The fetch of the last component or call that asked, used when it is refetched. */
  options: FetchOptions<T>;

  readonly listeners = new Set<() => void>();

  /** Components showing it that want it fetched (enabled). */
  active = 0;

  private promise: Promise<T> | null = null;

  /** Moved on by a cancel: an answer to an older fetch is not kept. */
  private generation = 0;

  private gcTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly client: QueryClient, readonly queryKey: QueryKey, readonly hash: string, options: FetchOptions<T>) {
    this.options = options;
  }

  private set(patch: Partial<QueryState<T>>): void {
    this.state = { ...this.state, ...patch };
    this.notify();
  }

  notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** Tells the components showing it that it is gone: they render again and take the query now under its key. */
  removed(): void {
    this.set({});
  }

  setData(data: T | undefined): void {
    this.set({ data, error: null, status: data === undefined ? this.state.status : 'success', dataUpdatedAt: Date.now(), isInvalidated: false });
  }

  isStale(staleTime: number): boolean {
    return this.state.isInvalidated || this.state.data === undefined || Date.now() - this.state.dataUpdatedAt > staleTime;
  }

  invalidate(): void {
    if (!this.state.isInvalidated) this.set({ isInvalidated: true });
  }

  /** The fetch under way, or a new one with `options`' function and retries. */
  fetch(options: FetchOptions<T> = this.options): Promise<T> {
    this.options = options;
    if (this.promise) return this.promise;
    const generation = this.generation;
    const current = () => generation === this.generation;
    this.set({ fetchStatus: 'fetching' });
    const run = async (): Promise<T> => {
      for (let failures = 0; ; failures++) {
        try {
          return await options.queryFn();
        } catch (error) {
          const retry = options.retry ?? this.client.defaults.retry;
          if (!current() || !shouldRetry(retry, failures, error)) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** failures, 30_000)));
        }
      }
    };
    const promise = run().then(
      (data) => {
        if (current()) {
          this.promise = null;
          this.set({ data, error: null, status: 'success', fetchStatus: 'idle', dataUpdatedAt: Date.now(), isInvalidated: false });
        }
        return data;
      },
      (error: unknown) => {
        if (current()) {
          this.promise = null;
          this.set({ error, status: 'error', fetchStatus: 'idle' });
          this.client.defaults.onError?.(error, this as Query<unknown>);
        }
        throw error;
      },
    );
    this.promise = promise;
    return promise;
  }

  /** Forgets the fetch under way: whatever it answers is not kept. */
  cancel(): void {
    if (!this.promise) return;
    this.generation++;
    this.promise = null;
    this.set({ fetchStatus: 'idle' });
  }

  subscribe(listener: () => void, gcTime: number): () => void {
    clearTimeout(this.gcTimer);
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && Number.isFinite(gcTime)) {
        this.gcTimer = setTimeout(() => {
          if (this.listeners.size === 0) this.client.drop(this);
        }, gcTime);
      }
    };
  }
}

interface Filter {
  queryKey: QueryKey;
  predicate?: (query: Query<unknown>) => boolean;
  /** `none`: only marks them stale, refetching nothing now. */
  refetchType?: 'active' | 'none';
}

export class QueryClient {
  private readonly queries = new Map<string, Query<unknown>>();

  readonly defaults: Required<Pick<ClientOptions, 'staleTime' | 'gcTime'>> & ClientOptions;

  constructor(options: ClientOptions = {}) {
    this.defaults = { staleTime: 0, gcTime: 5 * 60_000, ...options };
  }

  /** The query of `options.queryKey`, made on first ask. A query that no component shows is dropped after `gcTime`. */
  build<T>(options: FetchOptions<T>): Query<T> {
    const hash = hashKey(options.queryKey);
    let query = this.queries.get(hash) as Query<T> | undefined;
    if (!query) {
      query = new Query<T>(this, options.queryKey, hash, options);
      this.queries.set(hash, query as Query<unknown>);
      const gcTime = options.gcTime ?? this.defaults.gcTime;
      // Made and never shown (fetchQuery, setQueryData): dropped like one no longer shown.
      query.subscribe(() => undefined, gcTime)();
    }
    return query;
  }

  /** Called by a query whose time is up. */
  drop(query: Query<unknown>): void {
    if (this.queries.get(query.hash) === query) this.queries.delete(query.hash);
  }

  get size(): number {
    return this.queries.size;
  }

  private find(filter: Filter): Query<unknown>[] {
    return [...this.queries.values()].filter((q) => matches(filter.queryKey, q.queryKey) && (!filter.predicate || filter.predicate(q)));
  }

  getQueryData<T>(queryKey: QueryKey): T | undefined {
    return this.queries.get(hashKey(queryKey))?.state.data as T | undefined;
  }

  setQueryData<T>(queryKey: QueryKey, data: T | undefined | ((previous: T | undefined) => T | undefined)): void {
    const query = this.build<T>({ queryKey, queryFn: () => Promise.reject(new Error('no fetch for this query')) });
    const next = typeof data === 'function' ? (data as (previous: T | undefined) => T | undefined)(query.state.data) : data;
    query.setData(next);
  }

  /** The data, fetched when there is none fresh. */
  fetchQuery<T>(options: FetchOptions<T>): Promise<T> {
    const query = this.build(options);
    if (!query.isStale(options.staleTime ?? this.defaults.staleTime)) return Promise.resolve(query.state.data as T);
    return query.fetch(options);
  }

  /** The data as kept, fetched only when there is none. */
  ensureQueryData<T>(options: FetchOptions<T>): Promise<T> {
    const data = this.getQueryData<T>(options.queryKey);
    return data !== undefined ? Promise.resolve(data) : this.fetchQuery(options);
  }

  prefetchQuery<T>(options: FetchOptions<T>): Promise<void> {
    return this.fetchQuery(options).then(() => undefined, () => undefined);
  }

  /**
   * Marks the matching queries stale, and fetches again those a component shows now. A fetch under
   * way for a query with data is started anew: its answer may predate the change being announced.
   */
  async invalidateQueries(filter: Filter): Promise<void> {
    const refetches: Promise<unknown>[] = [];
    for (const query of this.find(filter)) {
      query.invalidate();
      if (filter.refetchType === 'none' || query.active === 0) continue;
      if (query.state.data !== undefined) query.cancel();
      refetches.push(query.fetch().catch(() => undefined));
    }
    await Promise.all(refetches);
  }

  /** Forgets the matching queries; a component showing one renders again and starts from nothing. */
  removeQueries(filter: Filter): void {
    for (const query of this.find(filter)) {
      query.cancel();
      this.drop(query);
      query.removed();
    }
  }

  async cancelQueries(filter: Filter): Promise<void> {
    for (const query of this.find(filter)) query.cancel();
  }
}

const ClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return createElement(ClientContext.Provider, { value: client }, children);
}

export function useQueryClient(): QueryClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useQueryClient outside a QueryClientProvider');
  return client;
}

/**
 * A query as a component shows it. It fetches in the browser only (effects do not run on the
 * server), when enabled and when what is kept is missing, stale or invalidated.
 */
export function useQuery<T>(options: QueryOptions<T>): QueryResult<T> {
  const client = useQueryClient();
  const query = client.build(options);
  const enabled = options.enabled ?? true;
  // An invalidation refetches it with the fetch of a component that shows it.
  if (enabled) query.options = options;
  const staleTime = options.staleTime ?? client.defaults.staleTime;
  const gcTime = options.gcTime ?? client.defaults.gcTime;
  // The latest options, for the effects that outlive a render.
  const latest = useRef(options);
  latest.current = options;

  const subscribe = useCallback((listener: () => void) => query.subscribe(listener, gcTime), [query, gcTime]);
  const state = useSyncExternalStore(subscribe, () => query.state, () => query.state);

  const wantsFetch = () => {
    const { refetchOnMount } = latest.current;
    return refetchOnMount === 'always' || (refetchOnMount !== false && query.isStale(staleTime)) || query.state.data === undefined;
  };
  // What the effect below has seen: until it has, a fetch it is about to start counts as started
  // (as in TanStack Query), so no render in between takes the query for settled.
  const mounted = useRef<{ query: Query<T>; enabled: boolean } | null>(null);
  const starting = enabled && state.fetchStatus === 'idle' && (mounted.current?.query !== query || !mounted.current.enabled) && wantsFetch();

  // Shown and wanted: counted for invalidation, and fetched when what is kept will not do.
  useEffect(() => {
    mounted.current = { query, enabled };
    if (!enabled) return undefined;
    query.active++;
    if (wantsFetch()) query.fetch(latest.current).catch(() => undefined);
    return () => {
      query.active--;
    };
    // wantsFetch reads the latest options and the query's state when the effect runs.
  }, [query, enabled, staleTime]);

  const interval = typeof options.refetchInterval === 'function' ? options.refetchInterval(query) : options.refetchInterval;
  useEffect(() => {
    if (!enabled || !interval || state.fetchStatus === 'fetching') return undefined;
    const timer = setTimeout(() => query.fetch(latest.current).catch(() => undefined), interval);
    return () => clearTimeout(timer);
  }, [query, enabled, interval, state]);

  const data = state.data;
  const refetch = useCallback(
    async (opts: { throwOnError?: boolean } = {}) => {
      try {
        return { data: await query.fetch(latest.current), error: null };
      } catch (error) {
        if (opts.throwOnError) throw error;
        return { data: undefined, error };
      }
    },
    [query],
  );
  const fetchStatus = starting ? 'fetching' : state.fetchStatus;
  const base: ResultBase<T> = {
    error: state.error,
    fetchStatus,
    isLoading: state.status === 'pending' && fetchStatus === 'fetching',
    isFetching: fetchStatus === 'fetching',
    refetch,
  };
  if (state.status === 'pending') return { ...base, status: 'pending', data: undefined, isPending: true, isError: false, isSuccess: false };
  if (state.status === 'error') return { ...base, status: 'error', data, isPending: false, isError: true, isSuccess: false };
  return { ...base, status: 'success', data: data as T, isPending: false, isError: false, isSuccess: true };
}
