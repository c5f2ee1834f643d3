import { useTranslation } from 'react-i18next';
import type { BundleItem } from '../../lib/api/catalog.types';

/** What a bundle holds: each item with its options, the default ones marked as included. */
export function BundleContents({ items }: { items: BundleItem[] }) {
  const { t } = useTranslation();
  const sorted = [...items].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  if (!sorted.length) return null;
  return (
    <section className="bundle" aria-labelledby="bundle-heading">
      <h2 id="bundle-heading">{t('product.bundle.heading')}</h2>
      <ul className="bundle__items">
        {sorted.map((item, i) => (
          <li key={item.uid ?? i} className="bundle__item">
            <h3>
              {item.title}
              {item.required === false && <span className="bundle__optional"> ({t('product.bundle.optional')})</span>}
            </h3>
            <ul>
              {[...(item.options ?? [])]
                .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
                .map((option) => (
                  <li key={option.uid}>
                    {t('product.bundle.quantity', { count: option.quantity ?? 1 })}{' '}
                    {option.product?.name ?? option.label}
                    {option.is_default && <span className="bundle__default"> · {t('product.bundle.included')}</span>}
                  </li>
                ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
