import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gql, serveForSuite, type TestServer } from '../../test/test-app.js';
import type { Db } from '../../platform/db.js';
import { blogArticlesSearchSource, contentPagesSearchSource } from './content.search.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { PUBLIC_BASE_URL: 'https://shop.example', PUBLIC_BASE_URLS: 'de=https://shop.example.de' });

const LIST = `query ($page: Int, $size: Int, $category: String) {
  blogArticles(currentPage: $page, pageSize: $size, category: $category) {
    total_count page_info { current_page page_size total_pages } categories
    items { slug title summary content author published_at hero_image categories }
  }
}`;
const ARTICLE = `query ($slug: String!) {
  blogArticle(slug: $slug) {
    slug title content author published_at hero_image hero_image_alt categories meta_title meta_description store_codes
    related_products { sku url_key name }
  }
}`;
const PAGE = 'query ($id: String!) { contentPage(identifier: $id) { identifier title meta_description content } }';

/** The published articles of a language, newest first, as the database holds them now. */
async function publishedSlugs(language: string, category?: string): Promise<string[]> {
  const { rows } = await db.query<{ slug: string }>(
    `SELECT slug FROM content_blog_article WHERE language = $1 AND published_at <= now() AND ($2::text IS NULL OR $2 = ANY(categories))
      ORDER BY published_at DESC, id DESC`,
    [language, category ?? null],
  );
  return rows.map((r) => r.slug);
}

async function insertArticle(language: string, slug: string, publishedAt: string): Promise<void> {
  await db.query(
    `INSERT INTO content_blog_article (language, slug, title, summary, body, author, published_at, categories)
     VALUES ($1, $2, 'Scheduled', 'Not yet.', '## Soon' || chr(10) || chr(10) || 'Later.', 'Editor', $3::timestamptz, '{news}')`,
    [language, slug, publishedAt],
  );
}

