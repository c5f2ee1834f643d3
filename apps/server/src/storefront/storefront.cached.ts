import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeTag } from '../platform/changes.js';
import type { CachedPage } from './page-cache.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A store view's code as the first path segment (`/gb`, `/gb_trial`). */
const STORE = '[a-z][a-z0-9_]{1,31}';

/**
 * The public pages served from the page cache, and what each shows. Every page shows the menu's
 * categories, the footer's legal pages and the store view's settings; catalogue pages also show
 * stock. Pages personal as a whole (cart, checkout, account, club, sign-in) are never cached.
 */
const CACHED_ROUTES: { pattern: RegExp; tags: ChangeTag[]; keepsSearch?: boolean }[] = [
  { pattern: new RegExp(`^/${STORE}/$`), tags: ['catalog', 'stock', 'content', 'config'] },
  { pattern: new RegExp(`^/${STORE}/shop(/[a-z0-9-]{1,100})?$`), tags: ['catalog', 'stock', 'content', 'config'], keepsSearch: true },
  { pattern: new RegExp(`^/${STORE}/p/[a-z0-9-]{1,100}$`), tags: ['catalog', 'stock', 'content', 'config'] },
  { pattern: new RegExp(`^/${STORE}/discover/[a-z0-9-]{1,100}$`), tags: ['catalog', 'stock', 'content', 'config'] },
  { pattern: new RegExp(`^/${STORE}/(faq|contact)$`), tags: ['catalog', 'content', 'config'] },
  { pattern: new RegExp(`^/${STORE}/legal/[a-z0-9-]{1,60}$`), tags: ['catalog', 'content', 'config'] },
  // The blog (paged and filtered by its query) and its articles, the get-started page (docs/decisions/0063).
  { pattern: new RegExp(`^/${STORE}/blog$`), tags: ['catalog', 'content', 'config'], keepsSearch: true },
  { pattern: new RegExp(`^/${STORE}/blog/[a-z0-9-]{1,100}$`), tags: ['catalog', 'stock', 'content', 'config'] },
  { pattern: new RegExp(`^/${STORE}/get-started$`), tags: ['catalog', 'content', 'config'] },
  // The flavour finder's questions (a customer's last result loads in the browser; docs/decisions/0062).
  { pattern: new RegExp(`^/${STORE}/flavor-finder$`), tags: ['catalog', 'content', 'config'] },
];

/**
 * Campaign and click identifiers that analytics reads from the address bar in the browser; no page
 * renders them. A request carrying only these gets the page of its path.
 */
const TRACKING_PARAM = /^(utm_[a-z_]{1,30}|gclid|gclsrc|gbraid|wbraid|dclid|fbclid|msclkid|ttclid|twclid|li_fat_id|yclid|igshid|mc_cid|mc_eid|_ga|_gl)$/i;

/** The query without its tracking parameters, '' when nothing else is left; the rest keeps its order. */
function withoutTracking(search: string): string {
  if (search === '' || search === '?') return '';
  const params = new URLSearchParams(search);
  let dropped = false;
  for (const name of [...params.keys()]) {
    if (TRACKING_PARAM.test(name)) {
      params.delete(name);
      dropped = true;
    }
  }
  if (!dropped) return search;
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * The cache key and tags of a request for a cached page, or null. The key is the path with the
 * store view (and so the language) in it; a listing keeps its query, which sorts, filters and pages
 * it. Tracking parameters are left out of the key: the page is the same for every campaign, and
 * the browser's analytics still reads them from the address. Another page with a query is rendered
 * for its request alone: its HTML may carry the query.
 */
export function cachedRoute(method: string, url: string): { key: string; tags: ReadonlySet<ChangeTag> } | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  if (pathname.length > 200 || url.length - pathname.length > 500) return null;
  for (const route of CACHED_ROUTES) {
    if (!route.pattern.test(pathname)) continue;
    const search = q < 0 ? '' : withoutTracking(url.slice(q));
    if (search && !route.keepsSearch) return null;
    return { key: route.keepsSearch ? pathname + search : pathname, tags: new Set(route.tags) };
  }
  return null;
}

/** The inline scripts of a document, each as the CSP source that allows exactly it. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? '')) continue;
    hashes.add(`'sha256-${createHash('sha256').update(m[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * A rendered response as a page to keep, or null when it must not be kept: anything but a complete
 * 200 HTML document without cookies. Its Content-Security-Policy allows its own inline scripts by
 * their hashes (`documentCsp`), so the same bytes can go to every visitor with no per-response nonce.
 */
export async function toCachedPage(
  response: Response, tags: ReadonlySet<ChangeTag>, documentCsp: (scriptSources: string) => string,
): Promise<CachedPage | null> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.startsWith('text/html') || response.headers.getSetCookie().length > 0 || !response.body) {
    await response.body?.cancel();
    return null;
  }
  const identity = Buffer.from(await response.arrayBuffer());
  const html = identity.toString('utf8');
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return {
    status: 200,
    headers: {
      'content-type': type,
      'content-security-policy': documentCsp(inlineScriptHashes(html).join(' ')),
    },
    identity,
    br,
    gzip: gz,
    etag: `W/"${createHash('sha1').update(identity).digest('base64url')}"`,
    tags,
  };
}

/** The encoding a request prefers among those kept: brotli, then gzip (q=0 refuses one), else none. */
function chosenEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (enc: string) => (accepted.get(enc) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

/**
 * Browsers and a CDN in front revalidate on every use (ETag, 304); a CDN may serve a page it has
 * for up to a minute, and a stale one for ten while it revalidates.
 */
const CACHED_PAGE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/** Sends a kept page: 304 for a matching If-None-Match, else the body in the encoding asked for. */
export function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, state: 'hit' | 'stale' | 'miss'): FastifyReply {
  reply.header('x-page-cache', state);
  reply.header('cache-control', CACHED_PAGE_CONTROL);
  reply.header('etag', page.etag);
  reply.header('vary', 'Accept-Encoding');
  for (const [name, value] of Object.entries(page.headers)) reply.header(name, value);
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim() === page.etag || t.trim() === '*')) {
    return reply.status(304).send();
  }
  reply.status(page.status);
  const encoding = chosenEncoding(request.headers['accept-encoding']);
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
  if (encoding) reply.header('content-encoding', encoding);
  reply.header('content-length', body.length);
  return request.method === 'HEAD' ? reply.send() : reply.send(body);
}
