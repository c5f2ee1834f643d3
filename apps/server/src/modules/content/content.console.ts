import {
  CONTENT_PAGE_IDENTIFIERS, type BlogArticle, type BlogBody, type BlogPublicationBody, type BlogQuery, type BlogState, type ContentPage, type ContentPageBody,
  type FaqBody, type FaqEntry, type FaqQuery,
} from '@ember/contracts';
import { AppError } from '../../platform/errors.js';
import type { Reader, Tx } from '../../platform/transaction.js';
import type { StoreView } from '../store/store.store.js';
import * as store from './content.console.store.js';
import { isoOrNull } from '../../platform/sql.js';

/** What the console's content needs of others: the active store views and the search index's refresh. */
export interface ContentConsoleDeps {
  views(q: Reader): Promise<StoreView[]>;
  refreshSearch(tx: Tx, source: 'faq' | 'blog-articles' | 'content-pages', refs: string[]): Promise<void>;
}


function stateOf(at: Date | string | null, now = Date.now()): BlogState {
  if (at === null) return 'draft';
  return new Date(at).getTime() > now ? 'scheduled' : 'published';
}

/** A unique violation (a slug taken by a concurrent writer) as the 409 it is. */
async function unique<T>(work: Promise<T>, message: string): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw new AppError('ALREADY_EXISTS', message);
    throw err;
  }
}

/**
 * The console's FAQ, blog and content pages (docs/decisions/0086). The tables' triggers announce
 * `content` (page cache, sitemaps, the services' copies) and mark the search sources dirty; each
 * write also brings its own search documents up to date in its transaction.
 */
export class ContentConsole {
  constructor(private readonly deps: ContentConsoleDeps) {}

  async languages(q: Reader) {
    const views = await this.deps.views(q);
    const langs = [...new Set(views.map((v) => v.language))].sort();
    return { languages: langs.map((language) => ({ language, store_views: views.filter((v) => v.language === language).map((v) => ({ code: v.code, name: v.name })) })) };
  }

  private async assertLanguage(q: Reader, language: string): Promise<void> {
    const views = await this.deps.views(q);
    if (!views.some((v) => v.language === language)) {
      throw new AppError('VALIDATION_FAILED', `No store view speaks the language ${language}`, { fields: { language: 'unknown_language' } });
    }
  }

  // ---------------------------------------------------------------- FAQ

  async listFaq(q: Reader, query: FaqQuery) {
    const [{ rows, total }, topics] = [await store.listFaq(q, { ...query, limit: query.page_size, offset: (query.page - 1) * query.page_size }), await store.faqTopics(q)];
    return { items: rows.map(faq), page_info: { page: query.page, page_size: query.page_size, total }, topics };
  }

  async faq(q: Reader, id: number): Promise<FaqEntry> {
    const row = await store.faqById(q, id);
    if (!row) throw new AppError('NOT_FOUND', 'FAQ entry not found');
    return faq(row);
  }

  async createFaq(tx: Tx, body: FaqBody): Promise<FaqEntry> {
    await this.assertLanguage(tx, body.language);
    const id = await store.insertFaq(tx, body);
    await this.deps.refreshSearch(tx, 'faq', [String(id)]);
    return this.faq(tx, id);
  }

  async updateFaq(tx: Tx, id: number, body: FaqBody): Promise<{ before: FaqEntry; after: FaqEntry }> {
    const before = await this.faq(tx, id);
    await this.assertLanguage(tx, body.language);
    await store.updateFaq(tx, id, body);
    await this.deps.refreshSearch(tx, 'faq', [String(id)]);
    return { before, after: await this.faq(tx, id) };
  }

  async deleteFaq(tx: Tx, id: number): Promise<FaqEntry> {
    const before = await this.faq(tx, id);
    await store.deleteFaq(tx, id);
    await this.deps.refreshSearch(tx, 'faq', [String(id)]);
    return before;
  }

  // ---------------------------------------------------------------- blog

  async listArticles(q: Reader, query: BlogQuery) {
    const { rows, total } = await store.listArticles(q, { ...query, limit: query.page_size, offset: (query.page - 1) * query.page_size });
    return {
      items: rows.map((r) => ({ id: r.id, language: r.language, slug: r.slug, title: r.title, author: r.author, state: stateOf(r.published_at), published_at: isoOrNull(r.published_at) })),
      page_info: { page: query.page, page_size: query.page_size, total },
    };
  }

