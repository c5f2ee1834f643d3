import { useTranslation } from '../../i18n/react';
import type { ProductDetail } from '../../lib/api/catalog.api';
import { formatMoney } from '../../lib/money';
import { bundleItems, takesMany, type BundleChoice } from '../../lib/catalog/bundle-choice';

interface BundleOptionsProps {
  product: ProductDetail;
  choice: BundleChoice;
  onChoose: (itemUid: string, optionUid: string, on: boolean) => void;
  locale: string;
}

/**
 * A bundle's items as groups of choices (Magento's BundleProduct.items[].options[]): one radio
 * group per single-choice item, checkboxes for an item that takes several. Options that cannot be
 * bought are shown but cannot be chosen.
 */
export function BundleOptions({ product, choice, onChoose, locale }: BundleOptionsProps) {
  const currency = product.price_range.minimum_price.final_price.currency;
  const { t } = useTranslation();
  const items = bundleItems(product);
  if (!items.length) return null;
  return (
    <div className="bundle-options">
      {items.map((item) => {
        const many = takesMany(item);
        const chosen = choice[item.uid] ?? [];
        return (
          <fieldset key={item.uid} className="bundle-options__item">
            <legend>
              {item.required
                ? t('catalog.bundle.choose', { title: item.title })
                : t('catalog.bundle.chooseOptional', { title: item.title })}
            </legend>
            <ul className="bundle-options__list">
              {item.options.map((option) => {
                const soldOut = option.product?.stock_status === 'OUT_OF_STOCK';
                const name = option.product?.name ?? option.label ?? '';
                const quantity = option.quantity ?? 1;
                return (
                  <li key={option.uid}>
                    <label className={`bundle-option${soldOut ? ' bundle-option--sold-out' : ''}`}>
                      <input
                        type={many ? 'checkbox' : 'radio'}
                        name={`bundle-${item.uid}`}
                        value={option.uid}
                        checked={chosen.includes(option.uid)}
                        disabled={soldOut}
                        onChange={(e) => onChoose(item.uid, option.uid, e.target.checked)}
                      />
                      {option.product?.small_image?.url ? (
                        <img src={option.product.small_image.url} alt="" width={56} height={56} loading="lazy" />
                      ) : null}
                      <span className="bundle-option__text">
                        <span className="bundle-option__name">
                          {quantity > 1 ? t('catalog.bundle.times', { count: quantity, name }) : name}
                        </span>
                        {(option.price ?? 0) > 0 && (
                          <span className="bundle-option__extra">
                            {' '}{t('catalog.bundle.extra', { price: formatMoney({ value: (option.price ?? 0) * quantity, currency }, locale) })}
                          </span>
                        )}
                        {soldOut && <span className="bundle-option__stock"> {t('catalog.bundle.soldOut')}</span>}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}
