import type { ProductDetail } from './api/catalog.api';
import type { StoreView } from './api/store.api';
import { publicUrl } from './seo';
import { publicAssetUrl } from './seo-meta';

/** The API's decimal price as schema.org's price text (`49.00`). */
function priceText(value: number): string {
  return value.toFixed(2);
}

/**
 * A product page's schema.org `Product` with its offer: the lowest price the store view sells it
 * for, the currency and whether it is in stock (docs/decisions/0064).
 */
export function productStructuredData(product: ProductDetail, store: StoreView, image: string | null): Record<string, unknown> {
  const price = product.price_range.minimum_price.final_price;
  const url = publicUrl(store, `/p/${product.url_key ?? ''}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name ?? '',
    sku: product.sku,
    ...(product.meta_description ? { description: product.meta_description } : {}),
    ...(image ? { image: [image.startsWith('/') ? publicAssetUrl(store, image) : image] } : {}),
    brand: { '@type': 'Brand', name: 'Ember' },
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: priceText(price.value ?? 0),
      priceCurrency: price.currency ?? store.base_currency_code,
      availability: product.stock_status === 'IN_STOCK' ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}
