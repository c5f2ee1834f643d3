import { useTranslation } from '../../i18n/react';
import type { PriceRange } from '../../lib/api/catalog.api';
import { formatMoney, isReduced } from '../../lib/money';

interface PriceProps {
  range: PriceRange;
  locale: string;
  /** Show "from" when the product's variants differ in price (tiles of configurable products). */
  showFrom?: boolean;
  size?: 'regular' | 'large';
}

/** Final price, with the regular price struck through when a special price applies. */
export function Price({ range, locale, showFrom = false, size = 'regular' }: PriceProps) {
  const { t } = useTranslation();
  const { regular_price: regular, final_price: final } = range.minimum_price;
  const max = range.maximum_price?.final_price;
  const from = showFrom && max?.value != null && final.value != null && max.value > final.value;
  const finalText = formatMoney(final, locale);
  return (
    <p className={`price price--${size}`} data-testid="price">
      {from && <span className="price__from">{t('price.from')} </span>}
      {isReduced(regular, final) ? (
        <>
          <span className="visually-hidden">{t('price.now')} </span>
          <span className="price__final price__final--reduced">{finalText}</span>{' '}
          <span className="visually-hidden">{t('price.was')} </span>
          <s className="price__regular">{formatMoney(regular, locale)}</s>
        </>
      ) : (
        <span className="price__final">{finalText}</span>
      )}
    </p>
  );
}
