import type { SearchSource } from '../search/search.source.js';
import { plainText } from '../search/search.text.js';
import { listProductsForSearch } from './catalog.store.search.js';

/** The catalogue's part of the site search: listed products where they are sold, by name, subtitle, flavour and colour, and description. */
export const productSearchSource: SearchSource = {
  name: 'products',
  type: 'product',
  async documents(q, refs) {
    const rows = await listProductsForSearch(q, refs);
    return rows.map((r) => ({
      type: 'product',
      ref: r.sku,
      store_code: r.store_code,
      language: r.language,
      title: plainText(r.name, 300),
      subtitle: [r.subtitle, r.flavor_label, r.color_label].filter(Boolean).join(' · '),
      body: plainText([r.short_description, r.description].filter(Boolean).join(' ')),
      url: `/${r.store_code}/p/${r.url_key}`,
      image_url: r.image,
    }));
  },
};
