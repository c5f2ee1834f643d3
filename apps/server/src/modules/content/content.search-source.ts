import type { SearchSource } from '../search/search.source.js';
import { plainText } from '../search/search.text.js';
import { listFaqsForSearch, listLegalPagesForSearch, listMarketingPagesForSearch } from './content.store.search.js';

/** FAQ answers in the site search, each linked to its place on the FAQ page. */
export const faqSearchSource: SearchSource = {
  name: 'faq',
  type: 'faq',
  async documents(q, refs) {
    return (await listFaqsForSearch(q, refs)).map((r) => ({
      type: 'faq',
      ref: String(r.id),
      store_code: r.store_code,
      language: r.language,
      title: plainText(r.question, 300),
      subtitle: r.topic.replace(/_/g, ' '),
      body: plainText(r.answer),
      url: `/${r.store_code}/faq#faq-${r.id}`,
      image_url: null,
    }));
  },
};

/** Product marketing pages (`/discover/{slug}`). */
export const marketingPageSearchSource: SearchSource = {
  name: 'marketing-pages',
  type: 'page',
  async documents(q, refs) {
    return (await listMarketingPagesForSearch(q, refs)).map((r) => ({
      type: 'page',
      ref: r.slug,
      store_code: r.store_code,
      language: r.language,
      title: plainText(r.title, 300),
      subtitle: plainText(r.headline, 1000),
      body: plainText(r.sections.map((s) => `${s.heading ?? ''} ${s.body ?? ''}`).join(' ')),
      url: `/${r.store_code}/discover/${r.slug}`,
      image_url: null,
    }));
  },
};

/** The current legal pages (`/legal/{kind}`). */
export const legalPageSearchSource: SearchSource = {
  name: 'legal-pages',
  type: 'page',
  async documents(q, refs) {
    return (await listLegalPagesForSearch(q, refs)).map((r) => ({
      type: 'page',
      ref: r.kind,
      store_code: r.store_code,
      language: r.language,
      title: plainText(r.title, 300),
      subtitle: plainText(r.meta_description, 1000),
      body: plainText(r.body),
      url: `/${r.store_code}/legal/${r.kind}`,
      image_url: null,
    }));
  },
};
