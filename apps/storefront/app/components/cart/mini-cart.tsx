import { ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLocation } from 'react-router';
import { cartCount, useCart } from '../../lib/cart/cart-state';

const MiniCartPanel = lazy(() => import('./mini-cart-panel'));

/**
 * The header's cart: a button with the item count that opens a panel with the lines, the
 * subtotal and the way to the cart page. Before the browser knows the cart it shows no count,
 * so the server-rendered header is the same for everyone. The panel's code is not among the page's
 * first scripts: it loads when the button is first pressed (mini-cart-panel.tsx).
 */
export function MiniCart({ store, locale }: { store: string; locale: string }) {
  const { t } = useTranslation();
  const { cart } = useCart(store);
  const [open, setOpen] = useState(false);
  // The panel's code comes on the first opening, and the panel then stays (hidden when closed).
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const count = cartCount(cart);

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
        onClick={() => {
          setOpened(true);
          setOpen((o) => !o);
        }}
      >
        <ShoppingBag aria-hidden="true" className="mini-cart__icon" size={22} />
        <span className="header-label">{t('cart.mini.button')}</span>
        <span className="mini-cart__count" data-testid="mini-cart-count">
          {cart !== undefined ? <> ({count}<span className="visually-hidden"> {t('cart.mini.items', { count })}</span>)</> : null}
        </span>
      </button>
      <div id={panelId} className="mini-cart__panel" hidden={!open}>
        {opened && (
          <Suspense fallback={null}>
            <MiniCartPanel store={store} locale={locale} onClose={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