  async article(q: Reader, id: number): Promise<BlogArticle> {
    const r = await store.articleById(q, id);
    if (!r) throw new AppError('NOT_FOUND', 'Article not found');
    return {
      id: r.id, language: r.language, slug: r.slug, title: r.title, author: r.author, state: stateOf(r.published_at), published_at: isoOrNull(r.published_at),
      summary: r.summary, body: r.body, hero_image: r.hero_image, hero_image_alt: r.hero_image_alt, categories: r.categories,
      seo_title: r.seo_title, seo_description: r.seo_description, products: r.products,
    };
  }

  private async checkArticle(q: Reader, body: BlogBody, id: number | null): Promise<void> {
    await this.assertLanguage(q, body.language);
    const unknown = await store.unknownSkus(q, body.products);
    if (unknown.length) throw new AppError('VALIDATION_FAILED', `Unknown products: ${unknown.join(', ')}`, { fields: { products: 'unknown_product' } });
    const taken = await store.articleIdBySlug(q, body.language, body.slug);
    if (taken !== null && taken !== id) throw new AppError('ALREADY_EXISTS', 'An article with this address exists already in this language', { fields: { slug: 'taken' } });
  }

  /** Adds an article as a draft: shoppers see it once it is published. */
  async createArticle(tx: Tx, body: BlogBody): Promise<BlogArticle> {
    await this.checkArticle(tx, body, null);
    const id = await store.insertArticle(tx, body);
    if (id === null) throw new AppError('ALREADY_EXISTS', 'An article with this address exists already in this language', { fields: { slug: 'taken' } });
    await store.setArticleProducts(tx, id, body.products);
    return this.article(tx, id);
  }

  async updateArticle(tx: Tx, id: number, body: BlogBody): Promise<{ before: BlogArticle; after: BlogArticle }> {
    const before = await this.article(tx, id);
    await this.checkArticle(tx, body, id);
    await unique(store.updateArticle(tx, id, body), 'An article with this address exists already in this language');
    await store.setArticleProducts(tx, id, body.products);
    await this.deps.refreshSearch(tx, 'blog-articles', [...new Set([before.slug, body.slug])]);
    return { before, after: await this.article(tx, id) };
  }

  /** Publishes now or at a time, or takes an article back to a draft. */
  async publication(tx: Tx, id: number, body: BlogPublicationBody): Promise<{ before: BlogArticle; after: BlogArticle }> {
    const before = await this.article(tx, id);
    await store.setArticlePublication(tx, id, body.published, body.at ?? null);
    await this.deps.refreshSearch(tx, 'blog-articles', [before.slug]);
    return { before, after: await this.article(tx, id) };
  }

  /** Deletes a draft; a published or scheduled article is taken back to a draft first, so its address never vanishes by accident. */
  async deleteArticle(tx: Tx, id: number): Promise<BlogArticle> {
    const before = await this.article(tx, id);
    if (before.state !== 'draft') throw new AppError('OPERATION_NOT_ALLOWED', 'Unpublish the article before deleting it');
    await store.deleteArticle(tx, id);
    return before;
  }

  // ---------------------------------------------------------------- content pages

  async listPages(q: Reader) {
    const rows = await store.listPages(q);
    const langs = (await this.languages(q)).languages.map((l) => l.language);
    const items = CONTENT_PAGE_IDENTIFIERS.flatMap((identifier) => [...new Set([...langs, ...rows.filter((r) => r.identifier === identifier).map((r) => r.language)])].sort().map((language) => {
      const row = rows.find((r) => r.identifier === identifier && r.language === language);
      return { identifier, language, title: row?.title ?? null, exists: row !== undefined };
    }));
    return { items };
  }

  async page(q: Reader, identifier: string, language: string): Promise<ContentPage> {
    const row = await store.pageByKey(q, identifier, language);
    if (!row) throw new AppError('NOT_FOUND', 'This page has no text in this language yet');
    return row;
  }

  async savePage(tx: Tx, identifier: string, language: string, body: ContentPageBody): Promise<{ before: ContentPage | null; after: ContentPage }> {
    await this.assertLanguage(tx, language);
    const before = await store.pageByKey(tx, identifier, language);
    await store.upsertPage(tx, identifier, language, body);
    await this.deps.refreshSearch(tx, 'content-pages', [identifier]);
    return { before, after: await this.page(tx, identifier, language) };
  }
}

function faq(r: store.ConsoleFaqRow): FaqEntry {
  return { id: r.id, language: r.language, topic: r.topic, question: r.question, answer: r.answer, position: r.position };
}
