import type { Reader } from '../../platform/db.js';
import type { StoreView } from '../store/store.service.js';
import type { LegalPagesService } from './content.legal.js';
import { CONTENT_PAGE_PATHS } from './content.blog.js';
import { findAllBlogArticles, findAllContentPages, findContentPathsByLanguage } from './content.store.blog.js';

/** A public page of a store view, by its path under the store prefix (`''` is home). */
export interface ContentPath {
  path: string;
  /** When it last changed, where the content says (articles). */
  lastmod?: Date;
}

/**
 * The content module's public pages of each store view (docs/decisions/0064): FAQ, marketing,
 * legal, contact and get-started, the blog and its articles in the store view's language.
 */
export async function contentPathsByStore(q: Reader, views: readonly StoreView[], legal: LegalPagesService): Promise<Map<string, ContentPath[]>> {
  const byLanguage = new Map((await findContentPathsByLanguage(q)).map((r) => [r.language, r]));
  const articles = await findAllBlogArticles(q);
  const pages = await findAllContentPages(q);
  const out = new Map<string, ContentPath[]>();
  for (const view of views) {
    const paths: ContentPath[] = [];
    const lang = byLanguage.get(view.language);
    if (lang?.has_faq) paths.push({ path: '/faq' });
    for (const slug of lang?.marketing ?? []) paths.push({ path: `/discover/${slug}` });
    for (const page of await legal.pages(view, q)) paths.push({ path: `/legal/${page.kind}` });
    for (const identifier of Object.keys(CONTENT_PAGE_PATHS)) {
      if (pages.some((p) => p.identifier === identifier && p.language === view.language)) paths.push({ path: CONTENT_PAGE_PATHS[identifier]! });
    }
    const own = articles.filter((a) => a.language === view.language);
    paths.push({ path: '/blog', ...(own[0] ? { lastmod: own[0].published_at } : {}) });
    for (const a of own) paths.push({ path: `/blog/${a.slug}`, lastmod: a.published_at });
    out.set(view.code, paths);
  }
  return out;
}
