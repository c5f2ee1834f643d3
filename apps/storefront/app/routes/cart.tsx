import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import type { Route } from './+types/cart';
import { CartPrice, CartTotals } from '../components/cart/cart-totals';
import { CouponForm } from '../components/cart/coupon-form';
import { MergeNotice } from '../components/cart/merge-notice';
import { CampaignChoice } from '../components/cart/campaign-choice';
import { PointsBadge } from '../components/product/points-badge';
import { TradeInSlot } from '../components/trade-in/trade-in-slot';
import { RouteError } from '../components/common/route-error';
import { addProductsToCart, cartClient, cartErrorCode, firstServerMessage, partialCart } from '../lib/api/cart.api';
import { removeCartItem, updateCartItem, updateCartItemFrequency } from '../lib/api/cart-edit.api';
import type { Cart, CartItem, FreeGiftOffer } from '../lib/api/cart.api';
import { giftInput, giftParentSku, openOffers } from '../lib/cart/cart-gifts';
import { browserScope, loadStoreFrame, serverScope } from '../lib/api/scope';
import type { CheckoutConfig } from '../lib/api/store.api';
import { useCheckoutConfig } from '../lib/cart/checkout-config';
import { cartErrorText } from '../lib/cart/cart-errors';
import { cartLines, lineErrorContext, lineErrors, lineImage, lineOptions } from '../lib/cart/cart-lines';
import { useSession } from '../lib/account/session';
import { useCart, useCartUpdate, useStoreCart } from '../lib/cart/cart-state';
import { privatePageMeta, translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import { hasConsent } from '../lib/tracking/consent';
import { pushEcommerceEvent, type PageTracking } from '../lib/tracking/data-layer';
import type { CartContext } from '@ember/contracts';

export const handle = {
  tracking: { pageName: 'cart', section: 'checkout' } satisfies PageTracking,
};

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(translatorFor(matches)('cart.title'));
}

export function loader({ params, context }: Route.LoaderArgs) {
  return loadStoreFrame(serverScope(context, params.store));
}

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadStoreFrame(browserScope(params.store));
}

export default function CartPage() {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const { cart, isLoading, isError, refetch } = useCart(code);
  const config = useCheckoutConfig(code).data ?? null;
  const lines = cartLines(cart);
  useViewCart(cart);

  return (
    <div className="cart-page">
      <h1>{t('cart.title')}</h1>
      <MergeNotice store={code} cartUpdatedKey={cart ? `${cart.id}:${cart.total_quantity}:${(cart.applied_coupons ?? []).length}` : ''} />
      {/* As tall as the empty cart: what follows does not move when the cart arrives after hydration. */}
      <div className="cart-page__body">
      {isLoading ? (
        <p role="status">{t('cart.loading')}</p>
      ) : isError ? (
        <div role="alert" className="form-alert form-alert--error">
          <p>{t('cart.errors.unavailable')}</p>
          <button type="button" className="button button--secondary" onClick={refetch}>{t('cart.retry')}</button>
        </div>
      ) : !cart || lines.length === 0 ? (
        <div className="cart-page__empty">
          <p>{t('cart.empty')}</p>
          <Link className="button" to={storePath(code, '/shop')}>{t('cart.continueShopping')}</Link>
        </div>
      ) : (
        <div className="cart-page__grid">
          <section aria-labelledby="cart-lines-heading">
            <h2 id="cart-lines-heading" className="visually-hidden">{t('cart.linesHeading')}</h2>
            <ul className="cart-lines">
              {lines.map((line) => (
                <CartLine key={line.uid} store={code} locale={store.locale} cart={cart} line={line} config={config} />
              ))}
            </ul>
          </section>
          <aside className="cart-page__aside">
            {lines.some((l) => l.hasDevice === true && !l.is_gift) && !lines.some((l) => l.tradeIn === true) && <TradeInSlot store={code} />}
            <CouponForm store={code} cart={cart} />
            <CampaignChoice store={code} locale={store.locale} cart={cart} />
            <CartTotals cart={cart} locale={store.locale} />
            <CheckoutLink store={code} cart={cart} />
          </aside>
        </div>
      )}
      </div>
    </div>
  );
}

function CheckoutLink({ store, cart }: { store: string; cart: Cart }) {
  const { t } = useTranslation();
  const blocked = cartLines(cart).some((l) => !l.is_available || lineErrors(l).length > 0);
  if (blocked) return <p className="cart-page__blocked" role="note">{t('cart.fixErrors')}</p>;
  // A free trial is checked out in the account (`#/trial/checkout`): it is one per person, so the buyer signs in first.
  const trial = (cart.prices?.total_after_trial?.value ?? 0) > 0;
  return <Link className="button cart-page__checkout" to={trial ? `${storePath(store, '/account')}#/trial/checkout` : storePath(store, '/checkout')}>{t(trial ? 'trial.toCheckout' : 'cart.toCheckout')}</Link>;
}

