import { describe, expect, it } from 'vitest';
import { gql, serveForSuite, type TestServer } from '../test/test-app.js';
import type { Db } from '../platform/db.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { PUBLIC_BASE_URL: 'https://shop.example', PUBLIC_BASE_URLS: 'de=https://shop.example.de' });

const ORIGIN: Record<string, string> = { gb: 'https://shop.example', de: 'https://shop.example.de', ch: 'https://shop.example' };
const HREFLANG: Record<string, string> = { gb: 'en-GB', de: 'de-DE', ch: 'de-CH' };
const LANGUAGE: Record<string, string> = { gb: 'en', de: 'de', ch: 'de' };
const HOSTILE = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' };

/** The URLs of a sitemap with each one's hreflang alternates. */
function parseUrlset(body: string): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const block of body.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const loc = /<loc>([^<]+)<\/loc>/.exec(block[1]!)![1]!;
    const alternates = new Map([...block[1]!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1]!, m[2]!]));
    out.set(loc, alternates);
  }
  return out;
}

/** Every public path of a store view the shop's data says exists, read before the sitemap is made. */
async function expectedPaths(store: string): Promise<string[]> {
  const language = LANGUAGE[store]!;
  const products = await db.query<{ url_key: string }>(
    `SELECT p.url_key FROM catalog_product p JOIN catalog_product_price pr ON pr.product_id = p.id AND pr.store_code = $1
      WHERE p.is_active AND p.is_visible`,
    [store],
  );
  const categories = (await gql(server, '{ categories(filters: { url_key: { eq: "catalog" } }) { items { children { url_key children { url_key } } } } }', {}, { store })).body.data.categories.items[0].children as { url_key: string; children: { url_key: string }[] }[];
  const legal = (await gql(server, '{ legalPages { identifier } }', {}, { store })).body.data.legalPages as { identifier: string }[];
  const marketing = await db.query<{ slug: string }>('SELECT slug FROM content_marketing_page WHERE language = $1', [language]);
  const articles = await db.query<{ slug: string }>('SELECT slug FROM content_blog_article WHERE language = $1 AND published_at <= now()', [language]);
  const faqs = (await gql(server, '{ faqs { id } }', {}, { store })).body.data.faqs as unknown[];
  expect(faqs.length).toBeGreaterThan(0);
  return [
    '/', '/shop', '/faq', '/contact', '/get-started', '/blog', '/stores', '/flavor-finder', '/loyalty',
    ...categories.flatMap((c) => [c.url_key, ...(c.children ?? []).map((k) => k.url_key)]).map((k) => `/shop/${k}`),
    ...products.rows.map((p) => `/p/${p.url_key}`),
    ...legal.map((p) => `/legal/${p.identifier}`),
    ...marketing.rows.map((m) => `/discover/${m.slug}`),
    ...articles.rows.map((a) => `/blog/${a.slug}`),
  ].map((p) => `${ORIGIN[store]}/${store}${p}`);
}

describe('sitemaps', () => {
  it('list every public page of each market, with hreflang alternates to the other language\'s market', async () => {
    const expected = { gb: await expectedPaths('gb'), de: await expectedPaths('de'), ch: await expectedPaths('ch') };
    const maps: Record<string, Map<string, Map<string, string>>> = {};
    for (const store of ['gb', 'de', 'ch'] as const) {
      const res = await fetch(`${server.url}/${store}/sitemap.xml`, { headers: HOSTILE });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/xml');
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
      const body = await res.text();
      expect(body).not.toContain('evil.example');
      maps[store] = parseUrlset(body);
      expect([...maps[store].keys()]).toEqual(expect.arrayContaining(expected[store]));
      // Nothing personal, and no page twice.
      expect([...maps[store].keys()].filter((u) => /\/(cart|checkout|account|login|search)\b/.test(u))).toEqual([]);
      expect(new Set(maps[store].keys()).size).toBe(maps[store].size);
    }
    // The same article in both languages: each names itself and the other language's store views.
    const gbArticle = maps.gb!.get('https://shop.example/gb/blog/caring-for-your-ember-one')!;
    expect(Object.fromEntries(gbArticle)).toEqual({
      'en-GB': 'https://shop.example/gb/blog/caring-for-your-ember-one',
      'de-DE': 'https://shop.example.de/de/blog/caring-for-your-ember-one',
      'de-CH': 'https://shop.example/ch/blog/caring-for-your-ember-one',
    });
    const deHome = maps.de!.get('https://shop.example.de/de/')!;
    expect(Object.fromEntries(deHome)).toEqual({ 'de-DE': 'https://shop.example.de/de/', 'en-GB': 'https://shop.example/gb/' });
    // The imprint exists only in the German-speaking markets: its gb alternate is missing.
    const imprint = maps.de!.get('https://shop.example.de/de/legal/imprint')!;
    expect([...imprint.keys()]).toEqual(['de-DE']);
    // Every alternate a sitemap names is a page of that market's own sitemap.
    for (const store of ['gb', 'de', 'ch']) {
      for (const [, alternates] of maps[store]!) {
        for (const [lang, href] of alternates) {
          const other = Object.keys(HREFLANG).find((s) => HREFLANG[s] === lang)!;
          expect(maps[other]!.has(href)).toBe(true);
        }
      }
    }
  });

  it('index the markets\' sitemaps at their configured origins, leaving the trial shop out', async () => {
    const res = await fetch(`${server.url}/sitemap.xml`, { headers: HOSTILE });
    expect(res.status).toBe(200);
    const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(['https://shop.example/gb/sitemap.xml', 'https://shop.example.de/de/sitemap.xml', 'https://shop.example/ch/sitemap.xml']);
    expect((await fetch(`${server.url}/gb_trial/sitemap.xml`)).status).toBe(404);
    expect((await fetch(`${server.url}/nowhere/sitemap.xml`)).status).toBe(404);
  });

  it('are compressed for clients that accept it', async () => {
    const res = await fetch(`${server.url}/gb/sitemap.xml`, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toContain('<urlset');
  });
});

describe('robots.txt', () => {
  it('allows the public pages, keeps crawlers out of personal pages and search results, and names the sitemaps', async () => {
    const res = await fetch(`${server.url}/robots.txt`, { headers: HOSTILE });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const body = await res.text();
    expect(body).toContain('User-agent: *\nAllow: /\n');
    for (const path of ['/*/cart', '/*/checkout', '/*/account', '/*/search', '/api/', '/graphql']) expect(body).toContain(`Disallow: ${path}\n`);
    expect(body).toContain('Sitemap: https://shop.example/sitemap.xml\n');
    expect(body).toContain('Sitemap: https://shop.example.de/de/sitemap.xml\n');
    expect(body).not.toContain('evil.example');
  });
});
