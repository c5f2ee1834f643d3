import { useQuery } from '../../lib/api/query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from 'react-router';
import { cartClient, firstServerMessage } from '../../lib/api/cart.api';
import { acceptAgreements, listCheckoutAgreements, placeOrder, PlaceOrderError, setPaymentMethod } from '../../lib/api/checkout.api';
import { TermsCheckbox } from '../legal/terms-checkbox';
import type { Cart } from '../../lib/api/cart.api';
import { endPlaceOrderAttempt, needsProvider, newAttemptKey, placeOrderKey, startPayment } from '../../lib/api/payments.api';
import { useSession } from '../../lib/account/session';
import { forgetCart, useCartUpdate } from '../../lib/cart/cart-state';
import { cartLines } from '../../lib/cart/cart-lines';
import { formatMoney } from '../../lib/money';
import { savePlacedOrder } from '../../lib/cart/placed-order';
import { storePath } from '../../lib/store-paths';
import { StepAlert, StepHeading } from './step-parts';
import { pushEcommerceEvent } from '../../lib/tracking/data-layer';
import { addPaymentInfoEvent } from '../../lib/tracking/checkout-events';
import { OrderAttributeSlot, useOrderAttributeValues } from './order-attributes';

interface PaymentStepProps {
  store: string;
  /** The store view's locale (`en_GB`), for the subscription's price per delivery. */
  locale: string;
  cart: Cart;
  /** Whether the step opened after the page did (its heading then takes focus). */
  focusOnOpen: boolean;
}

/**
 * The payment method (the server lists the ones this cart may use) and "Place order". A placed
 * order closes the cart; the confirmation page shows its number.
 */
