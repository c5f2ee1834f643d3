import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { cartClient, removeCartItem, type CartItem } from '../../lib/api/cart.api';
import { useCart, useCartUpdate } from '../../lib/cart/cart-state';
import { cartLines, lineImage, lineOptions } from '../../lib/cart/cart-lines';
import { storePath } from '../../lib/store-paths';
import { useOptionalStoreLayout } from '../../lib/store-layout-data';
import { CartPrice } from './cart-totals';
import { addToCartEvent, pushEcommerceEvent } from '../../lib/tracking/data-layer';

/** The mini cart's panel (mini-cart.tsx): the lines, each removable, the subtotal and the way to the cart page. */
export default function MiniCartPanel({ store, locale, onClose }: { store: string; locale: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { cart } = useCart(store);
  const lines = cartLines(cart);
  const net = useOptionalStoreLayout()?.store.tax_display === 'EXCLUDING';
  return (
    <>
        <div className="mini-cart__top">
          <h2 className="mini-cart__heading">{t('cart.mini.heading')}</h2>
          <button
            type="button"
            className="icon-button mini-cart__close"
            onClick={onClose}
          >
            <X aria-hidden="true" size={20} />
            <span className="visually-hidden">{t('layout.close')}</span>
          </button>
        </div>
        {lines.length === 0 ? (
          <p>{t('cart.empty')}</p>
        ) : (
          <>
            <ul className="mini-cart__lines">
              {lines.map((line) => <MiniCartLine key={line.uid} line={line} locale={locale} store={store} />)}
            </ul>
            <p className="mini-cart__subtotal">
              {t(net ? 'cart.totals.subtotalExcl' : 'cart.totals.subtotal')}: <strong className="money"><CartPrice incl={cart?.prices?.subtotal_including_tax} excl={cart?.prices?.subtotal_excluding_tax} locale={locale} /></strong>
            </p>
          </>
        )}
        <Link to={storePath(store, '/cart')} className="button mini-cart__link">{t('cart.mini.viewCart')}</Link>
    </>
  );
}

function MiniCartLine({ line, locale, store }: { line: CartItem; locale: string; store: string }) {
  const { t } = useTranslation();
  const update = useCartUpdate(store);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await update((cartId) => removeCartItem(cartClient(store, 'MINICART'), cartId, line.uid));
      const price = line.prices?.price_including_tax;
      pushEcommerceEvent(addToCartEvent({
        sku: line.configured_variant?.sku ?? line.product.sku ?? '', name: line.product.name ?? '', price: price?.value ?? null,
        currency: price?.currency ?? null, quantity: line.quantity, category: line.product.product_kind,
      }, 'MINICART', 'remove_from_cart'));
    } catch {
      // The line stays as it is; the cart page says why.
      setBusy(false);
    }
  };
  const image = lineImage(line);
  const options = lineOptions(line);
  return (
    <li className="mini-cart__line">
      {image?.url && <img src={image.url} alt="" width={48} height={48} />}
      <span>
        <span className="mini-cart__name">{line.product.name}</span>
        {options && <span className="mini-cart__options"> · {options}</span>}
        <span className="mini-cart__qty"> · {t('cart.quantityShort', { count: line.quantity })}</span>
      </span>
      <span className="mini-cart__price money"><CartPrice incl={line.prices?.row_total_including_tax} excl={line.prices?.row_total} locale={locale} /></span>
      <button type="button" className="link-button mini-cart__remove" disabled={busy} onClick={() => void remove()}>
        {t('cart.remove')}<span className="visually-hidden"> {line.product.name}</span>
      </button>
    </li>
  );
}