interface CartLineProps {
  store: string;
  locale: string;
  cart: Cart;
  line: CartItem;
  config: CheckoutConfig | null;
}

/** One line: picture, name, options, quantity (change, remove), price each and line total, its errors. */
function CartLine({ store, locale, cart, line, config }: CartLineProps) {
  const { t } = useTranslation();
  const id = useId();
  const session = useSession();
  const context = lineErrorContext(cart, line, session.status === 'pending' ? undefined : session.status === 'signed-in');
  const step = line.qty_increments && line.qty_increments > 1 ? line.qty_increments : 1;
  const update = useCartUpdate(store);
  const keepCart = useStoreCart(store);
  const [quantity, setQuantity] = useState(String(line.quantity));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const image = lineImage(line);
  const options = lineOptions(line);
  const errors = lineErrors(line);
  const name = line.product.name ?? line.product.sku;

  const fail = (failure: unknown, field: string) => {
    const partial = partialCart(failure, field);
    if (partial) keepCart(partial);
    setError(cartErrorText(t, cartErrorCode(failure), firstServerMessage(failure) ?? t('cart.errors.unavailable'), config, context));
  };

  const changeQuantity = async (event: React.FormEvent) => {
    event.preventDefault();
    const next = Number(quantity);
    setError(null);
    if (!Number.isInteger(next) || next < 0) {
      setError(t('cart.errors.ITEM_QTY'));
      return;
    }
    if (next === line.quantity) return;
    setBusy(true);
    try {
      const client = cartClient(store, 'CART');
      await update((cartId) => (next === 0 ? removeCartItem(client, cartId, line.uid) : updateCartItem(client, cartId, line.uid, next)));
      trackLineChange(line, next, 'CART');
    } catch (failure) {
      fail(failure, 'updateCartItems');
      setQuantity(String(line.quantity));
    } finally {
      setBusy(false);
    }
  };

  // A subscription line comes as often as chosen among its plan's frequencies (docs/decisions/0059).
  const changeFrequency = async (weeks: number) => {
    setError(null);
    setBusy(true);
    try {
      await update((cartId) => updateCartItemFrequency(cartClient(store, 'CART'), cartId, line.uid, weeks));
    } catch (failure) {
      fail(failure, 'updateCartItems');
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setError(null);
    setBusy(true);
    try {
      await update((cartId) => removeCartItem(cartClient(store, 'CART'), cartId, line.uid));
      trackLineChange(line, 0, 'CART');
    } catch (failure) {
      fail(failure, 'removeItemFromCart');
      setBusy(false);
    }
  };

  return (
    <li className="cart-line" aria-labelledby={`${id}-name`}>
      <div className="cart-line__image">
        {image?.url && <img src={image.url} alt={image.label ?? ''} width={96} height={96} />}
      </div>
      <div className="cart-line__info">
        <h3 id={`${id}-name`} className="cart-line__name">
          {line.product.url_key ? <Link to={storePath(store, `/p/${line.product.url_key}`)}>{name}</Link> : name}
        </h3>
        {options && <p className="cart-line__options">{options}</p>}
        {line.is_gift && <p className="cart-line__gift">{t('cart.gifts.label')}</p>}
        {line.tradeIn && <p className="cart-line__options">{t('cart.tradeIn')}</p>}
        {line.subscription_frequency_weeks && (
          <p className="cart-line__options cart-line__frequency">
            <label htmlFor={`${id}-every`}>{t('cart.subscriptionFrequency')}</label>
            <select id={`${id}-every`} className="field__input" value={line.subscription_frequency_weeks} disabled={busy} onChange={(e) => void changeFrequency(Number(e.target.value))}>
              {(line.subscription_frequencies_weeks ?? [line.subscription_frequency_weeks]).map((weeks) => (
                <option key={weeks} value={weeks}>{t('subscriptionChoice.every', { count: weeks })}</option>
              ))}
            </select>
          </p>
        )}
        <p className="cart-line__unit"><CartPrice incl={line.prices?.price_including_tax} excl={line.prices?.price} locale={locale} label={(price) => t('cart.priceEach', { price })} /></p>
        <PointsBadge sku={line.product.sku ?? ''} quantity={line.quantity} />
        {errors.map((e, i) => (
          <p key={i} className="cart-line__error" role="alert">{cartErrorText(t, e.code, e.message, config, context)}</p>
        ))}
        {error && <p className="cart-line__error" role="alert">{error}</p>}
        <form className="cart-line__quantity" noValidate onSubmit={changeQuantity}>
          <label htmlFor={`${id}-qty`}>{t('cart.quantityFor', { name })}</label>
          <input
            id={`${id}-qty`}
            className="field__input"
            type="number"
            inputMode="numeric"
            min={0}
            step={step}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
          <button type="submit" className="button button--secondary" disabled={busy}>{t('cart.update')}</button>
          <button type="button" className="link-button" onClick={() => void remove()} disabled={busy}>
            {t('cart.remove')}<span className="visually-hidden"> {name}</span>
          </button>
        </form>
        {openOffers(line).map((offer) => (
          <FreeGifts key={offer.code} store={store} line={line} offer={offer} config={config} />
        ))}
      </div>
      <p className="cart-line__total">
        <span className="visually-hidden">{t('cart.lineTotal')} </span>
        <CartPrice incl={line.prices?.row_total_including_tax} excl={line.prices?.row_total} locale={locale} />
      </p>
    </li>
  );
}

/** A line's free-gift offer: fixed gifts are added one by one, a flexible offer lets the shopper choose. */
function FreeGifts({ store, line, offer, config }: { store: string; line: CartItem; offer: FreeGiftOffer; config: CheckoutConfig | null }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useCartUpdate(store);
  const eligible = offer.products.filter((p) => p.is_eligible);
  const [choice, setChoice] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const add = async (sku: string) => {
    setBusy(true);
    setMessage(null);
    try {
      const result = await update((cartId) => addProductsToCart(cartClient(store, 'CART'), cartId, [giftInput(sku, giftParentSku(line))]));
      const refused = result.userErrors[0];
      if (refused) setMessage(cartErrorText(t, refused.code, refused.message, config));
    } catch (failure) {
      setMessage(cartErrorText(t, cartErrorCode(failure), firstServerMessage(failure) ?? t('cart.errors.unavailable'), config));
    } finally {
      setBusy(false);
    }
  };

  const name = (p: FreeGiftOffer['products'][number]) => p.name ?? p.sku;
  return (
    <section className="cart-gifts" aria-labelledby={`${id}-gifts`}>
      <h4 id={`${id}-gifts`} className="cart-gifts__heading">{t('cart.gifts.heading')}</h4>
      {offer.type === 'free_gift_flexible' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (choice) void add(choice);
          }}
        >
          <fieldset disabled={busy || eligible.length === 0}>
            <legend>{offer.remaining_qty > 0 ? t('cart.gifts.choose', { count: offer.remaining_qty }) : t('cart.gifts.chosen')}</legend>
            {offer.products.map((p) => (
              <div key={p.sku} className="cart-gifts__choice">
                <input
                  type="radio"
                  id={`${id}-${p.sku}`}
                  name={`${id}-gift`}
                  value={p.sku}
                  checked={choice === p.sku}
                  disabled={!p.is_eligible}
                  onChange={() => setChoice(p.sku)}
                />
                <label htmlFor={`${id}-${p.sku}`}>{name(p)}</label>
                {!p.is_eligible && p.eligibility_description && <span className="cart-gifts__why"> {p.eligibility_description}</span>}
              </div>
            ))}
            {eligible.length > 0 && (
              <button type="submit" className="button button--secondary" disabled={!choice}>{t('cart.gifts.add')}</button>
            )}
          </fieldset>
        </form>
      ) : (
        <ul className="cart-gifts__list">
          {offer.products.map((p) => (
            <li key={p.sku}>
              <span>{name(p)}</span>{' '}
              {p.is_eligible ? (
                <button type="button" className="link-button" disabled={busy} onClick={() => void add(p.sku)}>
                  {t('cart.gifts.add')}<span className="visually-hidden"> {name(p)}</span>
                </button>
              ) : (
                p.eligibility_description && <span className="cart-gifts__why">{p.eligibility_description}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {message && <p className="cart-line__error" role="alert">{message}</p>}
    </section>
  );
}

// The cart's GA4 events load only to be sent (with analytics consent): the cart page's first scripts are on a budget (decision 0052).
const cartEvents = () => (hasConsent('analytics') ? import('../lib/tracking/checkout-events') : new Promise<never>(() => undefined));

/** `view_cart` once per visit of the page, when the cart is known and holds something. */
function useViewCart(cart: Cart | null | undefined) {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !cart || !cartLines(cart).length) return;
    sent.current = true;
    void cartEvents().then((m) => pushEcommerceEvent(m.viewCartEvent(cart)));
  }, [cart]);
}

/** `add_to_cart` or `remove_from_cart` of a line's changed quantity. */
function trackLineChange(line: CartItem, quantity: number, context: CartContext) {
  void cartEvents().then((m) => pushEcommerceEvent(m.lineChangeEvent(line, line.quantity, quantity, context)));
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
