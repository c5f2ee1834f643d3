import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig, testDb } from '../../test/test-app.js';

// The store locator's map where a tile server is configured (docs/decisions/0060): the answers name
// it, the documents allow its pictures and nothing else from elsewhere, and the page draws the map.

const here = path.dirname(fileURLToPath(import.meta.url));
const BUILD_DIR = path.resolve(here, '../../../../storefront/build');
const TILES = 'https://tiles.example.test/osm/{z}/{x}/{y}.png';

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { cookie: 'ember_age_gate=gb', ...headers }, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    }).on('error', reject);
  });
}

async function serve(extra: Record<string, string>): Promise<{ app: FastifyInstance; base: string }> {
  if (!existsSync(path.join(BUILD_DIR, 'server/index.js'))) throw new Error('build the storefront first: npm run build');
  const app = await buildApp({ config: testConfig({ STOREFRONT_BUILD_DIR: BUILD_DIR, ...extra }), db: await testDb(), logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

describe('with a tile server', () => {
  let shop: { app: FastifyInstance; base: string };
  beforeAll(async () => {
    shop = await serve({ MAP_TILE_URL: TILES, MAP_TILE_ATTRIBUTION: 'Tiles © Example' });
  });
  afterAll(async () => {
    await shop?.app.close();
  });

  it('names the tiles and their attribution in the search and a store\'s page', async () => {
    const list = await get(`${shop.base}/api/store-locator/stores?q=London`, { store: 'gb' });
    expect(list.status).toBe(200);
    const body = JSON.parse(list.body) as { map: { tile_url: string; attribution: string }; items: { id: string }[] };
    expect(body.map).toEqual({ tile_url: TILES, attribution: 'Tiles © Example' });
    const one = await get(`${shop.base}/api/store-locator/stores/${body.items[0]!.id}`, { store: 'gb' });
    expect((JSON.parse(one.body) as { map: unknown }).map).toEqual(body.map);
  });

  it('draws the map from those tiles, and the page\'s policy allows their origin for images only', async () => {
    const page = await get(`${shop.base}/gb/stores?q=London`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/class="store-map__box" role="img"/);
    expect(page.body).toMatch(/src="https:\/\/tiles\.example\.test\/osm\/\d+\/\d+\/\d+\.png"/);
    expect(page.body).toContain('Tiles © Example');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: https://tiles.example.test");
    expect(csp).toContain("connect-src 'self'");
    expect(csp.match(/tiles\.example\.test/g)).toHaveLength(1);
  });
});

describe('without one', () => {
  let shop: { app: FastifyInstance; base: string };
  beforeAll(async () => {
    shop = await serve({});
  });
  afterAll(async () => {
    await shop?.app.close();
  });

  it('answers no map, draws none, and allows no image from elsewhere', async () => {
    const list = await get(`${shop.base}/api/store-locator/stores?q=London`, { store: 'gb' });
    expect((JSON.parse(list.body) as { map: unknown }).map).toBeNull();
    const page = await get(`${shop.base}/gb/stores?q=London`);
    expect(page.body).not.toContain('class="store-map__box"');
    expect(String(page.headers['content-security-policy'])).toContain("img-src 'self' data:;");
  });
});
