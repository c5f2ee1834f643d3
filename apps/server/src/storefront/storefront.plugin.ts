import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { ChangeTag } from '../platform/changes.js';
import { isSameOrigin } from '../platform/edge.js';
import { AppError } from '../platform/errors.js';
import type { PageCache } from './page-cache.js';
import { cachedRoute, sendCachedPage, toCachedPage } from './storefront.cached.js';
import { browserReporting } from '../platform/observability/error-reporter.js';

export interface StorefrontPluginOptions {
  /** The storefront's build directory (holds `client/` and `server/`). */
  buildDir: string;
  /** GraphQL endpoint for server-side loaders; defaults to this server over loopback. */
  graphqlUrl?: string;
  /** The cache of anonymous public pages (docs/decisions/0042); none renders every request. */
  pageCache?: PageCache;
}

const ASSET_CACHE = 'public, max-age=31536000, immutable';
/**
 * A hashed asset is a script, a catalogue or a picture, never a document: it keeps the headers that
 * protect a response that is not one (nosniff, HSTS, Referrer-Policy, Cross-Origin-Resource-Policy,
 * a policy that frames and runs nothing) and drops those only a document reads, which otherwise
 * cost about 0.5 KB of every file a page loads (docs/decisions/0045). Its name changes with its
 * content and it is cached for a year, so it needs no validator either.
 */
const ASSET_CSP = "default-src 'none'; frame-ancestors 'none'; object-src 'none'";
const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'etag',
  'last-modified',
  'accept-ranges',
];
const FILE_CACHE = 'public, max-age=3600';
const DOCUMENT_CACHE = 'private, no-cache';

/**
 * Serves the server-rendered storefront: the client build as static files (hashed assets cached
 * for a year) and every other GET/HEAD through React Router. The catch-all is `/*`, which Fastify
 * matches after every other route, so API, health and media routes are never shadowed.
 *
 * The build writes a `.br` and a `.gz` beside each text asset; a request gets the one its
 * Accept-Encoding prefers (br, then gzip; q=0 refuses one), else the file itself, always with
 * `Vary: Accept-Encoding` (docs/decisions/0028). Documents are compressed on the fly
 * (platform/compression.ts).
 */
export default async function storefrontPlugin(app: FastifyInstance, opts: StorefrontPluginOptions): Promise<void> {
  // A configured map tile server's pictures are the only images from elsewhere (docs/decisions/0060).
  const imageOrigins = app.config.MAP_TILE_URL ? new URL(app.config.MAP_TILE_URL.replace(/\{[xyz]\}/g, '0')).origin : '';
  // With browser error reporting, its SDK sends to the DSN's origin (docs/decisions/0071).
  const reporting = browserReporting(app.config);
  const connectOrigins = reporting ? new URL(reporting.dsn).origin : '';
  const cspFor = (scriptSources: string) => documentCsp(scriptSources, imageOrigins, connectOrigins);
  const clientDir = path.join(opts.buildDir, 'client');
  const assetsDir = path.join(clientDir, 'assets');
  const build = (await import(pathToFileURL(path.join(opts.buildDir, 'server/index.js')).href)) as ServerBuild;
  // Always production mode: error details never reach a response body.
  const handleRequest = createRequestHandler(build, 'production');

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    decorateReply: false,
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      if (!filePath.startsWith(assetsDir + path.sep)) {
        reply.header('cache-control', FILE_CACHE);
        return;
      }
      reply.header('cache-control', ASSET_CACHE);
      reply.header('content-security-policy', ASSET_CSP);
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    },
  });

  const selfFetch = inProcessFetch(app);
  /**
   * Where a render's loaders send their calls: the configured GraphQL endpoint over the network, or
   * else this server in process (the URL, of the address the request came in on, names the paths).
   */
  const loaderTarget = (request: FastifyRequest) =>
    ({ ...(opts.graphqlUrl ? { graphqlUrl: opts.graphqlUrl } : { graphqlUrl: loopbackGraphqlUrl(request), fetch: selfFetch }), browserReporting: reporting });
  const cache = opts.pageCache;
  cache?.forRelease(build.assets.version);

  /**
   * Renders a cached page for everyone: from its key alone, with no Host, cookie or credential of the
   * request (the storefront's server render reads none, and this makes sure of it), the whole
   * document at once, and nothing kept when any part of the render failed.
   */
  const renderForCache = async (target: ReturnType<typeof loaderTarget>, key: string, tags: ReadonlySet<ChangeTag>) => {
    let failed = false;
    // Not the request's Host: nothing a visitor sends may reach a page kept for everyone.
    const url = new URL(key, 'http://localhost');
    const response = await handleRequest(new Request(url.href, { method: 'GET', headers: { accept: 'text/html' } }), {
      ...target,
      wholeDocument: true,
      onRenderError: () => {
        failed = true;
      },
    });
    const page = await toCachedPage(response, tags, cspFor);
    return failed ? null : page;
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      const route = cache ? cachedRoute(request.method, request.url) : null;
      if (cache && route) {
        const found = cache.lookup(route.key) ?? (await cache.lookupShared(route.key));
        if (found?.state === 'fresh') return sendCachedPage(request, reply, found.page, 'hit');
        // Read now: a render behind a stale answer outlives the request's connection.
        const target = loaderTarget(request);
        const render = () => renderForCache(target, route.key, route.tags);
        if (found?.state === 'stale') {
          void cache.fill(route.key, route.tags, render).catch((err: unknown) => request.log.warn({ err }, 'page refresh failed'));
          return sendCachedPage(request, reply, found.page, 'stale');
        }
        if (request.method === 'GET') {
          const page = await cache.fill(route.key, route.tags, render);
          if (page) return sendCachedPage(request, reply, page, 'miss');
        }
      }
      const nonce = randomBytes(16).toString('base64');
      const response = await handleRequest(toWebRequest(request, reply), {
        ...loaderTarget(request),
        cspNonce: nonce,
      });
      return sendWebResponse(reply, response, cspFor(`'nonce-${nonce}'`));
    },
  });

  // The footer's newsletter sign-up is a plain HTML form (it works before and without script, and adds
  // none to the public pages): its POST is answered by the route's action, whose calls to the shop's
  // services carry the visitor's address for their rate limits (docs/decisions/0070).
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, body);
    });
    scope.post('/:store/newsletter', async (request, reply) => {
      // The shop's referrer policy (no-referrer) makes a browser send `Origin: null` with a form; the
      // edge judged it by Fetch metadata. React Router's own check compares Origin with the URL, so it
      // is told the origin the edge found, and a post from another site is refused here.
      const same = isSameOrigin(request, app.config);
      if (same === false) throw new AppError('PERMISSION_DENIED', 'Cross-site form posts are refused');
      if (same) request.headers.origin = `${request.protocol}://${request.host}`;
      const nonce = randomBytes(16).toString('base64');
      const target = opts.graphqlUrl ? { graphqlUrl: opts.graphqlUrl } : { graphqlUrl: loopbackGraphqlUrl(request), fetch: inProcessFetch(app, request.ip) };
      const body = typeof request.body === 'string' ? request.body : '';
      const response = await handleRequest(toWebRequest(request, reply, body), { ...target, cspNonce: nonce });
      return sendWebResponse(reply, response, cspFor(`'nonce-${nonce}'`));
    });
  });
}

