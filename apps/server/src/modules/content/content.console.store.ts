import type { BlogBody, BlogState, ContentPageBody, FaqBody } from '@ember/contracts';
import type { Reader, Tx } from '../../platform/transaction.js';
import { Conditions, escapeLike } from '../../platform/sql.js';

/** The console's reads and writes of the FAQ, the blog and the content pages (docs/decisions/0086). */

export interface ConsoleFaqRow { id: number; language: string; topic: string; question: string; answer: string; position: number; total?: number }

export async function listFaq(q: Reader, f: { q?: string; language?: string; topic?: string; limit: number; offset: number }): Promise<{ rows: ConsoleFaqRow[]; total: number }> {
  const c = new Conditions();
  if (f.q) {
    const text = c.p(escapeLike(f.q.toLowerCase()));
    c.and(`(lower(question) LIKE '%' || ${text} || '%' OR lower(answer) LIKE '%' || ${text} || '%')`);
  }
  if (f.language) c.and(`language = ${c.p(f.language)}`);
  if (f.topic) c.and(`topic = ${c.p(f.topic)}`);
  const { rows } = await q.query<ConsoleFaqRow>(
    `SELECT id, language, topic, question, answer, position, count(*) OVER ()::int AS total FROM content_faq
      ${c.where()} ORDER BY language, position, id LIMIT ${c.p(f.limit)} OFFSET ${c.p(f.offset)}`,
    c.params,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function faqTopics(q: Reader): Promise<string[]> {
  const { rows } = await q.query<{ topic: string }>('SELECT DISTINCT topic FROM content_faq ORDER BY topic');
  return rows.map((r) => r.topic);
}

export async function faqById(q: Reader, id: number): Promise<ConsoleFaqRow | null> {
  const { rows } = await q.query<ConsoleFaqRow>('SELECT id, language, topic, question, answer, position FROM content_faq WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function insertFaq(tx: Tx, b: FaqBody): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO content_faq (language, topic, question, answer, position) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [b.language, b.topic, b.question, b.answer, b.position],
  );
  return rows[0]!.id;
}

export async function updateFaq(tx: Tx, id: number, b: FaqBody): Promise<void> {
  await tx.query('UPDATE content_faq SET language = $2, topic = $3, question = $4, answer = $5, position = $6 WHERE id = $1', [id, b.language, b.topic, b.question, b.answer, b.position]);
}

export async function deleteFaq(tx: Tx, id: number): Promise<void> {
  await tx.query('DELETE FROM content_faq WHERE id = $1', [id]);
}

export interface ConsoleArticleRow {
  id: number; language: string; slug: string; title: string; author: string; published_at: Date | string | null;
  summary: string; body: string; hero_image: string | null; hero_image_alt: string; categories: string[];
  seo_title: string | null; seo_description: string | null; products: string[]; total?: number;
}

const ARTICLE_SELECT = `a.id, a.language, a.slug, a.title, a.author, a.published_at, a.summary, a.body, a.hero_image, a.hero_image_alt, a.categories,
  a.seo_title, a.seo_description,
  COALESCE((SELECT array_agg(p.sku ORDER BY p.position, p.sku) FROM content_blog_article_product p WHERE p.article_id = a.id), '{}'::text[]) AS products`;

const STATE_SQL: Record<BlogState, string> = {
  draft: 'a.published_at IS NULL',
  scheduled: 'a.published_at > now()',
  published: 'a.published_at <= now()',
};

export async function listArticles(q: Reader, f: { q?: string; language?: string; state?: BlogState; limit: number; offset: number }): Promise<{ rows: ConsoleArticleRow[]; total: number }> {
  const c = new Conditions();
  if (f.q) {
    const text = c.p(escapeLike(f.q.toLowerCase()));
    c.and(`(lower(a.title) LIKE '%' || ${text} || '%' OR a.slug LIKE ${text} || '%')`);
  }
  if (f.language) c.and(`a.language = ${c.p(f.language)}`);
  if (f.state) c.and(STATE_SQL[f.state]);
  const { rows } = await q.query<ConsoleArticleRow>(
    `SELECT a.id, a.language, a.slug, a.title, a.author, a.published_at, count(*) OVER ()::int AS total FROM content_blog_article a
      ${c.where()} ORDER BY a.id DESC LIMIT ${c.p(f.limit)} OFFSET ${c.p(f.offset)}`,
    c.params,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function articleById(q: Reader, id: number): Promise<ConsoleArticleRow | null> {
  const { rows } = await q.query<ConsoleArticleRow>(`SELECT ${ARTICLE_SELECT} FROM content_blog_article a WHERE a.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function articleIdBySlug(q: Reader, language: string, slug: string): Promise<number | null> {
  const { rows } = await q.query<{ id: number }>('SELECT id FROM content_blog_article WHERE language = $1 AND slug = $2', [language, slug]);
  return rows[0]?.id ?? null;
}

/** The SKUs of the list that name no product. */
export async function unknownSkus(q: Reader, skus: string[]): Promise<string[]> {
  if (!skus.length) return [];
  const { rows } = await q.query<{ sku: string }>('SELECT s AS sku FROM unnest($1::text[]) s WHERE NOT EXISTS (SELECT 1 FROM catalog_product p WHERE p.sku = s)', [skus]);
  return rows.map((r) => r.sku);
}

const articleValues = (b: BlogBody) => [b.language, b.slug, b.title, b.summary, b.body, b.author, b.hero_image, b.hero_image_alt, b.categories, b.seo_title, b.seo_description];

/** Adds an article as a draft (no publication time); answers its id, or null when the slug is taken in the language. */
export async function insertArticle(tx: Tx, b: BlogBody): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO content_blog_article (language, slug, title, summary, body, author, hero_image, hero_image_alt, categories, seo_title, seo_description, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, NULL) ON CONFLICT (language, slug) DO NOTHING RETURNING id`,
    articleValues(b),
  );
  return rows[0]?.id ?? null;
}

export async function updateArticle(tx: Tx, id: number, b: BlogBody): Promise<void> {
  await tx.query(
    `UPDATE content_blog_article SET language = $2, slug = $3, title = $4, summary = $5, body = $6, author = $7, hero_image = $8, hero_image_alt = $9,
            categories = $10, seo_title = $11, seo_description = $12 WHERE id = $1`,
    [id, ...articleValues(b)],
  );
}

export async function setArticleProducts(tx: Tx, id: number, skus: string[]): Promise<void> {
  await tx.query('DELETE FROM content_blog_article_product WHERE article_id = $1', [id]);
  if (skus.length) {
    await tx.query(
      'INSERT INTO content_blog_article_product (article_id, sku, position) SELECT $1, s, o::int - 1 FROM unnest($2::text[]) WITH ORDINALITY AS t(s, o)',
      [id, skus],
    );
  }
}

/** Publishes at a time (the transaction's own time when none is given) or takes back to a draft. */
export async function setArticlePublication(tx: Tx, id: number, published: boolean, at: string | null): Promise<void> {
  await tx.query('UPDATE content_blog_article SET published_at = CASE WHEN $2 THEN COALESCE($3::timestamptz, now()) END WHERE id = $1', [id, published, at]);
}

export async function deleteArticle(tx: Tx, id: number): Promise<void> {
  await tx.query('DELETE FROM content_blog_article WHERE id = $1', [id]);
}

export interface ConsolePageRow { identifier: 'contact' | 'get-started'; language: string; title: string; meta_description: string; body: string }

export async function listPages(q: Reader): Promise<ConsolePageRow[]> {
  const { rows } = await q.query<ConsolePageRow>('SELECT identifier, language, title, meta_description, body FROM content_page ORDER BY identifier, language');
  return rows;
}

export async function pageByKey(q: Reader, identifier: string, language: string): Promise<ConsolePageRow | null> {
  const { rows } = await q.query<ConsolePageRow>('SELECT identifier, language, title, meta_description, body FROM content_page WHERE identifier = $1 AND language = $2', [identifier, language]);
  return rows[0] ?? null;
}

export async function upsertPage(tx: Tx, identifier: string, language: string, b: ContentPageBody): Promise<void> {
  await tx.query(
    `INSERT INTO content_page (identifier, language, title, meta_description, body) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (identifier, language) DO UPDATE SET title = EXCLUDED.title, meta_description = EXCLUDED.meta_description, body = EXCLUDED.body`,
    [identifier, language, b.title, b.meta_description, b.body],
  );
}
