import { useTranslation } from '../../i18n/react';
import type { PriceRange } from '../../lib/api/catalog.api';
import { formatMoney, isReduced, withoutTax } from '../../lib/money';
import { useOptionalStoreLayout } from '../../lib/store-layout-data';

interface PriceProps {
  range: PriceRange;
  locale: string;
  /** Show "from" when the product's variants differ in price (tiles of configurable products). */
  showFrom?: boolean;
  size?: 'regular' | 'large';
}

/**
 * Final price, with the regular price struck through when a special price applies, as the store
 * view's tax display asks (spec §4): including tax, excluding it, or including it with the amount
 * excluding it beneath (docs/decisions/0074).
 */
export function Price({ range, locale, showFrom = false, size = 'regular' }: PriceProps) {
  const { t } = useTranslation();
  const store = useOptionalStoreLayout()?.store;
  const display = store?.tax_display;
  const rate = store?.tax_rate_bp ?? 0;
  const net = display === 'EXCLUDING';
  let { regular_price: regular, final_price: final } = range.minimum_price;
  const excl = withoutTax(final, rate);
  if (net) [regular, final] = [withoutTax(regular, rate), excl];
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
      {(net || display === 'BOTH') && <span className="price__tax">{t(net ? 'price.plusTax' : 'price.exclTax', { price: formatMoney(excl, locale) })}</span>}
    </p>
  );
}
