import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import type { ProductSummary } from '../../lib/api/catalog.api';
import { storePath } from '../../lib/store-paths';
import { pushEcommerceEvent, selectItemEvent } from '../../lib/tracking/data-layer';
import { Price } from './price';

interface ProductCardProps {
  product: ProductSummary;
  store: string;
  locale: string;
  headingLevel?: 2 | 3;
  /** The listing's first card, in the first screen on a phone: its picture is the page's largest
   * paint, so it loads with the document instead of waiting for layout as lazy pictures do. */
  first?: boolean;
  /** The list the card is shown in, for GA4's `select_item` when it is opened. */
  list?: { id: string; name: string; index: number };
}

export function ProductCard({ product, store, locale, headingLevel = 2, first = false, list }: ProductCardProps) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const image = product.small_image?.url;
  return (
    <article className="product-card">
      <div className="product-card__media">
        {image ? (
          <img src={image} alt="" loading={first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : undefined} width={480} height={480} />
        ) : (
          <div className="product-card__placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="product-card__body">
        <Heading className="product-card__name">
          <Link
            to={storePath(store, `/p/${product.url_key}`)}
            className="product-card__link"
            onClick={list && (() => pushEcommerceEvent(selectItemEvent(product, list.id, list.name, list.index)))}
          >
            {product.name}
          </Link>
        </Heading>
        {product.subtitle && <p className="product-card__subtitle">{product.subtitle}</p>}
        <Price range={product.price_range} locale={locale} showFrom={product.__typename === 'ConfigurableProduct' || product.__typename === 'BundleProduct'} />
        {product.stock_status === 'OUT_OF_STOCK' && (
          <p className="product-card__badge">{t('stock.outOfStock')}</p>
        )}
      </div>
    </article>
  );
}

