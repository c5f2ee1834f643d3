import { useTranslation } from '../../i18n/react';
import type { Cart } from '../../lib/api/cart.api';
import { formatDeduction, formatMoney } from '../../lib/money';
import { taxShown } from '../../lib/cart/tax-display';
import { useOptionalStoreLayout } from '../../lib/store-layout-data';

/**
 * The cart's totals as the server computed them: subtotal, each discount, shipping once a method
 * is chosen, the taxes, and the grand total (with tax), as the store view's tax display asks: the
 * subtotal and shipping with tax and the taxes they include, or without tax and the taxes added
 * (EXCLUDING), or with tax and "… excl. tax" beneath (BOTH).
 */
export function CartTotals({ cart, locale, headingLevel = 2 }: { cart: Cart; locale: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const prices = cart.prices;
  const shipping = cart.shipping_addresses.find((a) => a)?.selected_shipping_method ?? null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const net = useOptionalStoreLayout()?.store.tax_display === 'EXCLUDING';
  return (
    <section className="cart-totals" aria-labelledby="cart-totals-heading">
      <Heading id="cart-totals-heading">{t('cart.totals.heading')}</Heading>
      <dl className="cart-totals__list">
        <div>
          <dt>{t(net ? 'cart.totals.subtotalExcl' : 'cart.totals.subtotal')}</dt>
          <dd className="money"><CartPrice incl={prices?.subtotal_including_tax} excl={prices?.subtotal_excluding_tax} locale={locale} /></dd>
        </div>
        {(prices?.discounts ?? []).filter((d) => d !== null).map((d, i) => (
          <div key={i} className="cart-totals__discount">
            <dt>{t('cart.totals.discount', { label: d!.label })}</dt>
            <dd className="money">{formatDeduction(d!.amount, locale)}</dd>
          </div>
        ))}
        <div>
          <dt>{t('cart.totals.shipping')}</dt>
          <dd className={shipping ? 'money' : undefined}>{shipping ? <CartPrice incl={shipping.amount} excl={shipping.price_excl_tax} locale={locale} /> : t('cart.totals.shippingLater')}</dd>
        </div>
        {(prices?.applied_taxes ?? []).filter((tax) => tax !== null).map((tax, i) => (
          <div key={i} className="cart-totals__tax">
            <dt>{t(net ? 'cart.totals.taxAdded' : 'cart.totals.tax', { label: tax!.label })}</dt>
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

type Money = { value: number | null; currency: string | null } | null | undefined;

/**
 * A cart amount (a line's price or total, the subtotal, shipping) as the store view's tax display
 * asks, as the product price does: with tax, without it, or with it and "… excl. tax" beneath.
 * `label` words the amount shown ("£10.00 each"; such a line keeps its start).
 */
export function CartPrice({ incl, excl, locale, label }: { incl: Money; excl: Money; locale: string; label?: (price: string) => string }) {
  const { t } = useTranslation();
  const [shown, beneath] = taxShown(useOptionalStoreLayout()?.store.tax_display, incl, excl);
  const price = formatMoney(shown, locale);
  const text = label ? label(price) : price;
  return beneath ? (
    <span className={label ? undefined : 'price__stacked'}>
      {text}
      <span className="price__tax">{t('price.exclTax', { price: formatMoney(beneath, locale) })}</span>
    </span>
  ) : (
    <>{text}</>
  );
}
