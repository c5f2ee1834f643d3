/**
 * The storefront's one client of the shop's REST services. Every call is same-origin JSON with the
 * session in the httpOnly cookie (`credentials: 'same-origin'`); tokens in answers are never kept
 * in script. An answer is checked against its contract schema (`@ember/contracts`) before anyone
 * reads it; each service names its own error class through `RestService.fail`.
 */
import type { ServerTarget } from './load-context';
import { withPageLocale } from './page-locale';

/** What the client needs of a contract schema: zod's `safeParse`. */
export interface Contract<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/** A contract, or how to load it. */
export type ContractSource<T> = Contract<T> | (() => Promise<Contract<T>>);

type Contracts = typeof import('./rest-contracts');
let contracts: Promise<Contracts> | undefined;

/**
 * The named contract schema of `@ember/contracts`, loaded with the first call that needs any: zod
 * and the schemas come in their own chunk, not with the first page.
 */
export function contract<K extends keyof Contracts>(name: K): () => Promise<Contracts[K]> {
  return async () => {
    contracts ??= import('./rest-contracts').catch((error: unknown) => {
      contracts = undefined;
      throw error;
    });
    return (await contracts)[name];
  };
}

export type RestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call that went wrong: not reached (status 0), or the server's error answer. */
export interface RestFailure {
  status: number;
  /** The answer's `error.code`, as sent; SERVICE_UNAVAILABLE when the server was not reached. */
  code: string | undefined;
  message: string;
  details?: unknown;
  /** Seconds from Retry-After. */
  retryAfterSeconds?: number;
}

/** One REST service as the storefront sees it: how its failures are named and how long a call may take. */
export interface RestService {
  /** "account", "payments", "loyalty": said in messages ("The payments service answered 502"). */
  name: string;
  timeoutMs(): number;
  fail(failure: RestFailure): Error;
  /** Whether an answer without a body is an error (spec §8 for loyalty). */
  emptyIsError?: boolean;
}

export interface RestCallOptions<T> {
  /** Store view code, sent as the `Store` header like GraphQL calls. */
  store: string;
  method?: RestMethod;
  body?: unknown;
  /** Where a server-side call goes (the load context's `apiTargetFrom`); none in the browser (same origin). */
  server?: ServerTarget;
  /** A guest's masked cart id (`X-Cart-Id`). */
  cartId?: string | null;
  /** The attempt's Idempotency-Key. */
  idempotencyKey?: string;
  /** The answer's contract; without one the answer is handed on as it came (e.g. a data export). */
  schema?: ContractSource<T>;
  /** Further headers of the call (a bot-check token). */
  headers?: Record<string, string>;
}

/** Spec §9: how often a call waits on an identical one under way looks whether its answer came. */
export const DUPLICATE_REQUEST_POLL_MS = 100;

/** The browser's plain GETs under way, by store and path; `done` once the call has settled. */
const underWay = new Map<string, { call: Promise<unknown>; done?: boolean }>();

/**
 * A browser's plain GET identical to one under way (same store and path, no extra headers) is not
 * sent again: it polls the first one every DUPLICATE_REQUEST_POLL_MS and, once it has settled,
 * answers what it answered, value or failure (spec §9, docs/decisions/0074). Server renders never
 * share a call: their calls carry one shopper's cookie.
 */
export function restCall<T>(service: RestService, path: string, options: RestCallOptions<T>): Promise<T> {
  if (options.server || options.headers || (options.method ?? 'GET') !== 'GET') return send(service, path, options);
  const key = `${options.store} ${path}`;
  const first = underWay.get(key);
  if (first) {
    return new Promise<T>((resolve) => {
      const look = () => (first.done ? resolve(first.call as Promise<T>) : setTimeout(look, DUPLICATE_REQUEST_POLL_MS));
      look();
    });
  }
  const entry: { call: Promise<T>; done?: boolean } = { call: send(service, path, options) };
  underWay.set(key, entry);
  entry.call.finally(() => {
    entry.done = true;
    underWay.delete(key);
  }).catch(() => undefined);
  return entry.call;
}

async function send<T>(service: RestService, path: string, options: RestCallOptions<T>): Promise<T> {
  const { store, method = 'GET', body, server, cartId, idempotencyKey, schema, headers: extra } = options;
  // The contract loads while the request is under way.
  const checking = typeof schema === 'function' ? schema() : schema;
  if (checking instanceof Promise) checking.catch(() => undefined);
  const headers = withPageLocale({ ...extra, accept: 'application/json' });
  if (store) headers.store = store;
  // Only with a body: Fastify refuses an empty body declared as JSON.
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cartId) headers['x-cart-id'] = cartId;
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  let response: Response;
  try {
    response = await (server?.fetch ?? fetch)(`${server?.origin ?? ''}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(service.timeoutMs()),
    });
  } catch {
    throw service.fail({ status: 0, code: 'SERVICE_UNAVAILABLE', message: `The ${service.name} service could not be reached` });
  }
  if (response.status === 204 && !service.emptyIsError) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (payload as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)?.error;
    const retryAfter = Number(response.headers.get('retry-after'));
    throw service.fail({
      status: response.status,
      code: typeof error?.code === 'string' ? error.code : undefined,
      message: typeof error?.message === 'string' ? error.message : `The ${service.name} service answered ${response.status}`,
      details: error?.details,
      retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    });
  }
  if (service.emptyIsError && (payload === undefined || payload === null)) {
    throw service.fail({ status: response.status, code: 'ENTITY_NOT_FOUND', message: 'No data found' });
  }
  if (!checking) return payload as T;
  let check: Contract<T>;
  try {
    check = await checking;
  } catch {
    throw service.fail({ status: 0, code: 'SERVICE_UNAVAILABLE', message: `The ${service.name} service could not be reached` });
  }
  const parsed = check.safeParse(payload);
  if (!parsed.success) {
    throw service.fail({ status: response.status, code: 'INTERNAL', message: `The ${service.name} service answered an unexpected shape` });
  }
  return parsed.data;
}
