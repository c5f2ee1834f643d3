import { useTranslation } from '../../i18n/react';
import type { ProductSummary } from '../../lib/api/catalog.api';
import { ProductCard } from './product-card';

/** "You may also like": the product's related products (Magento's related_products) as tiles. */
export function RelatedProducts({ products, store, locale }: { products: ProductSummary[]; store: string; locale: string }) {
  const { t } = useTranslation();
  if (!products.length) return null;
  return (
    <section className="section related" aria-labelledby="related-heading">
      <h2 id="related-heading">{t('catalog.related.heading')}</h2>
      <ul className="product-grid product-grid--compact">
        {products.map((product) => (
          <li key={product.uid}>
            <ProductCard product={product} store={store} locale={locale} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
