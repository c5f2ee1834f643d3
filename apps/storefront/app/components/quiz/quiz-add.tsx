import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { ProductDetail } from '../../lib/api/catalog.api';
import { addProductsToCart, cartClient, cartErrorCode, firstServerMessage } from '../../lib/api/cart.api';
import { useSession } from '../../lib/account/session';
import { cartErrorText } from '../../lib/cart/cart-errors';
import { useCartUpdate } from '../../lib/cart/cart-state';
import { storePath } from '../../lib/store-paths';
import { addToCartEvent, pushEcommerceEvent } from '../../lib/tracking/data-layer';

/**
 * "Add to cart" for a recommended pack: one sales step of a simple product, no quantity to choose
 * (the product page has that). Built from the cart code every page already carries, so the
 * product page's own form stays in the product page's file (docs/decisions/0062).
 */
export function QuizAdd({ store, product }: { store: string; product: ProductDetail }) {
  const { t } = useTranslation();
  const update = useCartUpdate(store);
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ added: boolean; text: string } | null>(null);
  const quantity = product.qty_increments && product.qty_increments > 1 ? product.qty_increments : 1;
  const soldOut = product.stock_status === 'OUT_OF_STOCK';
  const context = { step: quantity, signedIn: session.status === 'signed-in' };

  const add = async () => {
    if (!product.sku) return;
    setBusy(true);
    setOutcome(null);
    try {
      const { userErrors } = await update((cartId) => addProductsToCart(cartClient(store), cartId, [{ sku: product.sku!, quantity }]));
      if (userErrors.length) {
        setOutcome({ added: false, text: userErrors.map((e) => cartErrorText(t, e.code, e.message, null, context)).join(' ') });
        return;
      }
      const price = product.price_range.minimum_price.final_price;
      pushEcommerceEvent(addToCartEvent({ sku: product.sku, name: product.name ?? '', price: price.value, currency: price.currency, quantity, category: product.product_kind }));
      setOutcome({ added: true, text: t('cart.add.added', { count: quantity, name: product.name }) });
    } catch (error) {
      setOutcome({ added: false, text: cartErrorText(t, cartErrorCode(error), firstServerMessage(error) ?? t('cart.errors.unavailable'), null, context) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="add-to-cart">
      <button type="button" className="button add-to-cart__button" onClick={() => void add()} disabled={busy || soldOut || session.status === 'pending'}>
        {soldOut ? t('cart.add.soldOut') : busy ? t('cart.add.adding') : t('cart.add.button')}
      </button>
      <div aria-live="polite" className="add-to-cart__outcome">
        {outcome?.added && (
          <p className="add-to-cart__added" role="status">
            {outcome.text} <Link to={storePath(store, '/cart')} className="text-link">{t('cart.add.viewCart')}</Link>
          </p>
        )}
      </div>
      {outcome && !outcome.added && <p className="add-to-cart__error" role="alert">{outcome.text}</p>}
    </div>
  );
}
