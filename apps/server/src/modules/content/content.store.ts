import type { Queryable } from '../../platform/db.js';

export interface FaqRow { id: number; topic: string; question: string; answer: string; position: number }
export interface MarketingPageRow {
  slug: string; title: string; headline: string; product_sku: string;
  sections: { heading: string; body: string; image?: string | null }[];
}

export async function findFaqs(db: Queryable, language: string, topic?: string): Promise<FaqRow[]> {
  const { rows } = await db.query<FaqRow>(
    `SELECT id, topic, question, answer, position FROM content_faq
      WHERE language = $1 AND ($2::text IS NULL OR topic = $2)
      ORDER BY position, id`,
    [language, topic ?? null],
  );
  return rows;
}

export async function findMarketingPage(db: Queryable, language: string, slug: string): Promise<MarketingPageRow | null> {
  const { rows } = await db.query<MarketingPageRow>(
    `SELECT slug, title, headline, product_sku, sections FROM content_marketing_page WHERE language = $1 AND slug = $2`,
    [language, slug],
  );
  return rows[0] ?? null;
}

export type LegalKind = 'terms' | 'privacy' | 'cookies' | 'withdrawal' | 'imprint';

export interface LegalPageRow {
  id: number;
  store_code: string;
  kind: LegalKind;
  language: string;
  version: number;
  published_at: Date;
  title: string;
  meta_description: string;
  body: string;
}

/** The current version of each legal page, without its text: what checkout checks and keeps. */
export type LegalVersionRow = Pick<LegalPageRow, 'id' | 'kind' | 'version' | 'title'>;

/** Every version of the given kinds, published or scheduled, newest first per kind: checkout's cache picks the current one. */
export async function findLegalVersions(q: Queryable, storeCode: string, language: string, kinds: LegalKind[]): Promise<(LegalVersionRow & { published_at: Date })[]> {
  const { rows } = await q.query<LegalVersionRow & { published_at: Date }>(
    `SELECT id, kind, version, title, published_at
       FROM content_legal_page
      WHERE store_code = $1 AND language = $2 AND kind = ANY($3::text[])
      ORDER BY kind, published_at DESC, version DESC`,
    [storeCode, language, kinds],
  );
  return rows.map((r) => ({ ...r, published_at: new Date(r.published_at) }));
}

/** The current version of each legal page of a store view in a language: the newest already published. */
export async function findCurrentLegalPages(q: Queryable, storeCode: string, language: string, kinds?: LegalKind[]): Promise<LegalPageRow[]> {
  const { rows } = await q.query<LegalPageRow>(
    `SELECT DISTINCT ON (kind) id, store_code, kind, language, version, published_at, title, meta_description, body
       FROM content_legal_page
      WHERE store_code = $1 AND language = $2 AND published_at <= now() AND ($3::text[] IS NULL OR kind = ANY($3::text[]))
      ORDER BY kind, published_at DESC, version DESC`,
    [storeCode, language, kinds ?? null],
  );
  return rows;
}
