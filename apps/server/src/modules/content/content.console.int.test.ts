import { createCustomer, createOperator, gqlData, restCall, type TestOperator } from '@ember/test-support';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { serveForSuite, type TestServer } from '../../test/test-app.js';

const TOKEN = 'content-console-token-0123456789abcdef';
let server: TestServer;
serveForSuite((s) => {
  server = s;
}, { ADMIN_TOKEN: TOKEN });

let marketing: TestOperator;
let support: TestOperator;
let fulfilment: TestOperator;
let owner: TestOperator;
beforeAll(async () => {
  [marketing, support, fulfilment, owner] = await Promise.all([
    createOperator(server, TOKEN, 'marketing'), createOperator(server, TOKEN, 'support'), createOperator(server, TOKEN, 'fulfilment'), createOperator(server, TOKEN, 'owner'),
  ]);
});

const unique = () => randomBytes(4).toString('hex');
const auditOf = async (type: string, id: string | number) =>
  (await owner.call('GET', `/admin/audit?entity_type=${type}&entity_id=${encodeURIComponent(String(id))}`)).body.items as { action: string; actor_label: string; before: unknown; after: unknown }[];
const faqs = async (store: string) => (await gqlData(server, '{ faqs { question } }', {}, { store })).faqs.map((i: { question: string }) => i.question) as string[];
const blog = async (store: string) => (await gqlData(server, '{ blogArticles(pageSize: 24) { items { slug title } } }', {}, { store })).blogArticles.items.map((i: { slug: string }) => i.slug) as string[];
const searchTitles = async (store: string, q: string) => ((await restCall(server, 'GET', `/api/search?q=${encodeURIComponent(q)}`, undefined, { store })).body.items ?? []).map((i: { title: string }) => i.title) as string[];

const article = (over: Record<string, unknown> = {}) => ({
  language: 'en', slug: `news-${unique()}`, title: 'Heat, not fire', summary: 'How heating tobacco differs from burning it.',
  body: '## Why heat\n\nA short **guide** with [a link](https://example.com).', author: 'Ember Editorial', categories: ['guides'], products: [], ...over,
});

