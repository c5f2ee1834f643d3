import type { SearchSource } from '../search/search.source.js';
import { plainText } from '../search/search.text.js';
import { listPublicArticlesForSearch } from './loyalty.store.search.js';

/** The club's public articles in the site search, linked to the club's article page. */
export const loyaltyArticleSearchSource: SearchSource = {
  name: 'loyalty-articles',
  type: 'article',
  async documents(q, refs) {
    const rows = await listPublicArticlesForSearch(q, refs);
    return rows.map((r) => ({
      type: 'article',
      ref: r.article_id,
      store_code: r.store_code,
      language: r.language,
      title: plainText(r.title, 300),
      subtitle: plainText(r.summary, 1000),
      body: plainText(r.body),
      url: `/${r.store_code}/loyalty/article/${r.article_id}`,
      image_url: r.image_url,
    }));
  },
};
