import type { Queryable, Reader } from '../../platform/db.js';
import type { SearchDocument, SearchSource } from '../search/search.source.js';
import type { StoreView } from '../store/store.service.js';
import { blogArticlePath, CONTENT_PAGE_PATHS, markdownToText } from './content.blog.js';
import { findAllBlogArticles, findAllContentPages } from './content.store.blog.js';

/** What the sources need to know about the store views: the active ones (`StoreService.list`). */
export interface StoreViewList {
  list(q?: Queryable): Promise<StoreView[]>;
}

/**
 * The blog's search source: one document per published article and store view of its language,
 * the body as plain text, linking to `/{store}/blog/{slug}`; `refs` are article slugs.
 */
export function blogArticlesSearchSource(stores: StoreViewList): SearchSource {
  return {
    name: 'blog-articles',
    type: 'article',
    async documents(q: Reader, refs?: readonly string[]): Promise<SearchDocument[]> {
      const views = await stores.list(q);
      const rows = await findAllBlogArticles(q, refs);
      return rows.flatMap((row) => views.filter((v) => v.language === row.language).map((v) => ({
        type: 'article' as const,
        ref: row.slug,
        store_code: v.code,
        language: row.language,
        title: row.title,
        subtitle: row.summary,
        body: markdownToText(row.body),
        url: blogArticlePath(v.code, row.slug),
        image_url: row.hero_image,
      })));
    },
  };
}

/** The content pages' search source (contact, get-started): `refs` are page identifiers. */
export function contentPagesSearchSource(stores: StoreViewList): SearchSource {
  return {
    name: 'content-pages',
    type: 'page',
    async documents(q: Reader, refs?: readonly string[]): Promise<SearchDocument[]> {
      const views = await stores.list(q);
      const rows = await findAllContentPages(q, refs);
      return rows.flatMap((row) => views.filter((v) => v.language === row.language).map((v) => ({
        type: 'page' as const,
        ref: row.identifier,
        store_code: v.code,
        language: row.language,
        title: row.title,
        subtitle: row.meta_description,
        body: markdownToText(row.body),
        url: `/${v.code}${CONTENT_PAGE_PATHS[row.identifier] ?? `/${row.identifier}`}`,
        image_url: null,
      })));
    },
  };
}
