import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../platform/errors.js';
import consolePlugin from './console.plugin.js';

const INDEX = '<!doctype html><html><head><script type="module" src="/console/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("console");'.repeat(50);

async function appWith(distDir: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  await app.register(consolePlugin, { distDir });
  // The storefront's catch-all comes after the console (app.ts); the console's paths must win.
  app.get('/*', async () => 'storefront');
  await app.ready();
  return app;
}

describe('console plugin', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'console-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    writeFileSync(path.join(dir, 'assets/index-abc123.js'), SCRIPT);
    writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(SCRIPT));
    app = await appWith(dir);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/console', '/console/', '/console/orders?status=shipped', '/console/customers/7c6a1c1e-1111-4111-8111-111111111111'])('answers %s with the app document, never cached, under a strict policy', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe(INDEX);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|nonce-)/);
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('serves hashed assets for a year, brotli when asked', async () => {
    const plain = await app.inject({ url: '/console/assets/index-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; object-src 'none'");
    const br = await app.inject({ url: '/console/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('answers 404 for an asset that does not exist instead of the document', async () => {
    const res = await app.inject({ url: '/console/assets/index-old999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('leaves other paths to the storefront', async () => {
    const res = await app.inject({ url: '/consoles' });
    expect(res.body).toBe('storefront');
  });

  it('answers 404 at /console when there is no build', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'console-none-'));
    const bare = await appWith(path.join(empty, 'dist'));
    try {
      for (const url of ['/console', '/console/orders']) {
        const res = await bare.inject({ url });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      }
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