describe('the console\'s FAQ', () => {
  it('adds, changes and deletes an entry per language that shoppers of that language see at once, each audited', async () => {
    const q = `Can I pay with gift card ${unique()}?`;
    const created = await marketing.call('POST', '/admin/content/faq', { language: 'en', topic: 'ordering', question: q, answer: 'Yes, at checkout.', position: 99 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    await expect.poll(() => faqs('gb'), { timeout: 5000 }).toContain(q);
    expect(await faqs('de')).not.toContain(q);
    expect(await searchTitles('gb', q.replace('?', ''))).toContain(q);
    const de = await marketing.call('POST', '/admin/content/faq', { language: 'de', topic: 'ordering', question: `Kann ich mit Gutschein zahlen ${unique()}?`, answer: 'Ja, an der Kasse.' });
    expect(de.status).toBe(201);
    await expect.poll(() => faqs('de'), { timeout: 5000 }).toContain(de.body.question);

    const list = await support.call('GET', `/admin/content/faq?q=${encodeURIComponent(q)}&language=en`);
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([expect.objectContaining({ id, question: q, topic: 'ordering' })]);
    expect(list.body.page_info).toEqual({ page: 1, page_size: 25, total: 1 });
    expect(list.body.topics).toContain('ordering');

    const changed = await marketing.call('PUT', `/admin/content/faq/${id}`, { language: 'en', topic: 'payment', question: `${q} (cards)`, answer: 'Yes.', position: 98 });
    expect(changed.status).toBe(200);
    await expect.poll(() => faqs('gb'), { timeout: 5000 }).toContain(`${q} (cards)`);
    expect((await marketing.call('DELETE', `/admin/content/faq/${id}`)).status).toBe(204);
    await expect.poll(() => faqs('gb'), { timeout: 5000 }).not.toContain(`${q} (cards)`);
    expect((await support.call('GET', `/admin/content/faq/${id}`)).status).toBe(404);

    const audit = await auditOf('faq', id);
    expect(audit.map((a) => a.action)).toEqual(['faq.delete', 'faq.update', 'faq.create']);
    expect(audit[1]).toMatchObject({ actor_label: marketing.email, before: { topic: 'ordering', question: q }, after: { topic: 'payment' } });
  });

  it('refuses bad input with 400, unknown entries with 404, and other roles and customers', async () => {
    const good = { language: 'en', topic: 'ordering', question: 'Q?', answer: 'A.' };
    for (const bad of [{ ...good, language: 'english' }, { ...good, language: 'fr' }, { ...good, topic: 'Has Spaces' }, { ...good, question: '' }, { ...good, question: '<b>Q</b>' },
      { ...good, answer: 'Hi <script>alert(1)</script>' }, { ...good, answer: '[x](javascript:alert(1))' }, { ...good, position: -1 }, { ...good, extra: 1 }]) {
      const r = await marketing.call('POST', '/admin/content/faq', bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.error.code).toMatch(/^(BAD_REQUEST|VALIDATION_FAILED)$/);
    }
    expect((await marketing.call('PUT', '/admin/content/faq/999999', good)).status).toBe(404);
    expect((await marketing.call('DELETE', '/admin/content/faq/999999')).status).toBe(404);
    expect((await marketing.call('GET', '/admin/content/faq/abc')).status).toBe(400);
    expect((await support.call('GET', '/admin/content/faq?language=xyz')).status).toBe(400);
    expect((await support.call('POST', '/admin/content/faq', good)).status).toBe(403);
    expect((await fulfilment.call('GET', '/admin/content/faq')).status).toBe(403);
    expect((await restCall(server, 'GET', '/admin/content/faq')).status).toBe(401);
    const customer = await createCustomer(server);
    expect((await restCall(server, 'GET', '/admin/content/faq', undefined, { token: customer.token })).status).toBe(401);
    expect((await restCall(server, 'POST', '/admin/content/blog', article(), { token: customer.token })).status).toBe(401);
  });
});

describe('the console\'s blog', () => {
  it('writes a draft, publishes it for its language\'s store views, takes it back and deletes it, each audited', async () => {
    const word = `kiln${unique()}`;
    const body = article({ products: ['EMBER-ONE'], title: `Heat, not fire ${word}` });
    const created = await marketing.call('POST', '/admin/content/blog', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ state: 'draft', published_at: null, slug: body.slug, products: ['EMBER-ONE'] });
    const id = created.body.id as number;
    expect(await blog('gb')).not.toContain(body.slug);
    expect((await marketing.call('POST', '/admin/content/blog', body)).status).toBe(409);

    const published = await marketing.call('POST', `/admin/content/blog/${id}/publication`, { published: true });
    expect(published.status).toBe(200);
    expect(published.body.state).toBe('published');
    await expect.poll(() => blog('gb'), { timeout: 5000 }).toContain(body.slug);
    expect(await blog('de')).not.toContain(body.slug);
    expect(await searchTitles('gb', word)).toContain(`Heat, not fire ${word}`);
    expect((await marketing.call('DELETE', `/admin/content/blog/${id}`)).status).toBe(409);

    const changed = await marketing.call('PUT', `/admin/content/blog/${id}`, { ...body, title: 'Heat, never fire' });
    expect(changed.body).toMatchObject({ title: 'Heat, never fire', state: 'published' });
    const page = await gqlData(server, 'query ($s: String!) { blogArticle(slug: $s) { title } }', { s: body.slug }, { store: 'gb' });
    expect(page.blogArticle.title).toBe('Heat, never fire');

    const list = await support.call('GET', `/admin/content/blog?q=${body.slug}&state=published&language=en`);
    expect(list.body.items).toEqual([expect.objectContaining({ id, state: 'published' })]);
    expect((await support.call('GET', `/admin/content/blog?q=${body.slug}&state=draft`)).body.items).toEqual([]);

    const later = await marketing.call('POST', `/admin/content/blog/${id}/publication`, { published: true, at: '2099-01-01T08:00:00Z' });
    expect(later.body.state).toBe('scheduled');
    await expect.poll(() => blog('gb'), { timeout: 5000 }).not.toContain(body.slug);
    expect((await marketing.call('POST', `/admin/content/blog/${id}/publication`, { published: false })).body.state).toBe('draft');
    expect((await marketing.call('DELETE', `/admin/content/blog/${id}`)).status).toBe(204);
    expect((await support.call('GET', `/admin/content/blog/${id}`)).status).toBe(404);

    expect((await auditOf('blog_article', id)).map((a) => a.action)).toEqual(['blog.delete', 'blog.unpublish', 'blog.publish', 'blog.update', 'blog.publish', 'blog.create']);
  });

  it('refuses bad articles with 400, a taken address with 409, and other roles', async () => {
    for (const bad of [article({ slug: 'Not A Slug' }), article({ body: '<p>html</p>' }), article({ products: ['NO-SUCH-SKU'] }), article({ hero_image: 'http://x/y.png' }),
      article({ hero_image: '/media/blog/a.png' }), article({ language: 'xx' }), article({ title: '' }), article({ categories: ['A B'] })]) {
      const r = await marketing.call('POST', '/admin/content/blog', bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    const a = (await marketing.call('POST', '/admin/content/blog', article())).body;
    const b = (await marketing.call('POST', '/admin/content/blog', article())).body;
    expect((await marketing.call('PUT', `/admin/content/blog/${b.id}`, article({ slug: a.slug }))).status).toBe(409);
    // The same address in another language is the article's translation.
    expect((await marketing.call('POST', '/admin/content/blog', article({ slug: a.slug, language: 'de' }))).status).toBe(201);
    expect((await marketing.call('POST', `/admin/content/blog/${a.id}/publication`, { published: false, at: '2099-01-01T08:00:00Z' })).status).toBe(400);
    expect((await marketing.call('POST', '/admin/content/blog/999999/publication', { published: true })).status).toBe(404);
    expect((await support.call('POST', `/admin/content/blog/${a.id}/publication`, { published: true })).status).toBe(403);
    expect((await fulfilment.call('GET', '/admin/content/blog')).status).toBe(403);
    expect((await restCall(server, 'GET', '/admin/content/blog')).status).toBe(401);
  });
});

describe('the console\'s content pages', () => {
  it('lists the pages per language and saves a text shoppers see, audited', async () => {
    const list = await support.call('GET', '/admin/content/pages');
    expect(list.status).toBe(200);
    expect(list.body.items).toContainEqual(expect.objectContaining({ identifier: 'contact', language: 'en', exists: true }));
    const before = (await support.call('GET', '/admin/content/pages/contact/en')).body;
    const title = `Contact us ${unique()}`;
    const saved = await marketing.call('PUT', '/admin/content/pages/contact/en', { title, meta_description: before.meta_description, body: before.body });
    expect(saved.status).toBe(200);
    await expect.poll(async () => (await gqlData(server, '{ contentPage(identifier: "contact") { title } }', {}, { store: 'gb' })).contentPage.title, { timeout: 5000 }).toBe(title);
    const audit = await auditOf('content_page', 'contact/en');
    expect(audit[0]).toMatchObject({ action: 'content_page.update', before: { title: before.title }, after: { title } });

    expect((await marketing.call('PUT', '/admin/content/pages/about/en', { title: 'x', body: '' })).status).toBe(400);
    expect((await marketing.call('PUT', '/admin/content/pages/contact/xx', { title: 'x', body: '' })).status).toBe(400);
    expect((await marketing.call('PUT', '/admin/content/pages/contact/en', { title: 'x', body: '<iframe src=x></iframe>' })).status).toBe(400);
    expect((await support.call('PUT', '/admin/content/pages/contact/en', { title: 'x', body: '' })).status).toBe(403);
    expect((await fulfilment.call('GET', '/admin/content/pages')).status).toBe(403);
    expect((await restCall(server, 'GET', '/admin/content/pages')).status).toBe(401);
    expect((await support.call('GET', '/admin/content/languages')).body.languages).toContainEqual(expect.objectContaining({ language: 'de' }));
  });
});
