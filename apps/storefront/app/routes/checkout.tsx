import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import type { Route } from './+types/checkout';
import { CartPrice, CartTotals } from '../components/cart/cart-totals';
import { AddressStep } from '../components/checkout/address-step';
import { DeliveryStep } from '../components/checkout/delivery-step';
import { PaymentStep } from '../components/checkout/payment-step';
import { WaitingOrdersNotice } from '../components/checkout/waiting-orders-notice';
import { OrderAttributesProvider } from '../components/checkout/order-attributes';
import { RouteError } from '../components/common/route-error';
import { accountPageMeta } from '../lib/account/account-meta';
import { withReturnTo } from '../lib/account/return-to';
import { rememberAgeReturn } from '../lib/age-verification/age-return';
import { useCountries } from '../lib/account/account-queries';
import { useSession } from '../lib/account/session';
import type { AddressInput, Cart } from '../lib/api/cart.api';
import { browserScope, loadStoreFrame, serverScope } from '../lib/api/scope';
import { cartLines, lineErrors, lineOptions } from '../lib/cart/cart-lines';
import { useCart } from '../lib/cart/cart-state';
import { useCheckoutConfig } from '../lib/cart/checkout-config';
import { translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import { pushEcommerceEvent, type PageTracking } from '../lib/tracking/data-layer';
import { beginCheckoutEvent } from '../lib/tracking/checkout-events';

export const handle = {
  tracking: { pageName: 'checkout', section: 'checkout' } satisfies PageTracking,
};

export function meta({ matches }: Route.MetaArgs) {
  return accountPageMeta(translatorFor(matches)('checkout.title'));
}

export function loader({ params, context }: Route.LoaderArgs) {
  return loadStoreFrame(serverScope(context, params.store));
}

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadStoreFrame(browserScope(params.store));
}

/**
 * One page, three steps in order: address (with the guest's e-mail), delivery (home or pick-up),
 * payment and "Place order". A step opens once the cart holds what the one before it set, so a
 * reload resumes where the shopper was.
 */
export default function CheckoutPage() {
  return <CheckoutView />;
}

/**
 * The checkout itself, on its page or inside the account (`nested`: `#/checkout` and the free trial's
 * `#/trial/checkout`, where the account's own heading is the page's first).
 */
export function CheckoutView({ nested = false }: { nested?: boolean }) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const session = useSession();
  const { cart, isLoading, isError, refetch } = useCart(code);
  const config = useCheckoutConfig(code);
  const countries = useCountries(code, store.locale);
  const [ownAddress, setOwnAddress] = useState<AddressInput | null>(null);
  useBeginCheckout(cart);

  const lines = cartLines(cart);
  // Which steps were open when the page opened; a step that opens later takes focus.
  const openedWith = useRef<{ delivery: boolean; payment: boolean } | null>(null);
  if (cart && openedWith.current === null) openedWith.current = { delivery: hasAddress(cart), payment: hasAddress(cart) && hasShippingMethod(cart) };
  const ready = !isLoading && config.isSuccess && countries.isSuccess;

  return (
    <div className={`checkout-page${nested ? ' checkout-page--nested' : ''}`}>
      {nested ? <h2>{t(store.is_trial_store ? 'trial.checkoutTitle' : 'checkout.title')}</h2> : <h1>{t('checkout.title')}</h1>}
      {isError || config.isError || countries.isError ? (
        <div role="alert" className="form-alert form-alert--error">
          <p>{t('cart.errors.unavailable')}</p>
          <button type="button" className="button button--secondary" onClick={() => retryFailed([{ isError, refetch }, config, countries])}>{t('cart.retry')}</button>
        </div>
      ) : !ready ? (
        <p role="status">{t('cart.loading')}</p>
      ) : !cart || lines.length === 0 ? (
        <div>
          <p>{t('cart.empty')}</p>
          <Link className="button" to={storePath(code, '/shop')}>{t('cart.continueShopping')}</Link>
        </div>
      ) : lines.some((l) => !l.is_available || lineErrors(l).length) ? (
        <div>
          <p role="alert">{t('cart.fixErrors')}</p>
          <Link className="button" to={storePath(code, '/cart')}>{t('checkout.backToCart')}</Link>
        </div>
      ) : config.data?.is_guest_checkout_enabled === false && session.status !== 'signed-in' ? (
        <GuestCheckoutNotice store={code} pending={session.status === 'pending'} />
      ) : store.is_age_verification_enabled && lines.some((l) => l.product.is_age_restricted !== false) && session.user?.isAgeVerified !== true ? (
        <AgeCheckNotice store={code} signedIn={session.status === 'signed-in'} pending={session.status === 'pending'} />
      ) : (
        <OrderAttributesProvider store={code}>
          <div className="checkout-page__grid">
            <div className="checkout-page__steps">
              {session.status === 'signed-in' && session.user && <WaitingOrdersNotice store={code} customerUuid={session.user.uuid} />}
              <AddressStep
                store={code}
                cart={cart}
                config={config.data ?? null}
                countries={countries.data ?? []}
                guest={session.status !== 'signed-in'}
                customerUuid={session.user?.uuid ?? null}
                defaults={{
                  firstname: session.user?.firstname ?? '',
                  lastname: session.user?.lastname ?? '',
                  email: session.user?.email ?? '',
                }}
                onSaved={setOwnAddress}
              />
              {hasAddress(cart) && <DeliveryStep store={code} locale={store.locale} cart={cart} address={ownAddress} focusOnOpen={!openedWith.current?.delivery} />}
              {hasAddress(cart) && hasShippingMethod(cart) && <PaymentStep store={code} locale={store.locale} cart={cart} focusOnOpen={!openedWith.current?.payment} />}
            </div>
            <aside className="checkout-page__summary" aria-labelledby="checkout-summary-heading">
              <h2 id="checkout-summary-heading">{t('checkout.summary')}</h2>
              <ul className="checkout-summary__lines">
                {lines.map((line) => (
                  <li key={line.uid}>
                    <span>{t('cart.quantityShort', { count: line.quantity })} {line.product.name}</span>
                    {lineOptions(line) && <span className="checkout-summary__options"> ({lineOptions(line)})</span>}
                    {line.subscription_frequency_weeks && <span className="checkout-summary__options"> ({t('subscriptionChoice.every', { count: line.subscription_frequency_weeks })})</span>}
                    <span className="checkout-summary__price"><CartPrice incl={line.prices?.row_total_including_tax} excl={line.prices?.row_total} locale={store.locale} /></span>
                  </li>
                ))}
              </ul>
              <CartTotals cart={cart} locale={store.locale} headingLevel={3} />
              <p><Link className="text-link" to={storePath(code, '/cart')}>{t('checkout.editCart')}</Link></p>
            </aside>
          </div>
        </OrderAttributesProvider>
      )}
    </div>
  );
}

