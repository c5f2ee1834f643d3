import { createProduct, restCall } from '@ember/test-support';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { inTransaction } from '../../platform/transaction.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import type { SearchSource } from './search.source.js';
import { SearchService } from './search.service.js';

let server: TestServer;
let db: Db;
const ADMIN = { authorization: 'Bearer search-operator-token-0123456789abcdef' };
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { ADMIN_TOKEN: 'search-operator-token-0123456789abcdef' });
const shop = () => ({ url: server.url, app: server.app });

interface Item { type: string; id: string; title: string; url: string; title_html: string | null; snippet: string }
interface Answer { total: number; total_pages: number; page: number; counts: Record<'product' | 'article' | 'faq' | 'page', number>; corrected_query: string | null; suggestions: string[]; items: Item[] }

async function find(store: string, query: string, extra = ''): Promise<Answer> {
  const r = await restCall(shop(), 'GET', `/api/search?q=${encodeURIComponent(query)}${extra}`, undefined, { store });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Answer;
}

describe('relevance on the demo catalogue', () => {
  // store view, query, what the first result must be
  const cases: [string, string, string, string][] = [
    ['gb', 'mint', 'flavour name', 'Ember Sticks Mint'],
    ['gb', 'Ember One', 'exact name before longer names', 'Ember One'],
    ['gb', 'amberr', 'typo', 'Ember Sticks Amber'],
    ['gb', 'citr', 'prefix while typing', 'Ember Sticks Citrus'],
    ['gb', 'cleaning', 'product name', 'Ember Cleaning Kit'],
    ['gb', 'warranties', 'stemmed form (warranty)', 'What warranty do Ember devices have?'],
    ['de', 'minze', 'flavour name', 'Ember Sticks Minze'],
    ['de', 'bernstien', 'typo', 'Ember Sticks Bernstein'],
    ['de', 'zitr', 'prefix while typing', 'Ember Sticks Zitrus'],
    ['de', 'Garantien', 'stemmed form (Garantie)', 'Welche Garantie haben Ember-Geräte?'],
    ['gb', 'travelling', 'blog article', 'Travelling with Ember'],
    ['de', 'Reisen', 'blog article', 'Mit Ember auf Reisen'],
    ['gb', 'heat profil', 'blog article by prefix', 'The heat profile explained'],
  ];
  it.each(cases)('%s "%s" (%s) finds %s first', async (store, query, _why, first) => {
    const answer = await find(store, query);
    expect(answer.items[0]?.title).toBe(first);
    for (const item of answer.items) expect(item.url.startsWith(`/${store}/`)).toBe(true);
  });

  it('corrects a misspelt word and says so', async () => {
    expect((await find('de', 'bernstien')).corrected_query).toBe('bernstein');
    expect((await find('gb', 'mint')).corrected_query).toBeNull();
  });

  it('searches each store view in its own language', async () => {
    const gb = await find('gb', 'Minze');
    expect(gb.items.every((i) => i.url.startsWith('/gb/') && !i.title.includes('Minze'))).toBe(true);
    const de = await find('de', 'Minze', '&type=product');
    expect(de.items.map((i) => i.url)).toContain('/de/p/ember-sticks-mint-pack');
  });

  it('filters by type, counts every type and pages through the results', async () => {
    const all = await find('gb', 'ember', '&per_page=5');
    expect(all.counts.product).toBeGreaterThan(5);
    expect(all.counts.faq).toBeGreaterThan(0);
    expect(all.total).toBe(all.counts.product + all.counts.article + all.counts.faq + all.counts.page);
    expect(all.items).toHaveLength(5);
    const faqs = await find('gb', 'ember', '&type=faq&per_page=50');
    expect(faqs.items.every((i) => i.type === 'faq')).toBe(true);
    expect(faqs.total).toBe(all.counts.faq);
    const first = await find('gb', 'ember', '&type=product&per_page=3&page=1');
    const second = await find('gb', 'ember', '&type=product&per_page=3&page=2');
    expect(second.page).toBe(2);
    expect(second.items).toHaveLength(3);
    expect(second.items.map((i) => i.id)).not.toEqual(expect.arrayContaining(first.items.map((i) => i.id)));
    expect(first.total_pages).toBe(Math.ceil(first.total / 3));
  });

  it('links FAQ answers to their place on the FAQ page and products to their page', async () => {
    const faq = await find('gb', 'warranty', '&type=faq');
    expect(faq.items[0]?.url).toMatch(/^\/gb\/faq#faq-\d+$/);
    const product = await find('gb', 'frost', '&type=product');
    expect(product.items[0]?.url).toBe('/gb/p/ember-sticks-frost-pack');
  });

  it('suggests other searches when nothing is found', async () => {
    const none = await find('gb', 'sticks amberish zzz');
    expect(none.total).toBe(0);
    const typo = await find('gb', 'ember stiks citrsu');
    expect(typo.total).toBeGreaterThan(0);
    expect(typo.corrected_query).toBe('ember sticks citrus');
  });

  it('marks the matched words in titles and excerpts', async () => {
    const answer = await find('gb', 'frost', '&highlight=true&type=product');
    expect(answer.items[0]?.title_html).toBe('Ember Sticks <mark>Frost</mark>');
    expect(answer.items[0]?.snippet).toContain('<mark>');
    const plain = await find('gb', 'frost', '&type=product');
    expect(plain.items[0]?.title_html).toBeNull();
    expect(plain.items[0]?.snippet).not.toContain('<mark>');
  });
});

describe('bad queries', () => {
  it.each([
    ['', 'empty'], ['%20%20', 'blank'], ['a', 'one letter'], ['!!!%3F%3F', 'no letters'], [encodeURIComponent('x'.repeat(101)), 'too long'],
    [encodeURIComponent('one two three four five six seven eight nine'), 'too many words'],
  ])('"%s" (%s) is a 400 in the error vocabulary', async (q) => {
    const r = await restCall(shop(), 'GET', `/api/search?q=${q}`, undefined, { store: 'gb' });
    expect(r.status).toBe(400);
    expect((r.body as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
  });

  it.each(['&per_page=51', '&per_page=0', '&page=0', '&page=101', '&type=user', '&lang=fr', '&highlight=maybe', '&sort=price'])('%s is a 400', async (extra) => {
    const r = await restCall(shop(), 'GET', `/api/search?q=mint${extra}`, undefined, { store: 'gb' });
    expect(r.status).toBe(400);
  });

  it('an unknown store view is a 400, a query without q too', async () => {
    expect((await restCall(shop(), 'GET', '/api/search?q=mint', undefined, { store: 'xx' })).status).toBe(400);
    expect((await restCall(shop(), 'GET', '/api/search', undefined, { store: 'gb' })).status).toBe(400);
  });

  it('a market whose platform configuration turns the search off has none', async () => {
    const put = (on: boolean) => restCall(shop(), 'PUT', '/admin/platform/configuration/gb_trial', { operator: 'search suite', settings: { search_enabled: on } }, { headers: ADMIN });
    expect((await put(false)).status).toBe(200);
    try {
      const r = await restCall(shop(), 'GET', '/api/search?q=ember', undefined, { store: 'gb_trial' });
      expect(r.status).toBe(404);
      expect((r.body as { error: { code: string } }).error.code).toBe('ENTITY_NOT_FOUND');
      expect((await restCall(shop(), 'GET', '/api/search?q=ember', undefined, { store: 'gb' })).status).toBe(200);
    } finally {
      expect((await put(true)).status).toBe(200);
    }
    expect((await restCall(shop(), 'GET', '/api/search?q=ember', undefined, { store: 'gb_trial' })).status).toBe(200);
  });

  it('query syntax characters are words, not operators', async () => {
    for (const q of ["mint & !frost | (x)", "mint:* <-> 'a'", 'mint\\', 'ember one"']) {
      const r = await restCall(shop(), 'GET', `/api/search?q=${encodeURIComponent(q)}`, undefined, { store: 'gb' });
      expect(r.status, q).toBe(200);
    }
  });
});

describe('the index follows the owners\u2019 data', () => {
  it('a product the catalogue adds, renames or stops selling is found, renamed or dropped at the next rebuild', async () => {
    const product = await createProduct(db, { stores: ['gb'], prefix: 'SRCH' });
    const word = `zebrawood${process.pid}`;
    await db.query(`UPDATE catalog_product_text SET name = $2 WHERE product_id = $1`, [product.id, `Ember ${word} Case`]);
    expect((await find('gb', word)).total).toBe(0);
    const rebuilt = await inTransaction(db, (tx) => server.app.services.search.rebuild(tx));
    expect(rebuilt).toContain('products');
    const found = await find('gb', word);
    expect(found.items.map((i) => i.id)).toEqual([product.sku]);
    expect((await find('de', word)).total).toBe(0);

    await db.query(`UPDATE catalog_product_text SET name = $2 WHERE product_id = $1`, [product.id, `Ember ${word}x Sleeve`]);
    await inTransaction(db, (tx) => server.app.services.search.rebuild(tx));
    expect((await find('gb', `${word}x sleeve`)).items.map((i) => i.id)).toEqual([product.sku]);

    await db.query(`DELETE FROM catalog_product_price WHERE product_id = $1`, [product.id]);
    await inTransaction(db, (tx) => server.app.services.search.rebuild(tx));
    expect((await find('gb', `${word}x`)).total).toBe(0);
  });

  it('nothing changed: a rebuild rebuilds nothing', async () => {
    await inTransaction(db, (tx) => server.app.services.search.rebuild(tx));
    const again = await inTransaction(db, (tx) => server.app.services.search.rebuild(tx));
    // Other suites may change the catalogue meanwhile on a shared database; the FAQ is theirs to read only.
    expect(again).not.toContain('faq');
  });

  it('highlighting is safe against markup in the indexed text', async () => {
    const word = `quokkaword${process.pid}`;
    const hostile = `<script>alert(1)</script> <img src=x onerror=alert(2)> ${word} "quoted" & <mark>fake</mark> \u0002forged\u0003`;
    const source: SearchSource = {
      name: `test-hostile-${process.pid % 100000}`,
      type: 'page',
      documents: async () => [{
        type: 'page', ref: 'hostile', store_code: 'gb', language: 'en', title: `${word} <b>bold</b>`, subtitle: '', body: hostile, url: '/gb/legal/terms', image_url: null,
      }],
    };
    const service = new SearchService([source]);
    try {
      await inTransaction(db, (tx) => service.refresh(tx, source.name, ['hostile']));
      const answer = await find('gb', word, '&highlight=true');
      const item = answer.items.find((i) => i.id === 'hostile');
      expect(item).toBeDefined();
      for (const html of [item!.title_html!, item!.snippet]) {
        expect(html.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
        expect(html).toContain(`<mark>${word}</mark>`);
      }
      expect(item!.snippet).toContain('&amp;');
      expect(item!.snippet).not.toContain('<mark>fake');
      expect(item!.snippet).not.toContain('<mark>forged');
    } finally {
      await db.query(`DELETE FROM search_document WHERE source = $1`, [source.name]);
    }
  });
});
