import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../platform/errors.js';

export interface ConsolePluginOptions {
  /** The console's build (index.html and assets/); defaults to apps/console/dist. */
  distDir?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** From apps/server/src/console or apps/server/dist/console alike. */
export const CONSOLE_DIST = path.resolve(here, '../../../console/dist');

/**
 * The console's page runs only its own hashed scripts: no inline script, no style from elsewhere,
 * pictures from itself and data: URLs (the authenticator's QR code), never framed.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

const ASSET_CACHE = 'public, max-age=31536000, immutable';
/** As the storefront's hashed assets (storefront.plugin.ts): a file, not a document. */
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

/**
 * Serves the operator console (apps/console), a client-rendered single-page app, at `/console`:
 * its hashed assets at `/console/assets/*` (a year, immutable, with the build's brotli and gzip
 * siblings), and index.html for `/console` and every other path under it, which the app routes
 * itself. The document is never cached (a new release's asset names reach the next load).
 * Without a build, `/console` answers 404.
 */
export default async function consolePlugin(app: FastifyInstance, opts: ConsolePluginOptions = {}): Promise<void> {
  const distDir = opts.distDir ?? CONSOLE_DIST;
  const indexFile = path.join(distDir, 'index.html');
  const assetsDir = path.join(distDir, 'assets');
  const built = existsSync(indexFile);
  const notFound = () => {
    throw new AppError('NOT_FOUND', 'The operator console is not built on this server');
  };

  if (!built) {
    app.route({ method: ['GET', 'HEAD'], url: '/console', handler: notFound });
    app.route({ method: ['GET', 'HEAD'], url: '/console/*', handler: notFound });
    return;
  }

  // Read once: the document changes only with a new build, which comes with a restart.
  const index = readFileSync(indexFile);

  if (existsSync(assetsDir)) {
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/console/assets/',
      wildcard: false,
      decorateReply: false,
      index: false,
      dotfiles: 'ignore',
      cacheControl: false,
      preCompressed: true,
      setHeaders: (reply) => {
        reply.header('cache-control', ASSET_CACHE);
        reply.header('content-security-policy', ASSET_CSP);
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
  }
  // An asset of another release (or none) is missing, not the app: no document in its place.
  app.route({ method: ['GET', 'HEAD'], url: '/console/assets/*', handler: notFound });

  const sendIndex = (_request: unknown, reply: FastifyReply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', CONSOLE_CSP)
      .header('x-robots-tag', 'noindex, nofollow')
      .send(index);
  app.route({ method: ['GET', 'HEAD'], url: '/console', handler: sendIndex });
  app.route({ method: ['GET', 'HEAD'], url: '/console/*', handler: sendIndex });
}
