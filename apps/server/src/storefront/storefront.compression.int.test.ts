import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { COMPRESSION_THRESHOLD_BYTES } from '../platform/compression.js';
import { testConfig, testDb } from '../test/test-app.js';

const here = path.dirname(fileURLToPath(import.meta.url));
// The storefront build `npm test` makes before the tests run.
const BUILD_DIR = path.resolve(here, '../../../storefront/build');
const ASSETS_DIR = path.join(BUILD_DIR, 'client/assets');

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that sends exactly the Accept-Encoding given (none when undefined) and keeps the body as it came. */
function rawGet(url: string, acceptEncoding?: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const h: Record<string, string> = { ...headers };
    if (acceptEncoding !== undefined) h['accept-encoding'] = acceptEncoding;
    http
      .get(url, { headers: h, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

function decode(res: RawResponse): Buffer {
  switch (res.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(res.body);
    case 'gzip':
      return gunzipSync(res.body);
    case 'deflate':
      return inflateSync(res.body);
    default:
      return res.body;
  }
}

const varies = (res: RawResponse) => String(res.headers.vary ?? '').toLowerCase().split(/\s*,\s*/).includes('accept-encoding');

/** The build's entry script: the largest asset a first visit loads. */
function entryAsset(): string {
  const name = readdirSync(ASSETS_DIR).find((f) => /^entry\.client-.*\.js$/.test(f));
  if (!name) throw new Error(`no entry.client-*.js in ${ASSETS_DIR}`);
  return name;
}

describe('compression of what the storefront and the APIs send', () => {
  let app: FastifyInstance;
  let base: string;
  let entry: string;
  let entryBytes: Buffer;
  const png = Buffer.alloc(8 * 1024, 7);

  beforeAll(async () => {
    if (!existsSync(path.join(BUILD_DIR, 'server/index.js'))) throw new Error('build the storefront first: npm run build');
    entry = entryAsset();
    entryBytes = readFileSync(path.join(ASSETS_DIR, entry));
    app = await buildApp({ config: testConfig({ STOREFRONT_BUILD_DIR: BUILD_DIR }), db: await testDb(), logger: false });
    // An already-compressed image type, as a catalogue photo would be sent.
    app.get('/test-only/photo.png', async (_req, reply) => reply.type('image/png').send(png));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await app?.close();
  });

  it('writes a brotli and a gzip sibling of each large text asset at build time', () => {
    expect(brotliDecompressSync(readFileSync(path.join(ASSETS_DIR, `${entry}.br`))).equals(entryBytes)).toBe(true);
    expect(gunzipSync(readFileSync(path.join(ASSETS_DIR, `${entry}.gz`))).equals(entryBytes)).toBe(true);
    // The stylesheet is inline in documents (docs/decisions/0043); the language catalogues are JSON assets.
    const text = readdirSync(ASSETS_DIR).filter((f) => /\.(css|json)$/.test(f));
    expect(text.length).toBeGreaterThan(0);
    for (const f of text) {
      expect(existsSync(path.join(ASSETS_DIR, `${f}.br`)), f).toBe(true);
      expect(existsSync(path.join(ASSETS_DIR, `${f}.gz`)), f).toBe(true);
    }
  });

  it('answers an asset with brotli when the browser accepts it, with the same bytes once decoded', async () => {
    const res = await rawGet(`${base}/assets/${entry}`, 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(res)).toBe(true);
    // The file the build compressed at its best level, not a compression made for this request.
    expect(res.body.equals(readFileSync(path.join(ASSETS_DIR, `${entry}.br`)))).toBe(true);
    expect(decode(res).equals(entryBytes)).toBe(true);
  });

  it('answers an asset with gzip when brotli is not accepted or refused with q=0', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0']) {
      const res = await rawGet(`${base}/assets/${entry}`, accept);
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(varies(res)).toBe(true);
      expect(res.body.equals(readFileSync(path.join(ASSETS_DIR, `${entry}.gz`)))).toBe(true);
      expect(decode(res).equals(entryBytes)).toBe(true);
    }
  });

  it('answers an asset as it is without Accept-Encoding or when every encoding is refused', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await rawGet(`${base}/assets/${entry}`, accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(varies(res)).toBe(true);
      expect(res.body.equals(entryBytes)).toBe(true);
    }
  });

  it('compresses a server-rendered page on the fly, whole and with its security policy', async () => {
    for (const accept of ['br', 'gzip']) {
      // The cart page is rendered for each request (public pages come from the page cache, compressed once).
      const res = await rawGet(`${base}/gb/cart`, accept, { cookie: 'ember_age_gate=gb' });
      expect(res.headers['x-page-cache']).toBeUndefined();
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe(accept);
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
      expect(varies(res)).toBe(true);
      const html = decode(res).toString('utf8');
      expect(html).toMatch(/^<!DOCTYPE html>/i);
      expect(html.trimEnd()).toMatch(/<\/html>$/);
      expect(res.body.length).toBeLessThan(Buffer.byteLength(html) / 2);
    }
  });

  it('compresses GraphQL GET answers and REST JSON answers', async () => {
    const query = '{ products(search: "", pageSize: 20) { items { sku name url_key } } }';
    const gqlRes = await rawGet(`${base}/graphql?query=${encodeURIComponent(query)}`, 'br', { store: 'gb' });
    expect(gqlRes.status).toBe(200);
    expect(gqlRes.headers['content-encoding']).toBe('br');
    expect(varies(gqlRes)).toBe(true);
    const data = JSON.parse(decode(gqlRes).toString('utf8')) as { data: { products: { items: unknown[] } } };
    expect(data.data.products.items.length).toBeGreaterThan(3);

    const rest = await rawGet(`${base}/openapi.json`, 'gzip');
    expect(rest.status).toBe(200);
    expect(rest.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(rest).toString('utf8'))).toHaveProperty('openapi');
  });

  it('sends tiny answers and images as they are', async () => {
    const health = await rawGet(`${base}/healthz`, 'br, gzip');
    expect(health.status).toBe(200);
    expect(health.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString('utf8'))).toBeTruthy();

    const photo = await rawGet(`${base}/test-only/photo.png`, 'br, gzip');
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(photo.body.equals(png)).toBe(true);
  });

  it('leaves a page uncompressed for a client that accepts no encoding', async () => {
    const res = await rawGet(`${base}/gb/`, undefined, { cookie: 'ember_age_gate=gb' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8')).toMatch(/^<!DOCTYPE html>/i);
  });
});
