import { useTranslation } from '../../i18n/react';
import type { Cart } from '../../lib/api/cart.api';
import { formatDeduction, formatMoney } from '../../lib/money';

/**
 * The cart's totals as the server computed them: subtotal, each discount, shipping once a method
 * is chosen, the taxes the prices include, and the grand total. Prices include tax.
 */
export function CartTotals({ cart, locale, headingLevel = 2 }: { cart: Cart; locale: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const prices = cart.prices;
  const shipping = cart.shipping_addresses.find((a) => a)?.selected_shipping_method ?? null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="cart-totals" aria-labelledby="cart-totals-heading">
      <Heading id="cart-totals-heading">{t('cart.totals.heading')}</Heading>
      <dl className="cart-totals__list">
        <div>
          <dt>{t('cart.totals.subtotal')}</dt>
          <dd className="money">{formatMoney(prices?.subtotal_including_tax, locale)}</dd>
        </div>
        {(prices?.discounts ?? []).filter((d) => d !== null).map((d, i) => (
          <div key={i} className="cart-totals__discount">
            <dt>{t('cart.totals.discount', { label: d!.label })}</dt>
            <dd className="money">{formatDeduction(d!.amount, locale)}</dd>
          </div>
        ))}
        <div>
          <dt>{t('cart.totals.shipping')}</dt>
          <dd className={shipping ? 'money' : undefined}>{shipping ? formatMoney(shipping.amount, locale) : t('cart.totals.shippingLater')}</dd>
        </div>
        {(prices?.applied_taxes ?? []).filter((tax) => tax !== null).map((tax, i) => (
          <div key={i} className="cart-totals__tax">
            <dt>{t('cart.totals.tax', { label: tax!.label })}</dt>
            <dd className="money">{formatMoney(tax!.amount, locale)}</dd>
          </div>
        ))}
        <div className="cart-totals__grand">
          <dt>{t('cart.totals.grandTotal')}</dt>
          <dd className="money">{formatMoney(prices?.grand_total, locale)}</dd>
        </div>
        {(prices?.total_after_trial?.value ?? 0) > 0 && (
          <div className="cart-totals__after-trial">
            <dt>{t('cart.totals.afterTrial')}</dt>
            <dd className="money">{formatMoney(prices!.total_after_trial, locale)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