/**
 * Where the market requires it, age-restricted products go only to signed-in customers with a
 * verified age (the server enforces it at placeOrder): this sends the others to sign in, or to the
 * age verification and back to the cart afterwards.
 */
function AgeCheckNotice({ store, signedIn, pending }: { store: string; signedIn: boolean; pending: boolean }) {
  const { t } = useTranslation();
  if (pending) return <p role="status">{t('cart.loading')}</p>;
  return (
    <div className="checkout-page__age-check" role="region" aria-labelledby="age-check-heading">
      <h2 id="age-check-heading">{t('checkout.ageCheck.heading')}</h2>
      <p>{t(signedIn ? 'checkout.ageCheck.verify' : 'checkout.ageCheck.signIn')}</p>
      {signedIn ? (
        <Link className="button" to={`${storePath(store, '/account')}#/age-verification`} onClick={() => rememberAgeReturn(store, storePath(store, '/cart'))}>
          {t('checkout.ageCheck.verifyButton')}
        </Link>
      ) : (
        <Link className="button" to={withReturnTo(storePath(store, '/login'), storePath(store, '/checkout'))}>{t('checkout.ageCheck.signInButton')}</Link>
      )}
      <p><Link className="text-link" to={storePath(store, '/cart')}>{t('checkout.backToCart')}</Link></p>
    </div>
  );
}

/** A store view with guest checkout off sells only to customers (the server refuses a guest's order too): sign in or register, and come back here. */
function GuestCheckoutNotice({ store, pending }: { store: string; pending: boolean }) {
  const { t } = useTranslation();
  if (pending) return <p role="status">{t('cart.loading')}</p>;
  const back = storePath(store, '/checkout');
  return (
    <div className="checkout-page__age-check" role="region" aria-labelledby="guest-checkout-heading">
      <h2 id="guest-checkout-heading">{t('checkoutAddresses.guestHeading')}</h2>
      <p>{t('checkoutAddresses.guestText')}</p>
      <p className="form__actions">
        <Link className="button" to={withReturnTo(storePath(store, '/login'), back)}>{t('checkoutAddresses.guestSignIn')}</Link>
        <Link className="button button--secondary" to={withReturnTo(storePath(store, '/register'), back)}>{t('checkoutAddresses.guestRegister')}</Link>
      </p>
      <p><Link className="text-link" to={storePath(store, '/cart')}>{t('checkout.backToCart')}</Link></p>
    </div>
  );
}

/** Retry asks again for whatever failed (the cart, the store's checkout rules or its countries), not only the cart. */
function retryFailed(queries: { isError: boolean; refetch: () => unknown }[]) {
  for (const q of queries) if (q.isError) void q.refetch();
}

function hasAddress(cart: Cart): boolean {
  return cart.shipping_addresses.some((a) => a !== null) && (cart.billing_address !== null);
}

function hasShippingMethod(cart: Cart): boolean {
  return !!cart.shipping_addresses.find((a) => a)?.selected_shipping_method;
}

/** `begin_checkout` once per visit of the page, when the cart is known and holds something. */
function useBeginCheckout(cart: Cart | null | undefined) {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !cart) return;
    sent.current = true;
    pushEcommerceEvent(beginCheckoutEvent(cart));
  }, [cart]);
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
