/**
 * The console's one way to the server: same-origin JSON with the session cookie, the CSRF token of
 * the session on every change, answers checked against the shared contracts. A refused session
 * (401) sends the operator to the sign-in page; any other error carries the server's message.
 */

/** A contract schema from `@ember/contracts` (zod), as far as the client uses it. */
export interface ZodType<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export interface ApiErrorBody {
  error: { code: string; message: string; request_id?: string };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let csrfToken: string | null = null;
let lastRequestAt = Date.now();
let unauthorizedHandler: (() => void) | null = null;

/** Kept in memory only: read again from `GET /admin/session` when the console loads. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** When the server last heard from this console (the session's idle clock restarts with each request). */
export function lastActivity(): number {
  return lastRequestAt;
}

/** What happens on a 401 from anything but the session probe (the app navigates to the sign-in page). */
export function onUnauthorized(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

/** Reads an error answer's `{ error: { code, message, request_id } }`, or describes what came instead. */
export function toApiError(status: number, body: unknown): ApiError {
  const err = (body as Partial<ApiErrorBody> | null)?.error;
  if (err && typeof err.message === 'string') {
    return new ApiError(status, typeof err.code === 'string' ? err.code : 'ERROR', err.message, err.request_id ?? null);
  }
  return new ApiError(status, 'HTTP_' + status, `The server answered ${status}.`, null);
}

/** A query string from the set values of an object (empty strings and undefined left out). */
export function queryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

export interface RequestOptions {
  body?: unknown;
  /** Do not send the operator to the sign-in page on 401 (the session probe). */
  quiet401?: boolean;
  signal?: AbortSignal;
}

export async function request<T>(method: string, path: string, schema: ZodType<T> | null, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && method !== 'HEAD' && csrfToken) headers['x-csrf-token'] = csrfToken;
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  });
  lastRequestAt = Date.now();
  const text = await res.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!res.ok) {
    const error = toApiError(res.status, body);
    if (res.status === 401 && !opts.quiet401) {
      csrfToken = null;
      unauthorizedHandler?.();
    }
    throw error;
  }
  if (!schema) return undefined as T;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(res.status, 'BAD_ANSWER', 'The server sent an answer the console does not understand.', null);
  return parsed.data;
}

export const api = {
  get: <T>(path: string, schema: ZodType<T>, opts?: RequestOptions) => request('GET', path, schema, opts),
  post: <T>(path: string, schema: ZodType<T> | null, body?: unknown, opts?: RequestOptions) => request('POST', path, schema, { ...opts, body: body ?? {} }),
  patch: <T>(path: string, schema: ZodType<T> | null, body: unknown) => request('PATCH', path, schema, { body }),
  put: <T>(path: string, schema: ZodType<T> | null, body: unknown) => request('PUT', path, schema, { body }),
  delete: (path: string) => request('DELETE', path, null),
};

/** The message to show for any failure: the server's own, or a general one. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
