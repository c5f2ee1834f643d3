import type { Reader } from '../../platform/transaction.js';

/** The club's public articles (available, for every level) in each store view with the club, in its language. */
export interface LoyaltyArticleSearchRow {
  article_id: string;
  store_code: string;
  language: string;
  title: string;
  summary: string;
  body: string;
  image_url: string | null;
}

export async function listPublicArticlesForSearch(q: Reader, ids?: readonly string[]): Promise<LoyaltyArticleSearchRow[]> {
  const { rows } = await q.query<LoyaltyArticleSearchRow>(
    `SELECT a.article_id, sv.code AS store_code, sv.language,
            COALESCE(x.title, a.title) AS title, COALESCE(x.summary, a.summary) AS summary,
            COALESCE(x.body, a.body) AS body, a.image_url
       FROM loyalty_article a
       CROSS JOIN store_view sv
       JOIN loyalty_market m ON m.store_code = sv.code AND m.enabled = 'true'
       LEFT JOIN loyalty_article_text x ON x.article_id = a.article_id AND x.language = sv.language
      WHERE sv.is_active AND a.is_available AND cardinality(a.levels) = 0 AND a.published_at <= now()
        AND ($1::text[] IS NULL OR a.article_id = ANY($1::text[]))
      ORDER BY a.article_id, sv.code`,
    [ids ? [...ids] : null],
  );
  return rows;
}
