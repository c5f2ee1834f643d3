import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { addProductsToCart, cartClient, cartErrorCode, firstServerMessage, FREQUENCY_OPTION } from '../../lib/api/cart.api';
import { useQueryClient } from '../../lib/api/query';
import type { ProductDetail, Variant } from '../../lib/api/catalog.api';
import { missingBundleItems, soldOutChoice, type BundleChoice } from '../../lib/catalog/bundle-choice';
import { cartItemFor } from '../../lib/cart/cart-items';
import { cartErrorText, namesALimit, type CartErrorContext } from '../../lib/cart/cart-errors';
import { cartLines } from '../../lib/cart/cart-lines';
import { useSession } from '../../lib/account/session';
import { useCartUpdate } from '../../lib/cart/cart-state';
import { checkoutConfigWhenNeeded } from '../../lib/cart/checkout-config';
import { storePath } from '../../lib/store-paths';
import { addToCartEvent, pushEcommerceEvent } from '../../lib/tracking/data-layer';

const DEFAULT_MAX_QUANTITY = 99;

interface AddToCartProps {
  store: string;
  product: ProductDetail;
  /** The chosen variant of a configurable product (null until one is chosen). */
  variant: NonNullable<Variant['product']> | null;
  /** The options chosen for a bundle (each required item needs one). */
  bundle?: BundleChoice;
  /** Choices made in the form before adding: a subscription's delivery frequency (its field FREQUENCY_OPTION). */
  children?: React.ReactNode;
}

type Outcome = { kind: 'added'; quantity: number } | { kind: 'error'; text: string } | null;

/** Quantity and "Add to cart"; the outcome is announced (added, or why not) next to the button. */
export function AddToCart({ store, product, variant, bundle, children }: AddToCartProps) {
  const { t } = useTranslation();
  const id = useId();
  const update = useCartUpdate(store);
  // Until the browser knows whether a customer is signed in, it cannot tell which cart to add to.
  const session = useSession();
  const sessionKnown = session.status !== 'pending';
  // The store's limits, asked for only when a refusal is to name one.
  const queryClient = useQueryClient();
  const limitsFor = (codes: (string | null | undefined)[]) => (codes.some(namesALimit) ? checkoutConfigWhenNeeded(queryClient, store) : Promise.resolve(null));
  // Products sold in steps (packs in twos, ...) start at one step and go up by it.
  const step = product.qty_increments && product.qty_increments > 1 ? product.qty_increments : 1;
  const [quantity, setQuantity] = useState(String(step));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const limit = product.order_quantity_limit && product.enable_order_quantity_limit ? product.order_quantity_limit : DEFAULT_MAX_QUANTITY;
  const max = Math.max(step, Math.floor(limit / step) * step);
  const stock = variant ? variant.stock_status : product.stock_status;
  const soldOut = stock === 'OUT_OF_STOCK';
  const needsVariant = product.__typename === 'ConfigurableProduct' && !variant;
  const parsed = Number(quantity);
  const inRange = Number.isInteger(parsed) && parsed >= 1 && parsed <= max;
  const context: CartErrorContext = { step, signedIn: session.status === 'signed-in' };

  const add = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const weeks = new FormData(event.currentTarget).get(FREQUENCY_OPTION);
    setOutcome(null);
    if (!inRange) {
      setOutcome({ kind: 'error', text: t('cart.add.quantityRange', { max }) });
      return;
    }
    if (parsed % step !== 0) {
      setOutcome({ kind: 'error', text: cartErrorText(t, 'ITEM_INCREMENT', null, null, context) });
      return;
    }
    if (bundle) {
      const missing = missingBundleItems(product, bundle);
      if (missing.length) {
        setOutcome({ kind: 'error', text: t('catalog.bundle.missing', { items: missing.map((i) => i.title).join(', ') }) });
        return;
      }
      const soldOutOption = soldOutChoice(product, bundle);
      if (soldOutOption) {
        setOutcome({ kind: 'error', text: t('catalog.bundle.optionSoldOut', { name: soldOutOption.product?.name ?? soldOutOption.label }) });
        return;
      }
    }
    const item = cartItemFor(product, variant, parsed, bundle);
    if (!item) return;
    if (weeks) item.entered_options = [{ uid: FREQUENCY_OPTION, value: weeks as string }];
    setBusy(true);
    try {
      const { cart, userErrors } = await update((cartId) => addProductsToCart(cartClient(store, 'PRODUCT_DETAIL'), cartId, [item]));
      if (userErrors.length) {
        // The refusal is worded for its cause: the cart as it is now tells whether a device or a subscription is in it.
        const lines = cartLines(cart);
        const tradeIns = lines.filter((l) => l.tradeIn === true).reduce((n, l) => n + l.quantity, 0) + (product.product_kind === 'trade_in' ? parsed : 0);
        const around = {
          ...context, cartHasDevice: lines.some((l) => l.hasDevice === true && !l.is_gift), tooManyTradeIns: tradeIns > 1,
          otherSubscription: lines.some((l) => l.subscription === true),
        };
        const limits = await limitsFor(userErrors.map((e) => e.code));
        setOutcome({ kind: 'error', text: userErrors.map((e) => cartErrorText(t, e.code, e.message, limits, around)).join(' ') });
        return;
      }
      const price = (variant?.price_range ?? product.price_range).minimum_price.final_price;
      pushEcommerceEvent(addToCartEvent({
        sku: item.sku, name: variant?.name ?? product.name ?? '', price: price.value, currency: price.currency, quantity: parsed, category: product.product_kind,
      }, 'PRODUCT_DETAIL'));
      setOutcome({ kind: 'added', quantity: parsed });
    } catch (error) {
      const code = cartErrorCode(error);
      setOutcome({ kind: 'error', text: cartErrorText(t, code, firstServerMessage(error) ?? t('cart.errors.unavailable'), await limitsFor([code]), context) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="add-to-cart" noValidate onSubmit={add} aria-label={t('cart.add.formLabel', { name: product.name })}>
      {children}
      <div className="add-to-cart__row">
        <label htmlFor={`${id}-qty`} className="add-to-cart__label">{t('cart.quantity')}</label>
        <input
          id={`${id}-qty`}
          className="field__input add-to-cart__qty"
          type="number"
          inputMode="numeric"
          min={step}
          max={max}
          step={step}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
        />
        <button type="submit" className="button add-to-cart__button" disabled={busy || soldOut || needsVariant || !sessionKnown}>
          {soldOut ? t('cart.add.soldOut') : busy ? t('cart.add.adding') : t('cart.add.button')}
        </button>
      </div>
      <div aria-live="polite" className="add-to-cart__outcome">
        {outcome?.kind === 'added' && (
          <p className="add-to-cart__added" role="status">
            {t('cart.add.added', { count: outcome.quantity, name: product.name })}{' '}
            <Link to={storePath(store, '/cart')} className="text-link">{t('cart.add.viewCart')}</Link>
          </p>
        )}
      </div>
      {outcome?.kind === 'error' && <p className="add-to-cart__error" role="alert">{outcome.text}</p>}
    </form>
  );
}
