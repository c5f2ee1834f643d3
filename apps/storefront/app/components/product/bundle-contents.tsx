import { useTranslation } from '../../i18n/react';
import type { ProductDetail } from '../../lib/api/catalog.api';
import { chosenBundleOptions, type BundleChoice } from '../../lib/catalog/bundle-choice';

/** What the box will hold: every option the shopper has chosen, with its quantity. */
export function BundleContents({ product, choice }: { product: ProductDetail; choice: BundleChoice }) {
  const { t } = useTranslation();
  const chosen = chosenBundleOptions(product, choice);
  return (
    <section className="bundle" aria-labelledby="bundle-heading">
      <h2 id="bundle-heading">{t('product.bundle.heading')}</h2>
      {chosen.length ? (
        <ul className="bundle__items" aria-live="polite">
          {chosen.map(({ item, option }) => (
            <li key={option.uid} className="bundle__item">
              {option.product?.small_image?.url ? (
                <img src={option.product.small_image.url} alt="" width={64} height={64} loading="lazy" />
              ) : null}
              <span>
                <span className="bundle__qty">{t('product.bundle.quantity', { count: option.quantity ?? 1 })}</span>{' '}
                {option.product?.name ?? option.label}
                <span className="bundle__option-title"> · {item.title}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('catalog.bundle.nothingChosen')}</p>
      )}
    </section>
  );
}
