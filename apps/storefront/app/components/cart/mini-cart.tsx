import { ShoppingBag, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useLocation } from 'react-router';
import type { CartItem } from '../../lib/api/cart.api';
import { cartCount, useCart } from '../../lib/cart/cart-state';
import { cartLines, lineImage, lineOptions } from '../../lib/cart/cart-lines';
import { formatMoney } from '../../lib/money';
import { storePath } from '../../lib/store-paths';

/**
 * The header's cart: a button with the item count that opens a panel with the lines, the
 * subtotal and the way to the cart page. Before the browser knows the cart it shows no count,
 * so the server-rendered header is the same for everyone.
 */
export function MiniCart({ store, locale }: { store: string; locale: string }) {
  const { t } = useTranslation();
  const { cart } = useCart(store);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const count = cartCount(cart);
  const lines = cartLines(cart);

  // A navigation (the cart link, a product) closes the panel.
  useEffect(() => setOpen(false), [location.pathname]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    <div className="mini-cart" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="mini-cart__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <ShoppingBag aria-hidden="true" className="mini-cart__icon" size={22} />
        <span className="header-label">{t('cart.mini.button')}</span>
        <span className="mini-cart__count" data-testid="mini-cart-count">
          {cart !== undefined ? <> ({count}<span className="visually-hidden"> {t('cart.mini.items', { count })}</span>)</> : null}
        </span>
      </button>
      <div id={panelId} className="mini-cart__panel" hidden={!open}>
        <div className="mini-cart__top">
          <h2 className="mini-cart__heading">{t('cart.mini.heading')}</h2>
          <button
            type="button"
            className="icon-button mini-cart__close"
            onClick={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }}
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
              {lines.map((line) => <MiniCartLine key={line.uid} line={line} locale={locale} />)}
            </ul>
            <p className="mini-cart__subtotal">
              {t('cart.totals.subtotal')}: <strong className="money">{formatMoney(cart?.prices?.subtotal_including_tax, locale)}</strong>
            </p>
          </>
        )}
        <Link to={storePath(store, '/cart')} className="button mini-cart__link">{t('cart.mini.viewCart')}</Link>
      </div>
    </div>
  );
}

function MiniCartLine({ line, locale }: { line: CartItem; locale: string }) {
  const { t } = useTranslation();
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
      <span className="mini-cart__price money">{formatMoney(line.prices?.row_total_including_tax, locale)}</span>
    </li>
  );
}