export function PaymentStep({ store, locale, cart, focusOnOpen }: PaymentStepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const update = useCartUpdate(store);
  const attributeValues = useOrderAttributeValues();
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const methods = (cart.available_payment_methods ?? []).filter((m): m is { code: string; title: string } => m !== null);
  // The shopper's click shows at once; the cart's answer confirms it (or an error takes it back).
  const [pending, setPending] = useState<string | null>(null);
  const selected = pending ?? (cart.selected_payment_method?.code || '');
  // The terms must be ticked before "Place order": the ticked agreements go to the cart with the payment method (docs/decisions/0027).
  const agreements = useQuery({ queryKey: ['checkout-agreements', store], queryFn: () => listCheckoutAgreements(cartClient(store)), staleTime: 60_000 });
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [termsMissing, setTermsMissing] = useState(false);
  const termsRef = useRef<HTMLInputElement>(null);
  // A store view without terms has no agreements to tick (until they have loaded, the box shows).
  const needsTerms = agreements.data?.length !== 0;
  // A subscription's deliveries are charged to the card of this payment: the shopper agrees to keep it.
  const subscribed = cartLines(cart).filter((l) => l.subscription === true);
  const [keepCard, setKeepCard] = useState(false);
  const [keepCardMissing, setKeepCardMissing] = useState(false);
  const keepCardRef = useRef<HTMLInputElement>(null);
  const perDelivery = subscribed.reduce((sum, l) => sum + (l.prices?.row_total_including_tax.value ?? 0), 0);
  const currency = subscribed[0]?.prices?.row_total_including_tax.currency ?? cart.prices?.grand_total?.currency ?? 'GBP';
  // A free trial's kit: the card is kept and charged what the device costs if it is kept after the trial.
  const afterTrial = cart.prices?.total_after_trial?.value ? cart.prices.total_after_trial : null;
  const savesCard = subscribed.length > 0 || afterTrial !== null;

  const choose = async (code: string) => {
    setAlert(null);
    setPending(code);
    setBusy(true);
    try {
      const next = await update((cartId) => setPaymentMethod(cartClient(store, 'CHECKOUT'), cartId, code));
      pushEcommerceEvent(addPaymentInfoEvent(next, code));
    } catch (error) {
      setAlert(firstServerMessage(error) ?? t('checkout.errors.payment'));
    } finally {
      setPending(null);
      setBusy(false);
    }
  };

  const place = async () => {
    setAlert(null);
    if (needsTerms && !termsAccepted) {
      setTermsMissing(true);
      termsRef.current?.focus();
      return;
    }
    if (savesCard && !keepCard) {
      setKeepCardMissing(true);
      keepCardRef.current?.focus();
      return;
    }
    setBusy(true);
    let order;
    try {
      const ids = (agreements.data ?? (await agreements.refetch({ throwOnError: true })).data ?? []).map((a) => a.agreement_id);
      await update((cartId) => acceptAgreements(cartClient(store, 'CHECKOUT'), cartId, selected, ids));
      order = await placeOrder(cartClient(store, 'CHECKOUT'), cart.id, placeOrderKey(cart.id), attributeValues);
      endPlaceOrderAttempt(cart.id);
    } catch (error) {
      // A refusal is the attempt's answer; without one (timeout, in flight) the next press retries with the same key.
      if (error instanceof PlaceOrderError) endPlaceOrderAttempt(cart.id);
      // The terms may have changed since they were read: the next try sends the current ones.
      void agreements.refetch();
      setAlert(error instanceof PlaceOrderError ? placeOrderText(t, error) : firstServerMessage(error) ?? t('checkout.errors.placeOrder'));
      setBusy(false);
      return;
    }
    const confirmation = `${storePath(store, '/checkout/success')}?order=${encodeURIComponent(order.number)}`;
    const customerUuid = session.status === 'signed-in' ? session.user.uuid : null;
    const record = { number: order.number, id: order.id, email: cart.email, paymentUuid: null, cartId: customerUuid ? null : cart.id, cart, purchaseTracked: false };
    savePlacedOrder(store, record);
    forgetCart(store);
    if (!needsProvider(selected) || !order.id) {
      navigate(confirmation);
      return;
    }
    // The order waits for its payment: the provider's page takes the card (and any challenge) and
    // sends the shopper back to the confirmation, which reads the payment's status.
    try {
      const payment = await startPayment(store, {
        orderId: order.id, cartId: record.cartId, customerUuid, returnUrl: confirmation, attemptKey: newAttemptKey(), tokenize: savesCard && keepCard,
      });
      savePlacedOrder(store, { ...record, paymentUuid: payment.uuid });
      if (payment.redirect_url) {
        window.location.assign(payment.redirect_url);
        return;
      }
      navigate(`${confirmation}&payment_uuid=${encodeURIComponent(payment.uuid)}`);
    } catch {
      navigate(confirmation, { state: { paymentNotStarted: true } });
    }
  };

  return (
    <section className="checkout-payment" aria-labelledby="checkout-payment-heading">
      <StepHeading id="checkout-payment-heading" focus={focusOnOpen}>{t('checkout.payment.heading')}</StepHeading>
      {alert && <StepAlert>{alert}</StepAlert>}
      {methods.length === 0 ? (
        <p>{t('checkout.payment.none')}</p>
      ) : (
        <fieldset className="choice-group" disabled={busy}>
          <legend className="visually-hidden">{t('checkout.payment.legend')}</legend>
          {methods.map((m) => (
            <div key={m.code} className="choice">
              <input id={`payment-${m.code}`} className="choice__input" type="radio" name="payment-method" value={m.code} checked={selected === m.code} onChange={() => void choose(m.code)} />
              <label htmlFor={`payment-${m.code}`} className="choice__label"><span className="choice__title">{t(`checkout.payment.methods.${m.code}`, { defaultValue: m.title })}</span></label>
            </div>
          ))}
        </fieldset>
      )}
      {needsTerms && <TermsCheckbox
        id="checkout-terms"
        store={store}
        ref={termsRef}
        checked={termsAccepted}
        invalid={termsMissing && !termsAccepted}
        onChange={(e) => {
          setTermsAccepted(e.target.checked);
          if (e.target.checked) setTermsMissing(false);
        }}
      />}
      {savesCard && (
        <div className={`checkout-subscription${keepCardMissing && !keepCard ? ' checkout-subscription--invalid' : ''}`}>
          <p className="checkout-subscription__title">{t(afterTrial && !subscribed.length ? 'checkout.trial.title' : 'checkout.subscription.title')}</p>
          {subscribed.length > 0 && <p>{t('checkout.subscription.terms', {
            products: subscribed.map((l) => l.product.name).join(', '),
            frequency: subscribed[0]?.subscription_frequency_weeks ? t('subscriptionChoice.every', { count: subscribed[0].subscription_frequency_weeks }) : '',
            amount: formatMoney({ value: perDelivery, currency }, locale),
          })}</p>}
          {afterTrial && <p>{t('checkout.trial.terms', { today: formatMoney(cart.prices?.grand_total, locale), amount: formatMoney(afterTrial, locale) })}</p>}
          <label className="choice">
            <input
              ref={keepCardRef}
              id="checkout-keep-card"
              type="checkbox"
              checked={keepCard}
              aria-invalid={keepCardMissing && !keepCard}
              aria-describedby={keepCardMissing && !keepCard ? 'checkout-keep-card-error' : undefined}
              onChange={(e) => {
                setKeepCard(e.target.checked);
                if (e.target.checked) setKeepCardMissing(false);
              }}
            />{' '}
            {t(subscribed.length ? 'checkout.subscription.keepCard' : 'checkout.trial.keepCard', { amount: afterTrial ? formatMoney(afterTrial, locale) : '' })}
          </label>
          {keepCardMissing && !keepCard && <p id="checkout-keep-card-error" className="field__error">{t(subscribed.length ? 'checkout.subscription.keepCardMissing' : 'checkout.trial.keepCardMissing')}</p>}
        </div>
      )}
      <OrderAttributeSlot placement="buttonPlaceOrder_before" />
      <p className="form__actions">
        <button type="button" className="button checkout-place" disabled={busy || !selected} onClick={() => void place()}>
          {busy ? t('checkout.placing') : t('checkout.placeOrder')}
        </button>
      </p>
    </section>
  );
}

/**
 * placeOrder refusals in words (spec §8 cart errors), the server's message for anything else.
 * UNABLE_TO_PLACE_ORDER has many causes (orders waiting for payment, terms not accepted, ...): the
 * server says which, in the store view's language; the generic words are only a fallback.
 */
function placeOrderText(t: (key: string) => string, error: PlaceOrderError): string {
  if (error.code === 'UNABLE_TO_PLACE_ORDER') return error.message || t('checkout.errors.UNABLE_TO_PLACE_ORDER');
  const known = ['CART_NOT_FOUND', 'CART_NOT_ACTIVE', 'GUEST_EMAIL_MISSING'];
  return known.includes(error.code) ? t(`checkout.errors.${error.code}`) : error.message || t('checkout.errors.placeOrder');
}
