import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig, testDb } from '../test/test-app.js';

// The request edge on storefront paths (docs/decisions/0032): odd encodings are a 404 or a 400,
// never a failed render, and every kind of answer carries the security headers.

const here = path.dirname(fileURLToPath(import.meta.url));
// The storefront build `npm test` makes before the tests run.
const BUILD_DIR = path.resolve(here, '../../../storefront/build');

function rawGet(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    // The age gate answered, as for a returning visitor.
    http
      .get(url, { headers: { cookie: 'ember_age_gate=gb' }, agent: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('storefront paths at the edge', () => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    if (!existsSync(path.join(BUILD_DIR, 'server/index.js'))) throw new Error('build the storefront first: npm run build');
    app = await buildApp({ config: testConfig({ STOREFRONT_BUILD_DIR: BUILD_DIR }), db: await testDb(), logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await app?.close();
  });

  it('renders a page whose server-side loaders call the GraphQL and the account REST APIs in process', async () => {
    // The registration page's loader reads the store view (GraphQL) and the password rules (REST);
    // without the rules the page would still render, with no list of them.
    const page = await rawGet(`${base}/de/register`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/id="register-password-rules"/);
  });

  it('answers a product path holding an encoded slash with the shop\'s 404 page', async () => {
    const res = await rawGet(`${base}/gb/p/a%2Fb`);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    const discover = await rawGet(`${base}/gb/discover/a%2Fb`);
    expect(discover.status).toBe(404);
  });

  it('answers a NUL or a malformed encoding in a storefront path with 400, not a failed render', async () => {
    for (const p of ['/gb/p/ab%00cd', '/gb/shop?q=%00', '/gb/p/ab%ffcd', '/gb/p/%E0%A4%A']) {
      const res = await rawGet(`${base}${p}`);
      expect(res.status, p).toBe(400);
    }
    const long = await rawGet(`${base}/gb/p/${'a'.repeat(5000)}`);
    expect(long.status).toBeLessThan(500);
  });

  it('sends the security headers on pages, the 404 page, assets and refusals', async () => {
    const asset = readdirSync(path.join(BUILD_DIR, 'client/assets')).find((f) => f.endsWith('.js'))!;
    for (const p of ['/gb/', '/gb/no-such-page', `/assets/${asset}`, '/favicon.svg', '/gb/p/ab%ffcd', '/gb/p/ab%00cd']) {
      const res = await rawGet(`${base}${p}`);
      expect(res.headers['x-content-type-options'], p).toBe('nosniff');
      expect(res.headers['strict-transport-security'], p).toMatch(/max-age=31536000; includeSubDomains/);
      expect(res.headers['content-security-policy'], p).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy'], p).toContain("object-src 'none'");
      expect(res.headers['referrer-policy'], p).toBeTruthy();
      if (String(res.headers['content-type']).startsWith('text/html')) {
        expect(res.headers['cross-origin-opener-policy'], p).toBe('same-origin');
        expect(res.headers['content-type'], p).toMatch(/charset=utf-8/);
      }
    }
  });

  it('sends a hashed asset without the headers only a document reads, a document with them', async () => {
    const asset = readdirSync(path.join(BUILD_DIR, 'client/assets')).find((f) => f.endsWith('.js'))!;
    const script = await rawGet(`${base}/assets/${asset}`);
    expect(script.status).toBe(200);
    // A policy that runs, loads and frames nothing: the script runs under its document's policy.
    expect(script.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; object-src 'none'");
    for (const name of ['x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection', 'x-dns-prefetch-control', 'etag', 'last-modified']) {
      expect(script.headers[name], name).toBeUndefined();
    }
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    const page = await rawGet(`${base}/gb/`);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // Files outside the hashed assets keep their validators.
    const icon = await rawGet(`${base}/favicon.svg`);
    expect(icon.headers['last-modified']).toBeTruthy();
  });
});
