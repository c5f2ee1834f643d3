import { useTranslation } from '../../i18n/react';
import type { TierPrice } from '../../lib/api/catalog.api';
import { numberFormat } from '../../lib/locale';
import { formatMoney } from '../../lib/money';

/** "Buy more, pay less": the quantity tiers with their unit price and saving. */
export function PriceTiers({ tiers, locale }: { tiers: TierPrice[]; locale: string }) {
  const { t } = useTranslation();
  const rows = tiers
    .filter((tier) => tier.quantity !== null && tier.final_price?.value != null)
    .sort((a, b) => (a.quantity ?? 0) - (b.quantity ?? 0));
  if (!rows.length) return null;
  const percent = numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <table className="price-tiers">
      <caption>{t('product.tiers.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('product.tiers.quantity')}</th>
          <th scope="col">{t('product.tiers.unitPrice')}</th>
          <th scope="col">{t('product.tiers.saving')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((tier) => (
          <tr key={tier.quantity}>
            <th scope="row">{t('product.tiers.atLeast', { count: tier.quantity ?? 0 })}</th>
            <td>{formatMoney(tier.final_price, locale)}</td>
            <td>{tier.discount?.percent_off ? percent.format(tier.discount.percent_off / 100) : '–'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
