import type { Reader } from '../../platform/transaction.js';

/** What the site search indexes of the content module, per active store view in its language. */
export interface FaqSearchRow { id: number; store_code: string; language: string; topic: string; question: string; answer: string }
export interface MarketingSearchRow { slug: string; store_code: string; language: string; title: string; headline: string; sections: { heading?: string; body?: string }[] }
export interface LegalSearchRow { kind: string; store_code: string; language: string; title: string; meta_description: string; body: string }

const ids = (refs?: readonly string[]) => (refs ? [...refs] : null);

export async function listFaqsForSearch(q: Reader, refs?: readonly string[]): Promise<FaqSearchRow[]> {
  const { rows } = await q.query<FaqSearchRow>(
    `SELECT f.id, sv.code AS store_code, sv.language, f.topic, f.question, f.answer
       FROM content_faq f JOIN store_view sv ON sv.language = f.language AND sv.is_active
      WHERE ($1::text[] IS NULL OR f.id::text = ANY($1::text[]))
      ORDER BY f.id, sv.code`,
    [ids(refs)],
  );
  return rows;
}

/** Marketing pages where their product is sold. */
export async function listMarketingPagesForSearch(q: Reader, refs?: readonly string[]): Promise<MarketingSearchRow[]> {
  const { rows } = await q.query<MarketingSearchRow>(
    `SELECT m.slug, sv.code AS store_code, sv.language, m.title, m.headline, m.sections
       FROM content_marketing_page m
       JOIN store_view sv ON sv.language = m.language AND sv.is_active
       JOIN catalog_product p ON p.sku = m.product_sku
       JOIN catalog_product_price pr ON pr.product_id = p.id AND pr.store_code = sv.code
      WHERE ($1::text[] IS NULL OR m.slug = ANY($1::text[]))
      ORDER BY m.slug, sv.code`,
    [ids(refs)],
  );
  return rows;
}

/** The current (newest published) version of each legal page. */
export async function listLegalPagesForSearch(q: Reader, refs?: readonly string[]): Promise<LegalSearchRow[]> {
  const { rows } = await q.query<LegalSearchRow>(
    `SELECT DISTINCT ON (l.store_code, l.kind, l.language) l.kind, l.store_code, l.language, l.title, l.meta_description, l.body
       FROM content_legal_page l JOIN store_view sv ON sv.code = l.store_code AND sv.is_active
      WHERE l.published_at <= now() AND ($1::text[] IS NULL OR l.kind = ANY($1::text[]))
      ORDER BY l.store_code, l.kind, l.language, l.published_at DESC, l.version DESC`,
    [ids(refs)],
  );
  return rows;
}