/**
 * A fetch for the server-side loaders that hands each request to this server in process
 * (`inject`): the same routes, hooks and limits as over loopback (the remote address is
 * 127.0.0.1 either way, unless a route action's calls carry the visitor's address for their
 * rate limits), without a socket, an HTTP parse or a wake-up of either side per call.
 * A request the loader gives up on (its signal) is answered with the abort, as fetch would.
 */
export function inProcessFetch(app: FastifyInstance, remoteAddress = '127.0.0.1'): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const signal = init?.signal;
    signal?.throwIfAborted();
    const injected = app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
      remoteAddress,
    });
    const res = signal
      ? await Promise.race([injected, new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))])
      : await injected;
    const answer = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (Array.isArray(value)) for (const v of value) answer.append(name, v);
      else if (value !== undefined) answer.set(name, String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304 || init?.method === 'HEAD';
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers: answer });
  };
}

/** This server's GraphQL endpoint on the address and port the request came in on. */
function loopbackGraphqlUrl(request: FastifyRequest): string {
  const { localAddress, localPort } = request.socket;
  let host = localAddress && localAddress !== '::' && localAddress !== '0.0.0.0' ? localAddress : '127.0.0.1';
  if (host.startsWith('::ffff:')) host = host.slice('::ffff:'.length);
  if (host.includes(':')) host = `[${host}]`;
  return `http://${host}:${localPort}/graphql`;
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply, body?: string): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (typeof value === 'string') headers.set(name, value);
  }
  // Rendering stops when the client goes away before the response is complete.
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return new Request(url.href, { method: request.method, headers, signal: controller.signal, ...(body === undefined ? {} : { body }) });
}

/** Copies status and headers, adds the document's CSP, and streams the body. */
function sendWebResponse(reply: FastifyReply, response: Response, csp: string): FastifyReply {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.headers.has('cache-control')) reply.header('cache-control', DOCUMENT_CACHE);
  if (response.headers.get('content-type')?.startsWith('text/html')) {
    reply.header('content-security-policy', csp);
  }
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as unknown as NodeReadableStream));
}

/**
 * The API's policy with the inline-script allowance narrowed to this document's scripts: its nonce
 * (`'nonce-…'`) for a page rendered for one request, their hashes for a cached page.
 */
function documentCsp(scriptSources: string, imageOrigins = '', connectOrigins = ''): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources}`.trimEnd(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${imageOrigins}`.trimEnd(),
    `connect-src 'self' ${connectOrigins}`.trimEnd(),
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}
