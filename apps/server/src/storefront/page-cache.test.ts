import { describe, expect, it } from 'vitest';
import type { ChangeTag } from '../platform/changes.js';
import { PageCache, type CachedPage } from './page-cache.js';
import { cachedRoute } from './storefront.cached.js';

const tags = (...t: ChangeTag[]) => new Set<ChangeTag>(t);

function page(text: string, t: ReadonlySet<ChangeTag> = tags('catalog')): CachedPage {
  const body = Buffer.from(text);
  return { status: 200, headers: { 'content-type': 'text/html' }, identity: body, br: body, gzip: body, etag: `W/"${text}"`, tags: t };
}

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('the page cache', () => {
  it('renders a page once for requests that come while it renders', async () => {
    const cache = new PageCache({ maxBytes: 1e6, freshMs: 1000, staleMs: 1000 });
    let renders = 0;
    let finish!: (p: CachedPage) => void;
    const render = () => {
      renders++;
      return new Promise<CachedPage>((resolve) => (finish = resolve));
    };
    const all = Array.from({ length: 20 }, () => cache.fill('/gb/', tags('catalog'), render));
    finish(page('home'));
    const pages = await Promise.all(all);
    expect(renders).toBe(1);
    expect(new Set(pages.map((p) => p?.etag))).toEqual(new Set(['W/"home"']));
    expect(cache.lookup('/gb/')?.state).toBe('fresh');
  });

  it('serves a page fresh, then stale while it may be rendered again, then no more', async () => {
    const c = clock();
    const cache = new PageCache({ maxBytes: 1e6, freshMs: 1000, staleMs: 5000, now: c.now });
    await cache.fill('/gb/faq', tags('content'), async () => page('faq'));
    expect(cache.lookup('/gb/faq')?.state).toBe('fresh');
    c.advance(1001);
    expect(cache.lookup('/gb/faq')?.state).toBe('stale');
    c.advance(5000);
    expect(cache.lookup('/gb/faq')).toBeNull();
    expect(cache.size.pages).toBe(0);
  });

  it('drops the pages of an announced change, and keeps those that do not show it', async () => {
    const cache = new PageCache({ maxBytes: 1e6, freshMs: 60_000, staleMs: 0 });
    await cache.fill('/gb/p/ember-one', tags('catalog', 'stock'), async () => page('product', tags('catalog', 'stock')));
    await cache.fill('/gb/faq', tags('content'), async () => page('faq', tags('content')));
    expect(cache.invalidate(tags('stock'))).toBe(1);
    expect(cache.lookup('/gb/p/ember-one')).toBeNull();
    expect(cache.lookup('/gb/faq')?.state).toBe('fresh');
  });

  it('does not keep a render that was under way when its data changed, and renders anew for the next request', async () => {
    const cache = new PageCache({ maxBytes: 1e6, freshMs: 60_000, staleMs: 0 });
    let finish!: (p: CachedPage) => void;
    const first = cache.fill('/gb/shop', tags('catalog'), () => new Promise<CachedPage>((resolve) => (finish = resolve)));
    cache.invalidate(tags('catalog'));
    let renders = 0;
    const second = cache.fill('/gb/shop', tags('catalog'), async () => {
      renders++;
      return page('new prices');
    });
    finish(page('old prices'));
    expect((await first)?.etag).toBe('W/"old prices"');
    expect((await second)?.etag).toBe('W/"new prices"');
    expect(renders).toBe(1);
    expect(cache.lookup('/gb/shop')?.page.etag).toBe('W/"new prices"');
  });

  it('keeps no page a render refused, and lets the next request render again', async () => {
    const cache = new PageCache({ maxBytes: 1e6, freshMs: 60_000, staleMs: 0 });
    expect(await cache.fill('/gb/p/gone', tags('catalog'), async () => null)).toBeNull();
    expect(cache.lookup('/gb/p/gone')).toBeNull();
    await expect(cache.fill('/gb/p/broken', tags('catalog'), async () => {
      throw new Error('render failed');
    })).rejects.toThrow('render failed');
    expect(await cache.fill('/gb/p/broken', tags('catalog'), async () => page('fixed'))).not.toBeNull();
  });

  it('stays within its bytes, dropping the least recently served pages first', async () => {
    const cache = new PageCache({ maxBytes: 3 * (8 + 3 * 100), freshMs: 60_000, staleMs: 0 });
    const hundred = (c: string) => page(c.repeat(100));
    await cache.fill('/gb/p/aa', tags('catalog'), async () => hundred('a'));
    await cache.fill('/gb/p/bb', tags('catalog'), async () => hundred('b'));
    await cache.fill('/gb/p/cc', tags('catalog'), async () => hundred('c'));
    cache.lookup('/gb/p/aa');
    await cache.fill('/gb/p/dd', tags('catalog'), async () => hundred('d'));
    expect(cache.lookup('/gb/p/bb')).toBeNull();
    expect(cache.lookup('/gb/p/aa')).not.toBeNull();
    expect(cache.lookup('/gb/p/dd')).not.toBeNull();
    expect(cache.size.bytes).toBeLessThanOrEqual(3 * (8 + 3 * 100));
  });
});

