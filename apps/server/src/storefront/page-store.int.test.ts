import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeTag } from '../platform/changes.js';
import { dropRedisKeys, REDIS_TEST_URL as REDIS_URL, redisReachable } from '../test/redis.js';
import { PageCache, type CachedPage } from './page-cache.js';
import { decodeSharedPage, encodeSharedPage, RedisPageStore } from './page-store.js';

const hasRedis = await redisReachable();

const tags = (...t: ChangeTag[]) => new Set<ChangeTag>(t);

function page(html: string, pageTags = tags('catalog', 'content', 'config')): CachedPage {
  const identity = Buffer.from(html);
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "script-src 'self'" },
    identity,
    br: Buffer.from(`br:${html}`),
    gzip: Buffer.from(`gz:${html}`),
    etag: `W/"${html.length}"`,
    tags: pageTags,
  };
}

const clients: Redis[] = [];
let prefix: string;

/** One instance's page cache with its own connection to the shared Redis. */
function instance(opts: { url?: string; errors?: unknown[]; now?: () => number; claimMs?: number } = {}): PageCache {
  const redis = new Redis(opts.url ?? REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: opts.url ? false : true, retryStrategy: opts.url ? () => null : undefined });
  redis.on('error', () => undefined);
  clients.push(redis);
  return new PageCache({
    maxBytes: 1_000_000, freshMs: 60_000, staleMs: 600_000, now: opts.now,
    shared: new RedisPageStore(redis, prefix), renderClaimMs: opts.claimMs,
    onSharedError: (err) => opts.errors?.push(err),
  });
}

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe.skipIf(!hasRedis)('the page cache shared by every instance through Redis', () => {
  beforeAll(() => {
    prefix = `test:${randomUUID()}:pages:`;
  });

  afterAll(async () => {
    await dropRedisKeys(prefix);
    for (const c of clients) c.disconnect();
  });

  it('keeps a page as one value that reads back byte for byte, and refuses anything else', () => {
    const p = page('<html>ü</html>', tags('catalog', 'stock'));
    const back = decodeSharedPage(encodeSharedPage(p, 1234, { catalog: 3, stock: 1, content: 0, config: 0 }))!;
    expect(back.page.identity.equals(p.identity) && back.page.br.equals(p.br) && back.page.gzip.equals(p.gzip)).toBe(true);
    expect(back.page.etag).toBe(p.etag);
    expect([...back.page.tags]).toEqual(['catalog', 'stock']);
    expect(back.page.headers).toEqual(p.headers);
    expect(back.storedAt).toBe(1234);
    expect(back.stamp.catalog).toBe(3);
    expect(decodeSharedPage(Buffer.from('not a page'))).toBeNull();
    expect(decodeSharedPage(encodeSharedPage(p, 1, back.stamp).subarray(0, 40))).toBeNull();
  });

  it('serves on every instance the page one instance rendered, with no render of its own', async () => {
    const a = instance();
    const b = instance();
    let renders = 0;
    await a.fill('/gb/faq', tags('catalog'), async () => {
      renders++;
      return page('<p>faq</p>');
    });
    // The shared write follows the answer; b waits until it is there.
    let found = await b.lookupShared('/gb/faq');
    for (let i = 0; i < 50 && !found; i++) {
      await new Promise((r) => setTimeout(r, 10));
      found = await b.lookupShared('/gb/faq');
    }
    expect(found?.state).toBe('fresh');
    expect(found?.page.identity.toString()).toBe('<p>faq</p>');
    // Now in b's own memory too.
    expect(b.lookup('/gb/faq')?.page.etag).toBe(found?.page.etag);
    expect(renders).toBe(1);
  });

  it('renders a page once when two instances miss it at the same moment', async () => {
    const a = instance();
    const b = instance();
    const release = deferred<void>();
    let renders = 0;
    const render = async () => {
      renders++;
      await release.promise;
      return page('<p>home</p>');
    };
    const first = a.fill('/de/', tags('catalog'), render);
    // b's claim comes second: it waits for a's page.
    await new Promise((r) => setTimeout(r, 50));
    const second = b.fill('/de/', tags('catalog'), render);
    await new Promise((r) => setTimeout(r, 50));
    release.resolve();
    const [pa, pb] = await Promise.all([first, second]);
    expect(renders).toBe(1);
    expect(pb?.identity.toString()).toBe('<p>home</p>');
    expect(pa?.etag).toBe(pb?.etag);
  });

  it('drops a page for every instance when one hears of a change it shows, and keeps the others', async () => {
    const a = instance();
    const b = instance();
    await a.fill('/ch/p/ember-one', tags('catalog', 'stock'), async () => page('<p>product</p>', tags('catalog', 'stock')));
    await a.fill('/ch/legal/terms', tags('content'), async () => page('<p>terms</p>', tags('content')));
    await new Promise((r) => setTimeout(r, 50));
    expect(await b.lookupShared('/ch/p/ember-one')).not.toBeNull();
    // Only a hears it (the others have not yet): the shared copy is enough for b.
    a.invalidate(tags('stock'));
    await new Promise((r) => setTimeout(r, 50));
    const c = instance();
    expect(await c.lookupShared('/ch/p/ember-one')).toBeNull();
    expect((await c.lookupShared('/ch/legal/terms'))?.page.identity.toString()).toBe('<p>terms</p>');
  });

  it('never serves a page whose render was under way when a change it shows was announced', async () => {
    const a = instance();
    const b = instance();
    const release = deferred<void>();
    const rendering = a.fill('/gb/shop', tags('catalog'), async () => {
      await release.promise;
      return page('<p>old price</p>');
    });
    await new Promise((r) => setTimeout(r, 50));
    // The change reaches b first; a has not heard of it when its render ends.
    b.invalidate(tags('catalog'));
    await new Promise((r) => setTimeout(r, 50));
    release.resolve();
    expect((await rendering)?.identity.toString()).toBe('<p>old price</p>');
    await new Promise((r) => setTimeout(r, 50));
    expect(await b.lookupShared('/gb/shop')).toBeNull();
    expect(await instance().lookupShared('/gb/shop')).toBeNull();
  });

  it('serves a page past its freshness as stale on the instance that takes it from the shared copy', async () => {
    let clock = 1_000_000;
    const a = instance({ now: () => clock });
    await a.fill('/gb/contact', tags('content'), async () => page('<p>contact</p>', tags('content')));
    await new Promise((r) => setTimeout(r, 50));
    clock += 61_000;
    const b = instance({ now: () => clock });
    expect((await b.lookupShared('/gb/contact'))?.state).toBe('stale');
    clock += 600_000;
    expect(await instance({ now: () => clock }).lookupShared('/gb/contact')).toBeNull();
  });

  it('keeps one build\'s pages from another build\'s instances', async () => {
    const a = instance();
    a.forRelease('build-1');
    const b = instance();
    b.forRelease('build-2');
    await a.fill('/gb/legal/privacy', tags('content'), async () => page('<p>privacy</p>', tags('content')));
    await new Promise((r) => setTimeout(r, 50));
    expect(await b.lookupShared('/gb/legal/privacy')).toBeNull();
    const c = instance();
    c.forRelease('build-1');
    expect(await c.lookupShared('/gb/legal/privacy')).not.toBeNull();
  });

  it('renders and keeps pages in its own memory when Redis cannot be reached', async () => {
    const errors: unknown[] = [];
    const lonely = instance({ url: 'redis://127.0.0.1:1', errors });
    let renders = 0;
    const got = await lonely.fill('/gb/', tags('catalog'), async () => {
      renders++;
      return page('<p>home</p>');
    });
    expect(got?.identity.toString()).toBe('<p>home</p>');
    expect(renders).toBe(1);
    expect(lonely.lookup('/gb/')?.state).toBe('fresh');
    expect(await lonely.lookupShared('/gb/faq')).toBeNull();
    expect(errors.length).toBeGreaterThan(0);
  });
});
