import type { AppLoadContext } from 'react-router';
import { createGraphqlClient, type GraphqlClient, type RequestArgs } from './client';
import type { TypedDocument } from './gql';
import { graphqlUrlFrom } from './load-context';
import { getBrowserQueryClient } from './query-client';

/** Client for server-side loaders: calls the commerce API over loopback. */
export function serverClient(context: AppLoadContext, store?: string): GraphqlClient {
  return createGraphqlClient({ endpoint: graphqlUrlFrom(context), store, fetch: context.fetch });
}

const SHELL_TTL_MS = 60_000;
const shellCache = new Map<string, { expires: number; value: Promise<unknown> }>();

/**
 * Server-side client for data every page needs (store list, store config, menu): answers are
 * shared across requests for a minute so a page render costs one catalogue call, not three.
 */
export function cachedServerClient(context: AppLoadContext, store?: string): GraphqlClient {
  const base = serverClient(context, store);
  return {
    store: base.store,
    request<T, V>(document: TypedDocument<T, V>, ...args: RequestArgs<V>): Promise<T> {
      const [variables] = args;
      const key = `${base.store}\n${document}\n${JSON.stringify(variables ?? {})}`;
      const now = Date.now();
      const hit = shellCache.get(key);
      if (hit && hit.expires > now) return hit.value as Promise<T>;
      const value = base.request(document, ...args);
      shellCache.set(key, { expires: now + SHELL_TTL_MS, value });
      value.catch(() => shellCache.delete(key));
      return value;
    },
  };
}

/** Client for client-side loaders: same-origin GraphQL, answers cached by the query cache (`lib/api/query`). */
export function browserClient(store?: string): GraphqlClient {
  const base = createGraphqlClient({ endpoint: '/graphql', store });
  return {
    store: base.store,
    request<T, V>(document: TypedDocument<T, V>, ...args: RequestArgs<V>): Promise<T> {
      const [variables = {}] = args;
      return getBrowserQueryClient().fetchQuery({
        queryKey: ['graphql', base.store, document, variables],
        queryFn: () => base.request(document, ...args),
      });
    },
  };
}