describe('which requests the page cache answers', () => {
  it('takes the public pages of every store view, a listing with its query', () => {
    expect(cachedRoute('GET', '/gb/')?.key).toBe('/gb/');
    expect(cachedRoute('HEAD', '/de/p/ember-one')?.key).toBe('/de/p/ember-one');
    expect(cachedRoute('GET', '/gb_trial/faq')?.key).toBe('/gb_trial/faq');
    expect(cachedRoute('GET', '/ch/legal/privacy')?.key).toBe('/ch/legal/privacy');
    expect(cachedRoute('GET', '/gb/shop/devices?sort=price_asc&page=2')?.key).toBe('/gb/shop/devices?sort=price_asc&page=2');
    expect([...(cachedRoute('GET', '/gb/faq')?.tags ?? [])]).not.toContain('stock');
    expect(cachedRoute('GET', '/gb/?')?.key).toBe('/gb/');
    expect(cachedRoute('GET', '/de/flavor-finder')?.key).toBe('/de/flavor-finder');
  });

  it('gives a campaign link the page of its path, and a listing its own query without the tracking', () => {
    expect(cachedRoute('GET', '/gb/?utm_source=newsletter&utm_medium=email&utm_campaign=spring')?.key).toBe('/gb/');
    expect(cachedRoute('GET', '/de/p/ember-one?gclid=abc123')?.key).toBe('/de/p/ember-one');
    expect(cachedRoute('GET', '/ch/faq?fbclid=x&_gl=1*abc')?.key).toBe('/ch/faq');
    expect(cachedRoute('GET', '/gb/shop/devices?utm_source=x&sort=price_asc&msclkid=y&page=2')?.key).toBe('/gb/shop/devices?sort=price_asc&page=2');
    expect(cachedRoute('GET', '/gb/shop?UTM_Source=x')?.key).toBe('/gb/shop');
    expect([...(cachedRoute('GET', '/gb/p/ember-one')?.tags ?? [])]).toEqual(expect.arrayContaining(['catalog', 'stock', 'content', 'config']));
  });

  it('never takes a page personal as a whole, another method, or a page with a query it does not read', () => {
    for (const path of ['/gb/cart', '/gb/checkout', '/gb/checkout/success', '/gb/account', '/gb/login', '/gb/register',
      '/gb/reset-password', '/gb/loyalty', '/gb/loyalty/account', '/gb/referral', '/graphql', '/gb/search?q=mint', '/gb/search', '/gb/stores?q=SW1A', '/gb/p/ember-one?color=copper', '/gb/?utm_source=x&color=copper']) {
      expect(cachedRoute('GET', path), path).toBeNull();
    }
    expect(cachedRoute('POST', '/gb/')).toBeNull();
    expect(cachedRoute('GET', `/gb/p/${'a'.repeat(300)}`)).toBeNull();
  });
});
