import type { Queryable } from '../../platform/db.js';
import type { StoreView } from '../store/store.service.js';
import { findBlogArticleLanguages, type BlogArticleRow, type ContentPageRow } from './content.store.blog.js';

/** The most articles one listing page shows. */
export const BLOG_MAX_PAGE_SIZE = 24;

/** Slugs and identifiers are lower-case words joined by dashes; anything else names nothing. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The content pages with a fixed storefront route and where that route is under the store prefix. */
export const CONTENT_PAGE_PATHS: Record<string, string> = { contact: '/contact', 'get-started': '/get-started' };

/** The storefront path of an article under its store prefix. */
export function blogArticlePath(storeCode: string, slug: string): string {
  return `/${storeCode}/blog/${slug}`;
}

/**
 * The plain text of a markdown body (as the shop writes them: headings, lists, emphasis, links):
 * what a search index weighs and a meta description may quote, with no markup left.
 */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, '\n')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/<[^>]*>/g, '')
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/** An article in the GraphQL shape; `__related_skus` is resolved to the products the store view sells. */
export function toBlogArticle(row: BlogArticleRow, withContent: boolean) {
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    content: withContent ? row.body : '',
    author: row.author,
    published_at: row.published_at.toISOString(),
    hero_image: row.hero_image,
    hero_image_alt: row.hero_image_alt,
    categories: row.categories,
    meta_title: row.seo_title ?? row.title,
    meta_description: row.seo_description ?? row.summary,
    __related_skus: row.related_skus,
  };
}

/** A content page in the GraphQL shape. */
export function toContentPage(row: ContentPageRow) {
  return { identifier: row.identifier, title: row.title, meta_description: row.meta_description, content: row.body };
}

/** The active store views that show an article: those of a language it is written in (trial shops included). */
export async function storesShowingArticle(q: Queryable, views: readonly StoreView[], slug: string): Promise<string[]> {
  const languages = await findBlogArticleLanguages(q, slug);
  return views.filter((v) => languages.includes(v.language)).map((v) => v.code);
}