describe('blog articles', () => {
  it('lists the store language\'s published articles newest first, six to a page, with the page count', async () => {
    const first = (await gql(server, LIST, { page: 1, size: 6 }, { store: 'gb' })).body.data.blogArticles;
    const expected = await publishedSlugs('en');
    expect(expected.length).toBeGreaterThanOrEqual(7);
    expect(first.total_count).toBe(expected.length);
    expect(first.page_info).toEqual({ current_page: 1, page_size: 6, total_pages: Math.ceil(expected.length / 6) });
    expect(first.items.map((a: { slug: string }) => a.slug)).toEqual(expected.slice(0, 6));
    // Lists carry no bodies; every article has its author, date and hero picture.
    for (const a of first.items) {
      expect(a.content).toBe('');
      expect(a.author).not.toBe('');
      expect(Date.parse(a.published_at)).toBeLessThanOrEqual(Date.now());
    }
    expect(first.items.find((a: { slug: string }) => a.slug === 'caring-for-your-ember-one')?.hero_image ?? '/media/').toMatch(/^\/media\//);
    const second = (await gql(server, LIST, { page: 2, size: 6 }, { store: 'gb' })).body.data.blogArticles;
    expect(second.items.map((a: { slug: string }) => a.slug)).toEqual(expected.slice(6, 12));
    const beyond = (await gql(server, LIST, { page: 99, size: 6 }, { store: 'gb' })).body.data.blogArticles;
    expect(beyond).toMatchObject({ items: [], total_count: expected.length });
  });

  it('shows the German store views German articles, and filters by category', async () => {
    for (const store of ['de', 'ch']) {
      const list = (await gql(server, LIST, { size: 24 }, { store })).body.data.blogArticles;
      expect(list.items.map((a: { slug: string }) => a.slug)).toEqual((await publishedSlugs('de')).slice(0, 24));
      expect(list.items.map((a: { title: string }) => a.title)).toContain('So pflegen Sie Ihren Ember One');
      expect(list.categories).toEqual(expect.arrayContaining(['devices', 'flavours', 'guides']));
    }
    const flavours = (await gql(server, LIST, { category: 'flavours', size: 24 }, { store: 'gb' })).body.data.blogArticles;
    expect(flavours.items.map((a: { slug: string }) => a.slug)).toEqual(await publishedSlugs('en', 'flavours'));
    expect(flavours.items.every((a: { categories: string[] }) => a.categories.includes('flavours'))).toBe(true);
    const none = (await gql(server, LIST, { category: 'no such <category>' }, { store: 'gb' })).body.data.blogArticles;
    expect(none).toMatchObject({ items: [], total_count: 0 });
  });

  it('refuses a page or page size out of range as an input error', async () => {
    for (const vars of [{ page: 0 }, { size: 0 }, { size: 25 }, { page: -3 }]) {
      const r = await gql(server, LIST, vars, { store: 'gb' });
      expect(r.body.errors?.[0].extensions.category).toBe('graphql-input');
    }
  });

  it('serves an article with its markdown body, SEO texts and the store views that show it', async () => {
    const en = (await gql(server, ARTICLE, { slug: 'caring-for-your-ember-one' }, { store: 'gb' })).body.data.blogArticle;
    expect(en).toMatchObject({
      slug: 'caring-for-your-ember-one', title: 'Caring for your Ember One', author: 'Hannah Price',
      hero_image: '/media/loyalty/article-care.svg', categories: ['devices', 'guides'],
      meta_title: 'How to clean your Ember One in five minutes',
    });
    expect(en.content).toContain('## The routine');
    expect(en.content).not.toMatch(/<[a-z]/i);
    expect(en.store_codes.sort()).toEqual(['ch', 'de', 'gb', 'gb_trial']);
    const de = (await gql(server, ARTICLE, { slug: 'caring-for-your-ember-one' }, { store: 'de' })).body.data.blogArticle;
    expect(de.title).toBe('So pflegen Sie Ihren Ember One');
    expect(de.content).toContain('Reinigungsset');
  });

  it('shows only the related products the store view sells, in the article\'s order', async () => {
    const gb = (await gql(server, ARTICLE, { slug: 'the-heat-profile-explained' }, { store: 'gb' })).body.data.blogArticle;
    expect(gb.related_products.map((p: { sku: string }) => p.sku)).toEqual(['EMBER-ONE']);
    const trial = (await gql(server, ARTICLE, { slug: 'the-heat-profile-explained' }, { store: 'gb_trial' })).body.data.blogArticle;
    const sold = await db.query<{ sku: string }>(
      `SELECT p.sku FROM content_blog_article_product ap JOIN content_blog_article a ON a.id = ap.article_id AND a.language = 'en'
         JOIN catalog_product p ON p.sku = ap.sku AND p.is_visible
         JOIN catalog_product_price pr ON pr.product_id = p.id AND pr.store_code = 'gb_trial'
        WHERE a.slug = 'the-heat-profile-explained' ORDER BY ap.position`,
    );
    expect(trial.related_products.map((p: { sku: string }) => p.sku)).toEqual(sold.rows.map((r) => r.sku));
    expect(trial.related_products.map((p: { sku: string }) => p.sku)).toContain('TRIAL-ONE-KIT');
    const de = (await gql(server, ARTICLE, { slug: 'citrus-and-berry' }, { store: 'de' })).body.data.blogArticle;
    expect(de.related_products.map((p: { url_key: string }) => p.url_key).length).toBeGreaterThan(0);
  });

  it('answers an unknown, malformed, other-language-only or future article as no such entity', async () => {
    const future = `scheduled-${randomUUID().slice(0, 8)}`;
    await insertArticle('en', future, '2999-01-01T00:00:00Z');
    const onlyDe = `nur-deutsch-${randomUUID().slice(0, 8)}`;
    await insertArticle('de', onlyDe, '2020-01-01T00:00:00Z');
    try {
      for (const [store, slug] of [['gb', 'no-such-article'], ['gb', '../etc/passwd'], ['gb', 'A'.repeat(300)], ['gb', future], ['gb', onlyDe]] as const) {
        const r = await gql(server, ARTICLE, { slug }, { store });
        expect(r.status).toBe(200);
        expect(r.body.data.blogArticle).toBeNull();
        expect(r.body.errors?.[0].extensions.category).toBe('graphql-no-such-entity');
      }
      expect((await gql(server, ARTICLE, { slug: onlyDe }, { store: 'de' })).body.data.blogArticle.store_codes.sort()).toEqual(['ch', 'de']);
      const listed = (await gql(server, LIST, { size: 24 }, { store: 'gb' })).body.data.blogArticles.items.map((a: { slug: string }) => a.slug);
      expect(listed).not.toContain(future);
    } finally {
      await db.query('DELETE FROM content_blog_article WHERE slug = ANY($1::text[])', [[future, onlyDe]]);
    }
  });
});

describe('content pages', () => {
  it('serves contact and get-started in the store view\'s language as markdown', async () => {
    const gb = (await gql(server, PAGE, { id: 'contact' }, { store: 'gb' })).body.data.contentPage;
    expect(gb).toMatchObject({ identifier: 'contact', title: 'Contact us' });
    expect(gb.content).toContain('**order number**');
    const ch = (await gql(server, PAGE, { id: 'get-started' }, { store: 'ch' })).body.data.contentPage;
    expect(ch.title).toBe('Erste Schritte mit Ihrem Gerät');
    expect(ch.meta_description).toContain('Garantie');
  });

  it('answers an unknown content page as no such entity', async () => {
    for (const id of ['about-us', '../contact', '']) {
      const r = await gql(server, PAGE, { id }, { store: 'gb' });
      expect(r.body.data.contentPage).toBeNull();
      expect(r.body.errors?.[0].extensions.category).toBe('graphql-no-such-entity');
    }
  });
});

describe('search sources', () => {
  it('give one plain-text document per article and store view of its language, linking to the article', async () => {
    const source = blogArticlesSearchSource(server.app.services.stores);
    expect(source).toMatchObject({ name: 'blog-articles', type: 'article' });
    const docs = await source.documents(db);
    const en = await publishedSlugs('en');
    const de = await publishedSlugs('de');
    expect(docs.filter((d) => d.store_code === 'gb').map((d) => d.ref).sort()).toEqual([...en].sort());
    expect(docs.filter((d) => d.store_code === 'ch').map((d) => d.ref).sort()).toEqual([...de].sort());
    const care = docs.find((d) => d.store_code === 'de' && d.ref === 'caring-for-your-ember-one')!;
    expect(care).toMatchObject({
      type: 'article', language: 'de', title: 'So pflegen Sie Ihren Ember One', url: '/de/blog/caring-for-your-ember-one', image_url: '/media/loyalty/article-care.svg',
    });
    expect(care.body).toContain('Ember Reinigungsset');
    for (const d of docs) expect(d.body).not.toMatch(/(^|\n)#|\*\*|\]\(|<[a-z]/);
    const named = await source.documents(db, ['citrus-and-berry']);
    expect(new Set(named.map((d) => d.ref))).toEqual(new Set(['citrus-and-berry']));
    expect(named.map((d) => d.store_code).sort()).toEqual(['ch', 'de', 'gb', 'gb_trial']);
  });

  it('give the content pages in each store view with their storefront paths', async () => {
    const source = contentPagesSearchSource(server.app.services.stores);
    expect(source).toMatchObject({ name: 'content-pages', type: 'page' });
    const docs = await source.documents(db);
    expect(docs.find((d) => d.store_code === 'gb' && d.ref === 'get-started')).toMatchObject({ url: '/gb/get-started', language: 'en', title: 'Get started with your device' });
    expect(docs.find((d) => d.store_code === 'ch' && d.ref === 'contact')).toMatchObject({ url: '/ch/contact', language: 'de', title: 'Kontakt' });
    expect(docs.every((d) => !d.body.includes('**'))).toBe(true);
    expect((await source.documents(db, ['contact'])).every((d) => d.ref === 'contact')).toBe(true);
  });
});

describe('store configuration', () => {
  it('names each store view\'s public origin from configuration, whatever the request\'s Host', async () => {
    const res = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ availableStores { store_code secure_base_link_url } }')}`, {
      headers: { Store: 'gb', Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' },
    });
    const body = (await res.json()) as { data: { availableStores: { store_code: string; secure_base_link_url: string }[] } };
    const stores = body.data.availableStores;
    expect(Object.fromEntries(stores.map((s) => [s.store_code, s.secure_base_link_url]))).toMatchObject({
      gb: 'https://shop.example/', de: 'https://shop.example.de/', ch: 'https://shop.example/',
    });
  });
});
