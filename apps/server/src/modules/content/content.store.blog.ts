import type { Queryable } from '../../platform/db.js';

/** A published blog article as the store reads it; `body` is markdown. */
export interface BlogArticleRow {
  id: number;
  language: string;
  slug: string;
  title: string;
  summary: string;
  body: string;
  author: string;
  published_at: Date;
  hero_image: string | null;
  hero_image_alt: string;
  categories: string[];
  seo_title: string | null;
  seo_description: string | null;
  /** The related products' SKUs in order, sold anywhere or not. */
  related_skus: string[];
}

const ARTICLE_COLUMNS = `a.id, a.language, a.slug, a.title, a.summary, a.body, a.author, a.published_at, a.hero_image,
       a.hero_image_alt, a.categories, a.seo_title, a.seo_description,
       ARRAY(SELECT p.sku FROM content_blog_article_product p WHERE p.article_id = a.id ORDER BY p.position, p.sku) AS related_skus`;

function toRow(r: BlogArticleRow): BlogArticleRow {
  return { ...r, published_at: new Date(r.published_at) };
}

/** One page of a language's published articles, newest first, with the count of all that match. */
export async function findBlogArticles(
  q: Queryable, language: string, page: { offset: number; limit: number; category?: string },
): Promise<{ rows: BlogArticleRow[]; total: number }> {
  const { rows } = await q.query<BlogArticleRow & { total: number }>(
    `SELECT ${ARTICLE_COLUMNS}, count(*) OVER ()::int AS total
       FROM content_blog_article a
      WHERE a.language = $1 AND a.published_at <= now() AND ($2::text IS NULL OR $2 = ANY(a.categories))
      ORDER BY a.published_at DESC, a.id DESC
      OFFSET $3 LIMIT $4`,
    [language, page.category ?? null, page.offset, page.limit],
  );
  if (rows.length === 0 && page.offset > 0) {
    // A page past the end still says how many there are.
    const count = await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM content_blog_article
        WHERE language = $1 AND published_at <= now() AND ($2::text IS NULL OR $2 = ANY(categories))`,
      [language, page.category ?? null],
    );
    return { rows: [], total: count.rows[0]!.n };
  }
  return { rows: rows.map(({ total: _total, ...r }) => toRow(r)), total: rows[0]?.total ?? 0 };
}

/** A language's published article by slug, or null. */
export async function findBlogArticle(q: Queryable, language: string, slug: string): Promise<BlogArticleRow | null> {
  const { rows } = await q.query<BlogArticleRow>(
    `SELECT ${ARTICLE_COLUMNS} FROM content_blog_article a WHERE a.language = $1 AND a.slug = $2 AND a.published_at <= now()`,
    [language, slug],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** Every published article in every language (or those with the given slugs): the sitemap's and the search index's. */
export async function findAllBlogArticles(q: Queryable, slugs?: readonly string[]): Promise<BlogArticleRow[]> {
  const { rows } = await q.query<BlogArticleRow>(
    `SELECT ${ARTICLE_COLUMNS} FROM content_blog_article a
      WHERE a.published_at <= now() AND ($1::text[] IS NULL OR a.slug = ANY($1::text[]))
      ORDER BY a.language, a.published_at DESC, a.id DESC`,
    [slugs ? [...slugs] : null],
  );
  return rows.map(toRow);
}

/** The languages a published article with this slug exists in. */
export async function findBlogArticleLanguages(q: Queryable, slug: string): Promise<string[]> {
  const { rows } = await q.query<{ language: string }>(
    'SELECT language FROM content_blog_article WHERE slug = $1 AND published_at <= now() ORDER BY language',
    [slug],
  );
  return rows.map((r) => r.language);
}

/** The category codes a language's published articles carry, alphabetically. */
export async function findBlogCategories(q: Queryable, language: string): Promise<string[]> {
  const { rows } = await q.query<{ category: string }>(
    `SELECT DISTINCT unnest(categories) AS category FROM content_blog_article
      WHERE language = $1 AND published_at <= now() ORDER BY category`,
    [language],
  );
  return rows.map((r) => r.category);
}

export type ContentPageIdentifier = 'contact' | 'get-started';

export interface ContentPageRow {
  identifier: ContentPageIdentifier;
  language: string;
  title: string;
  meta_description: string;
  body: string;
}

/** One content page in a language, or null. */
export async function findContentPage(q: Queryable, identifier: string, language: string): Promise<ContentPageRow | null> {
  const { rows } = await q.query<ContentPageRow>(
    'SELECT identifier, language, title, meta_description, body FROM content_page WHERE identifier = $1 AND language = $2',
    [identifier, language],
  );
  return rows[0] ?? null;
}

/** Every content page in every language (or those with the given identifiers). */
export async function findAllContentPages(q: Queryable, identifiers?: readonly string[]): Promise<ContentPageRow[]> {
  const { rows } = await q.query<ContentPageRow>(
    `SELECT identifier, language, title, meta_description, body FROM content_page
      WHERE $1::text[] IS NULL OR identifier = ANY($1::text[]) ORDER BY identifier, language`,
    [identifiers ? [...identifiers] : null],
  );
  return rows;
}

/** The public pages per language the content module shows besides articles: marketing page slugs and whether a FAQ exists. */
export async function findContentPathsByLanguage(q: Queryable): Promise<{ language: string; marketing: string[]; has_faq: boolean }[]> {
  const { rows } = await q.query<{ language: string; marketing: string[] | null; has_faq: boolean }>(
    `SELECT l.language,
            ARRAY(SELECT m.slug FROM content_marketing_page m WHERE m.language = l.language ORDER BY m.slug) AS marketing,
            EXISTS (SELECT 1 FROM content_faq f WHERE f.language = l.language) AS has_faq
       FROM (SELECT language FROM content_marketing_page UNION SELECT language FROM content_faq) l`,
  );
  return rows.map((r) => ({ language: r.language, marketing: r.marketing ?? [], has_faq: r.has_faq }));
}
