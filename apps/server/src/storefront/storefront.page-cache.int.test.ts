import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, gql } from '@ember/test-support';
import { buildApp } from '../app.js';
import type { Db } from '../platform/db.js';
import { Redis } from 'ioredis';
import { CHANGE_TAGS } from '../platform/changes.js';
import { dropRedisKeys, REDIS_TEST_URL, redisReachable } from '../test/redis.js';
import { testConfig, testDb } from '../test/test-app.js';

const here = path.dirname(fileURLToPath(import.meta.url));
// The storefront build `npm test` makes before the tests run.
const BUILD_DIR = path.resolve(here, '../../../storefront/build');

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

let app: FastifyInstance;
let db: Db;
let base: string;

beforeAll(async () => {
  db = await testDb();
  app = await buildApp({ config: testConfig({ STOREFRONT_BUILD_DIR: BUILD_DIR }), db, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await app.close();
});

/**
 * The answers to `requests` (header sets) sent one after another to `url`, taken when all came from
 * one kept page: on PostgreSQL other suites share the database, and a change they make may drop the
 * page between two requests, so a round with a miss after its first answer is tried again.
 */
async function fromOnePage(url: string, requests: Record<string, string>[]): Promise<RawResponse[]> {
  for (let round = 0; round < 5; round++) {
    const answers: RawResponse[] = [];
    for (const headers of requests) answers.push(await get(url, headers));
    if (answers.slice(1).every((a) => a.headers['x-page-cache'] === 'hit' && a.headers.etag === answers[0]!.headers.etag)) return answers;
  }
  throw new Error(`${url} was not served from one kept page in five rounds`);
}

/** Waits until the change announced by the database has reached `instance` and dropped `key`. */
async function dropped(key: string, instance: FastifyInstance = app): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (!instance.pageCache!.lookup(key)) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${key} was not dropped`);
}

describe('the page cache of anonymous public pages', () => {
  it('renders a page once, then serves the same bytes in every encoding, with a validator and its own script hashes', async () => {
    const [first, second, third] = await fromOnePage(`${base}/gb/faq`, [{}, { 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip' }]) as [RawResponse, RawResponse, RawResponse];
    expect(first.status).toBe(200);
    expect(['miss', 'hit']).toContain(first.headers['x-page-cache']);
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(brotliDecompressSync(second.body).equals(first.body)).toBe(true);
    expect(gunzipSync(third.body).equals(first.body)).toBe(true);
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(String(first.headers['cache-control'])).toContain('public');

    const [, unchanged] = await fromOnePage(`${base}/gb/faq`, [{}, { 'if-none-match': String(first.headers.etag) }]) as [RawResponse, RawResponse];
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);

    // Every inline script is allowed by its hash, and the page carries no nonce to reuse.
    const html = first.body.toString('utf8');
    const csp = String(first.headers['content-security-policy']);
    expect(csp).not.toContain('nonce-');
    expect(html).not.toMatch(/\snonce="/);
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc=/.test(m[1]!));
    expect(inline.length).toBeGreaterThan(0);
    for (const m of inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(m[2]!).digest('base64')}'`);
  });

  it('shows a changed price on the next request after the change is committed', async () => {
    const page = '/gb/p/ember-usb-c-charger';
    const charger = "product_id = (SELECT id FROM catalog_product WHERE sku = 'ACC-CHARGER') AND store_code = 'gb'";
    const before = (await db.query<{ regular_minor: number }>(`SELECT regular_minor FROM catalog_product_price WHERE ${charger}`)).rows[0]!.regular_minor;
    await fromOnePage(`${base}${page}`, [{}, {}]);
    try {
      await db.query(`UPDATE catalog_product_price SET regular_minor = 4321 WHERE ${charger}`);
      await dropped(page);
      const after = await get(`${base}${page}`);
      expect(after.headers['x-page-cache']).toBe('miss');
      expect(after.body.toString('utf8')).toContain('43.21');
    } finally {
      await db.query(`UPDATE catalog_product_price SET regular_minor = $1 WHERE ${charger}`, [before]);
    }
  });

  it('gives a campaign link the page of its path, and keeps its tracking out of the HTML', async () => {
    const [plain, campaign] = await fromOnePage(`${base}/de/faq`, [{}, {}]) as [RawResponse, RawResponse];
    const tracked = await get(`${base}/de/faq?utm_source=mailshot&utm_campaign=herbst&gclid=Cj0KQ`);
    expect(tracked.status).toBe(200);
    if (tracked.headers['x-page-cache'] === 'hit') expect(tracked.headers.etag).toBe(campaign.headers.etag);
    expect(['hit', 'miss']).toContain(tracked.headers['x-page-cache']);
    expect(tracked.body.toString('utf8')).not.toMatch(/mailshot|herbst|Cj0KQ/);
    expect(plain.status).toBe(200);
    // A query the page may read is still rendered for its request alone.
    expect((await get(`${base}/de/p/ember-one?color=copper&utm_source=x`)).headers['x-page-cache']).toBeUndefined();
  });

  it('is not told of a sale of a well-stocked product, and drops the product pages when stock runs low', async () => {
    const charger = "product_id = (SELECT id FROM catalog_product WHERE sku = 'ACC-CHARGER')";
    const quantity = (await db.query<{ quantity: number }>(`SELECT quantity FROM inventory_stock WHERE ${charger}`)).rows[0]!.quantity;
    const setStock = (n: number) => db.query(`UPDATE inventory_stock SET quantity = $1 WHERE ${charger}`, [n]);
    const heard: string[] = [];
    const stop = await db.listen('ember_changes', (tag) => heard.push(tag));
    /** Every announcement made so far has arrived: they come in commit order, so one made after them has. */
    const settled = async (marker: string) => {
      await db.query('SELECT pg_notify($1, $2)', ['ember_changes', marker]);
      for (let i = 0; i < 200 && !heard.includes(marker); i++) await new Promise((r) => setTimeout(r, 10));
      expect(heard).toContain(marker);
    };
    try {
      await setStock(500);
      await settled('marker-1');
      heard.length = 0;
      await setStock(499);
      await setStock(120);
      await settled('marker-2');
      // On PostgreSQL other suites share the database and its announcements; on PGlite this suite has it alone.
      if (!process.env.DATABASE_URL) expect(heard).toEqual(['marker-2']);
      heard.length = 0;
      await fromOnePage(`${base}/gb/p/ember-one`, [{}, {}]);
      await setStock(3);
      for (let i = 0; i < 200 && !heard.includes('stock'); i++) await new Promise((r) => setTimeout(r, 10));
      expect(heard).toContain('stock');
      await dropped('/gb/p/ember-one');
    } finally {
      await stop();
      await setStock(quantity);
    }
  });

  it('gives a signed-in customer with a cart the same page as anyone, with nothing of theirs in it', async () => {
    const customer = await createCustomer(base, { firstname: 'Zebediah', lastname: 'Quartermaine' });
    const cart = await gql(base, 'query { customerCart { id } }', {}, { token: customer.token });
    const cartId = (cart.body as { data: { customerCart: { id: string } } }).data.customerCart.id;
    await gql(base, 'mutation ($c: String!) { addProductsToCart(cartId: $c, cartItems: [{ sku: "ACC-CHARGER", quantity: 2 }]) { cart { id } } }', { c: cartId }, { token: customer.token });
    const [anonymous, personal] = await fromOnePage(`${base}/gb/shop`, [{}, { cookie: `ember_session=${customer.token}`, authorization: `Bearer ${customer.token}` }]) as [RawResponse, RawResponse];
    expect(personal.headers['x-page-cache']).toBe('hit');
    expect(personal.body.equals(anonymous.body)).toBe(true);
    const html = personal.body.toString('utf8');
    for (const secret of ['Zebediah', 'Quartermaine', customer.email, customer.token, cartId]) expect(html).not.toContain(secret);
    expect(personal.headers['set-cookie']).toBeUndefined();
  });

  it('keeps nothing of the request that caused a render: a forged Host does not reach the page', async () => {
    app.pageCache!.invalidate(new Set(['content']));
    const forged = await get(`${base}/gb/legal/terms`, { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' });
    expect(forged.headers['x-page-cache']).toBe('miss');
    expect(forged.body.toString('utf8')).not.toContain('attacker.example');
    const later = await get(`${base}/gb/legal/terms`);
    expect(later.body.toString('utf8')).not.toContain('attacker.example');
  });

  it('never serves a page personal as a whole from the cache', async () => {
    for (const page of ['/gb/cart', '/gb/checkout', '/gb/account', '/gb/login', '/gb/loyalty']) {
      const res = await get(`${base}${page}`);
      expect(res.headers['x-page-cache'], page).toBeUndefined();
      expect(String(res.headers['cache-control']), page).toContain('private');
    }
    // An unknown page is answered, and not kept.
    const missing = await get(`${base}/gb/p/no-such-product-anywhere`);
    expect(missing.status).toBe(404);
    expect(app.pageCache!.lookup('/gb/p/no-such-product-anywhere')).toBeNull();
  });

  it('serves a page past its freshness once more while one render replaces it behind the answer', async () => {
    // Deaf to changes, so only time makes its page stale (other suites share a PostgreSQL database).
    const quick = await buildApp({ config: testConfig({ STOREFRONT_BUILD_DIR: BUILD_DIR, PAGE_CACHE_FRESH_S: '1', CHANGES_LISTEN: 'false' }), db, logger: false });
    await quick.listen({ host: '127.0.0.1', port: 0 });
    const address = quick.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/de/faq`;
    try {
      expect((await get(url)).headers['x-page-cache']).toBe('miss');
      await new Promise((r) => setTimeout(r, 1_100));
      expect((await get(url)).headers['x-page-cache']).toBe('stale');
      // The render behind the stale answer, after its connection closed, replaced the page.
      let state: unknown;
      for (let i = 0; i < 100 && state !== 'hit'; i++) {
        await new Promise((r) => setTimeout(r, 20));
        state = quick.pageCache!.lookup('/de/faq')?.state === 'fresh' ? 'hit' : undefined;
      }
      expect(state).toBe('hit');
      expect((await get(url)).headers['x-page-cache']).toBe('hit');
    } finally {
      await quick.close();
    }
  });
});

const hasRedis = await redisReachable();

describe.skipIf(!hasRedis)('the page cache shared by instances through Redis (REDIS_URL)', () => {
  const prefix = `test:${process.pid}:${Date.now()}:`;
  const instances: FastifyInstance[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const instance = await buildApp({ config: testConfig({ STOREFRONT_BUILD_DIR: BUILD_DIR, REDIS_URL: REDIS_TEST_URL, REDIS_PREFIX: prefix }), db, logger: false });
      await instance.listen({ host: '127.0.0.1', port: 0 });
      const address = instance.server.address();
      instances.push(instance);
      urls.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }
  });

  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await dropRedisKeys(prefix);
  });

  it('serves on a second instance the page the first rendered, and a changed price on both after the change', async () => {
    const page = '/ch/p/ember-usb-c-charger';
    const [a, b] = urls as [string, string];
    // Other suites share a PostgreSQL database: a round a change of theirs interrupted is tried again.
    // The first instance writes its page to the shared copy after answering; the second is asked
    // once it is there, so its very first answer shows whether it came from the shared copy.
    const redis = new Redis(REDIS_TEST_URL);
    let first: RawResponse | undefined;
    let second: RawResponse | undefined;
    try {
      for (let round = 0; round < 5; round++) {
        first = await get(`${a}${page}`);
        for (let i = 0; i < 100 && (await redis.keys(`${prefix}pages:page:*${page}`)).length === 0; i++) {
          await new Promise((r) => setTimeout(r, 20));
        }
        second = await get(`${b}${page}`);
        if (second.headers['x-page-cache'] === 'hit' && second.headers.etag === first.headers.etag) break;
        // Not that round's page: both instances forget it, and the next round renders it anew.
        for (const instance of instances) instance.pageCache!.invalidate(new Set(CHANGE_TAGS));
      }
    } finally {
      redis.disconnect();
    }
    expect(first!.status).toBe(200);
    expect(second!.headers['x-page-cache']).toBe('hit');
    expect(second!.body.equals(first!.body)).toBe(true);

    const charger = "product_id = (SELECT id FROM catalog_product WHERE sku = 'ACC-CHARGER') AND store_code = 'ch'";
    const before = (await db.query<{ regular_minor: number }>(`SELECT regular_minor FROM catalog_product_price WHERE ${charger}`)).rows[0]!.regular_minor;
    try {
      await db.query(`UPDATE catalog_product_price SET regular_minor = 8765 WHERE ${charger}`);
      await dropped(page, instances[0]);
      await dropped(page, instances[1]);
      for (const url of [b, a]) expect((await get(`${url}${page}`)).body.toString('utf8')).toContain('87.65');
    } finally {
      await db.query(`UPDATE catalog_product_price SET regular_minor = $1 WHERE ${charger}`, [before]);
    }
  });
});
