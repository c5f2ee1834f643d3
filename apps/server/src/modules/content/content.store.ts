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
