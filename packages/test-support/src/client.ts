import { randomBytes, randomUUID } from 'node:crypto';
import { print, type DocumentNode } from 'graphql';

/** Where requests go: a base URL, or anything with one (a test server, a Playwright base URL). */
export type Target = string | { url: string };

export function baseUrl(target: Target): string {
  return (typeof target === 'string' ? target : target.url).replace(/\/+$/, '');
}

/**
 * A browser's guest cart credential cookie (`ember_cart_key`), kept as a browser keeps it: sent with
 * every request that carries the jar, replaced when an answer sets a new one.
 */
export interface GuestJar {
  cookie?: string;
}

const CART_COOKIE = /^(__Host-)?ember_cart_key=/;

/** A jar already holding a well-formed credential, as a browser does after its first cart. */
export function newJar(): GuestJar {
  return { cookie: `ember_cart_key=${randomBytes(32).toString('base64url')}` };
}

const sharedJars = new Map<string, GuestJar>();

/**
 * The one jar every request to a server shares unless told otherwise: one browser per server. Carts
 * made in parallel then share its credential (the server keeps a well-formed one the browser has).
 */
export function suiteJar(target: Target): GuestJar {
  const url = baseUrl(target);
  let jar = sharedJars.get(url);
  if (!jar) sharedJars.set(url, (jar = newJar()));
  return jar;
}

/**
 * A GraphQL document: its text, or a typed document (a `DocumentNode`, or a string-like typed document
 * from code generation) that carries its result and variables types for `gql` to infer.
 */
export interface TypedDocumentLike<TData = any, TVars = Record<string, unknown>> {
  /** Phantom members: never read at run time, only by the compiler. */
  __resultType?: TData;
  __variablesType?: TVars;
  /** TypedDocumentNode's own phantom member, from @graphql-typed-document-node/core. */
  __apiType?: (variables: TVars) => TData;
}

export type GqlDocument<TData = any, TVars = Record<string, unknown>> =
  | string
  | (TypedDocumentLike<TData, TVars> & (DocumentNode | string | { toString(): string }));

export type ResultOf<D> = D extends TypedDocumentLike<infer R, any> ? R : any;
export type VariablesOf<D> = D extends TypedDocumentLike<any, infer V> ? V : Record<string, unknown>;

/** The text sent for a document: strings as they are, parsed documents printed (or their source). */
export function documentText(doc: GqlDocument<any, any>): string {
  if (typeof doc === 'string') return doc;
  if (doc instanceof String) return doc.toString();
  const node = doc as Partial<DocumentNode>;
  if (node.kind === 'Document') return node.loc?.source.body ?? print(node as DocumentNode);
  return String(doc);
}

export interface RequestOptions {
  /** The `Store` header (store view code); none unless given, so the server's default store view answers. */
  store?: string;
  /** A session or customer token, sent as `Authorization: Bearer …`. */
  token?: string;
  /** The guest cart cookie jar; none by default (a bare API client). */
  jar?: GuestJar | null;
  /** A `Cookie` header of other cookies (the session cookie `ember_session=…`); implies `origin`. */
  cookie?: string;
  /**
   * `Origin` for cookie-carried state changes: true sends the target's own origin (same-origin), a
   * string sends that one, false none. Sent by default when `cookie` is.
   */
  origin?: boolean | string;
  /** `Idempotency-Key`: true makes a fresh one, a string is sent as it is. */
  idempotencyKey?: boolean | string;
  headers?: Record<string, string>;
}

function requestHeaders(target: Target, opts: RequestOptions): Record<string, string> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.store) headers.store = opts.store;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const cookies = [opts.jar?.cookie, opts.cookie].filter(Boolean);
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  const origin = opts.origin ?? (opts.cookie ? true : false);
  if (origin) headers.origin = origin === true ? new URL(baseUrl(target)).origin : origin;
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey === true ? randomUUID() : opts.idempotencyKey;
  return headers;
}

function keepCartCookie(res: Response, jar: GuestJar | null | undefined): void {
  if (!jar) return;
  const set = res.headers.getSetCookie().find((c) => CART_COOKIE.test(c));
  if (set) jar.cookie = set.split(';')[0];
}

async function bodyOf(res: Response): Promise<any> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface GqlError {
  message: string;
  extensions?: { code?: string; category?: string; [key: string]: unknown };
  [key: string]: unknown;
}

export interface GqlResult<TData = any> {
  status: number;
  body: { data?: TData; errors?: any[] };
  headers: Headers;
}

export interface GqlOptions extends RequestOptions {
  /** POST with a JSON body (default), or GET with the document in the URL as the storefront's loaders send it. */
  method?: 'GET' | 'POST';
}

/**
 * Sends a GraphQL document as the storefront would: the `Store` header, a bearer
 * token, the guest cart cookie jar, same-origin `Origin` for cookie sessions and `Idempotency-Key`
 * when asked. A typed document types `data` and the variables.
 */
export async function gql<TData = any, TVars = Record<string, unknown>>(
  target: Target,
  doc: GqlDocument<TData, TVars>,
  variables?: TVars,
  opts: GqlOptions = {},
): Promise<GqlResult<TData>> {
  const query = documentText(doc);
  const vars = variables ?? {};
  const headers = requestHeaders(target, opts);
  const url = `${baseUrl(target)}/graphql`;
  const res =
    opts.method === 'GET'
      ? await fetch(`${url}?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(vars))}`, { headers })
      : await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ query, variables: vars }) });
  keepCartCookie(res, opts.jar);
  return { status: res.status, body: (await bodyOf(res)) ?? {}, headers: res.headers };
}

/** `data` of a GraphQL answer that must have succeeded; any error throws with the answer. */
export async function gqlData<TData = any, TVars = Record<string, unknown>>(
  target: Target,
  doc: GqlDocument<TData, TVars>,
  variables?: TVars,
  opts: GqlOptions = {},
): Promise<TData> {
  const r = await gql(target, doc, variables, opts);
  if (r.status !== 200 || r.body.errors?.length || r.body.data == null) throw new Error(`GraphQL failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

export interface RestResult {
  status: number;
  body: any;
  headers: Headers;
}

/** Sends a JSON request as an API client would: bearer token, store view, cookies and Origin optional. */
export async function restCall(
  target: Target,
  method: string,
  path: string,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<RestResult> {
  const headers = requestHeaders(target, opts);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl(target)}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  keepCartCookie(res, opts.jar);
  return { status: res.status, body: await bodyOf(res), headers: res.headers };
}
