import { DEFAULT_REQUEST_TIMEOUT_MS } from '@ember/contracts';
import type { TypedDocument } from './gql';
import { withPageLocale } from './page-locale';

/** Variables of a GraphQL operation, sent as URL-encoded JSON. */
export type Variables = Record<string, unknown>;

/** What follows a document: its variables (optional when the operation takes none) and the options. */
export type RequestArgs<TVariables> = Record<string, never> extends TVariables
  ? [variables?: TVariables, options?: RequestOptions]
  : [variables: TVariables, options?: RequestOptions];

/**
 * The store-scoped GraphQL client every loader and query goes through. A request takes a typed
 * document (`operation` in gql.ts): its variables and its answer are the generated types.
 */
export interface GraphqlClient {
  readonly store: string;
  request<TResult, TVariables>(document: TypedDocument<TResult, TVariables>, ...args: RequestArgs<TVariables>): Promise<TResult>;
}

export interface RequestOptions {
  /**
   * Root fields for which "no such entity" means null, not failure (Magento answers an unknown
   * slug or id with an error rather than null).
   */
  nullable?: string[];
  /** Extra request headers (placeOrder's Idempotency-Key). */
  headers?: Record<string, string>;
}

export interface GraphqlErrorEntry {
  message: string;
  path?: (string | number)[];
  extensions?: { category?: string; code?: string };
}

const NO_SUCH_ENTITY = 'graphql-no-such-entity';

/** Whether every error is a tolerated "no such entity" on one of the nullable root fields. */
function onlyTolerated(errors: GraphqlErrorEntry[], nullable: string[] = []): boolean {
  return errors.every(
    (e) => e.extensions?.category === NO_SUCH_ENTITY && typeof e.path?.[0] === 'string' && nullable.includes(e.path[0]),
  );
}

/** The server answered, but not with data: a transport failure or GraphQL errors. */
export class GraphqlRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: GraphqlErrorEntry[] = [],
    /** What the server answered alongside the errors (a cart mutation's partial result). */
    readonly data: unknown = null,
    /** The request's document and variables, for the error report (spec §8; scrubbed before it leaves). */
    readonly document?: string,
    readonly variables?: Variables,
  ) {
    super(message);
    this.name = 'GraphqlRequestError';
  }
}

/**
 * Hands a failure to the error reporting the document's head set up (lib/error-reporting), when it
 * did: a browser with a DSN configured. Which failures are sent is decided there.
 */
export function reportFailure<E>(error: E): E {
  (globalThis as { __emberErrors?: { push(e: unknown): unknown } }).__emberErrors?.push(error);
  return error;
}

export interface GraphqlClientOptions {
  /** Absolute on the server (`http://127.0.0.1:3000/graphql`), relative in the browser. */
  endpoint: string;
  /** Store view code, sent as Magento's `Store` header; omitted for the default store. */
  store?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * POST for mutations and for reads that must never come from a cache (a cart): the document
   * and variables travel as a JSON body, with the session cookie of this origin.
   */
  method?: 'GET' | 'POST';
  /** Headers every request of this client carries (a cart mutation's `X-Cart-Context`). */
  headers?: Record<string, string>;
}

/**
 * Queries go over GET so the server (and any cache in front of it) can treat them as reads;
 * whitespace is collapsed to keep URLs short. Declared "not found" answers on nullable root
 * fields pass as null; any other GraphQL error fails the request, because a page rendered from
 * partial catalogue data would show wrong prices or stock.
 */
export function createGraphqlClient(options: GraphqlClientOptions): GraphqlClient {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  return {
    store: options.store ?? '',
    async request<T, V>(document: TypedDocument<T, V>, ...[variablesArg, requestOptions = {}]: RequestArgs<V>): Promise<T> {
      const variables = (variablesArg ?? {}) as Variables;
      const query = document.replace(/\s+/g, ' ').trim();
      const headers = withPageLocale({ accept: 'application/json' });
      if (options.store) headers.store = options.store;
      Object.assign(headers, options.headers, requestOptions.headers);
      let response: Response;
      if (options.method === 'POST') {
        headers['content-type'] = 'application/json';
        response = await doFetch(options.endpoint, {
          method: 'POST',
          headers,
          body: JSON.stringify({ query, variables }),
          credentials: 'same-origin',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } else {
        const params = new URLSearchParams({ query });
        if (Object.keys(variables).length) params.set('variables', JSON.stringify(variables));
        response = await doFetch(`${options.endpoint}?${params}`, {
          method: 'GET',
          headers,
          signal: AbortSignal.timeout(timeoutMs),
        });
      }
      let body: { data?: T | null; errors?: GraphqlErrorEntry[] };
      try {
        body = (await response.json()) as typeof body;
      } catch {
        throw reportFailure(new GraphqlRequestError(`GraphQL answered ${response.status} without JSON`, response.status, [], null, query, variables));
      }
      if ((body.errors?.length && !onlyTolerated(body.errors, requestOptions.nullable)) || !body.data) {
        const first = body.errors?.[0]?.message ?? `GraphQL answered ${response.status} without data`;
        throw reportFailure(new GraphqlRequestError(first, response.status, body.errors, body.data ?? null, query, variables));
      }
      return body.data;
    },
  };
}
