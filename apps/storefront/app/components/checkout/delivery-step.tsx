import { useQuery } from '../../lib/api/query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { cartClient, firstServerMessage } from '../../lib/api/cart.api';
import { listPickupLocations, setShippingAddress, setShippingMethod } from '../../lib/api/checkout.api';
import type { AddressInput, Cart, CartShippingMethod } from '../../lib/api/cart.api';
import { sortShippingMethods } from '../../lib/cart/cart-lines';
import { useCartUpdate } from '../../lib/cart/cart-state';
import { methodKey } from '../../lib/cart/shipping';
import { formatMoney } from '../../lib/money';
import { pushEcommerceEvent } from '../../lib/tracking/data-layer';
import { addShippingInfoEvent } from '../../lib/tracking/checkout-events';
import { StepAlert, StepHeading } from './step-parts';
import { OrderAttributeSlot } from './order-attributes';

interface DeliveryStepProps {
  store: string;
  locale: string;
  cart: Cart;
  /** The shopper's own address: the delivery address again when they switch from pick-up to delivery. */
  address: AddressInput | null;
  /** Whether the step opened after the page did (its heading then takes focus). */
  focusOnOpen: boolean;
}

type Mode = 'delivery' | 'pickup';

/**
 * Home delivery or collection from a store. Delivery lists the methods for the shopper's address,
 * cheapest first (spec §5). Collection asks which store; the cart's delivery address becomes that
 * store (`pickup_location_code`) and its pick-up method is chosen with it. Going back to delivery
 * puts the shopper's own address back.
 */
export function DeliveryStep({ store, locale, cart, address, focusOnOpen }: DeliveryStepProps) {
  const { t } = useTranslation();
  const update = useCartUpdate(store);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shipping = cart.shipping_addresses.find((a) => a) ?? null;
  const pickupCode = shipping?.pickup_location_code ?? null;
  const [chosenMode, setChosenMode] = useState<Mode>(pickupCode ? 'pickup' : 'delivery');
  const mode: Mode = chosenMode;
  const methods = sortShippingMethods<CartShippingMethod>(shipping?.available_shipping_methods);
  const selectedOnCart = shipping?.selected_shipping_method ? methodKey(shipping.selected_shipping_method) : '';
  // The shopper's click shows at once; the cart's answer confirms it (or an error takes it back).
  const [pending, setPending] = useState<{ method?: string; store?: string } | null>(null);
  const selected = pending?.method ?? selectedOnCart;
  const chosenStore = pending?.store ?? pickupCode;
  const locations = useQuery({
    queryKey: ['pickup-locations', store],
    queryFn: () => listPickupLocations(cartClient(store)),
    enabled: mode === 'pickup',
    staleTime: 10 * 60_000,
  });

  const run = async (call: (cartId: string) => Promise<Cart>) => {
    setAlert(null);
    setBusy(true);
    try {
      await update(call);
    } catch (error) {
      setAlert(firstServerMessage(error) ?? t('checkout.errors.delivery'));
    } finally {
      setPending(null);
      setBusy(false);
    }
  };

  const own = address ?? ownAddressOf(cart);

  const chooseMode = (next: Mode) => {
    setChosenMode(next);
    // Back from a store to the shopper's own address: its delivery methods follow.
    if (next === 'delivery' && pickupCode && own) void run((cartId) => setShippingAddress(cartClient(store, 'CHECKOUT'), cartId, own, null));
  };

  const chooseMethod = (method: CartShippingMethod) => {
    setPending({ method: methodKey(method) });
    return run(async (cartId) => {
      const next = await setShippingMethod(cartClient(store, 'CHECKOUT'), cartId, method.carrier_code, method.method_code ?? '');
      pushEcommerceEvent(addShippingInfoEvent(next, `${method.carrier_code}_${method.method_code ?? ''}`));
      return next;
    });
  };

  const chooseStore = (code: string) => {
    if (!own) return;
    setPending({ store: code });
    void run(async (cartId) => {
      const client = cartClient(store, 'CHECKOUT');
      const atStore = await setShippingAddress(client, cartId, own, code);
      const [pickup] = sortShippingMethods<CartShippingMethod>(atStore.shipping_addresses.find((a) => a)?.available_shipping_methods);
      if (!pickup) return atStore;
      const next = await setShippingMethod(client, cartId, pickup.carrier_code, pickup.method_code ?? '');
      pushEcommerceEvent(addShippingInfoEvent(next, `${pickup.carrier_code}_${pickup.method_code ?? ''}`));
      return next;
    });
  };

  return (
    <section className="checkout-delivery" aria-labelledby="checkout-delivery-heading">
      <StepHeading id="checkout-delivery-heading" focus={focusOnOpen}>{t('checkout.delivery.heading')}</StepHeading>
      {alert && <StepAlert>{alert}</StepAlert>}
      <fieldset className="choice-group" disabled={busy}>
        <legend className="choice-group__legend">{t('checkout.delivery.modeLegend')}</legend>
        {(['delivery', 'pickup'] as const).map((m) => (
          <div key={m} className="choice">
            <input id={`delivery-mode-${m}`} className="choice__input" type="radio" name="delivery-mode" value={m} checked={mode === m} onChange={() => chooseMode(m)} />
            <label htmlFor={`delivery-mode-${m}`} className="choice__label">{t(`checkout.delivery.mode.${m}`)}</label>
          </div>
        ))}
      </fieldset>

      {mode === 'delivery' && !pickupCode && (
        methods.length === 0 ? (
          <p>{t('checkout.delivery.none')}</p>
        ) : (
          <fieldset className="choice-group" disabled={busy}>
            <legend className="choice-group__legend">{t('checkout.delivery.legend')}</legend>
            {methods.map((m) => {
              const key = methodKey(m);
              const id = `shipping-${key.replace(/[^a-z0-9_-]/gi, '-')}`;
              return (
                <div key={key} className="choice">
                  <input id={id} className="choice__input" type="radio" name="shipping-method" value={key} checked={selected === key} onChange={() => void chooseMethod(m)} />
                  <label htmlFor={id} className="choice__label">
                    <span className="choice__title">{m.method_title ?? m.carrier_title}</span>
                    <span className="choice__meta">
                      {m.carrier_title} · {m.amount.value ? formatMoney(m.amount, locale) : t('checkout.delivery.free')}
                    </span>
                  </label>
                </div>
              );
            })}
          </fieldset>
        )
      )}

      {mode === 'pickup' && (
        locations.isPending ? (
          <p role="status">{t('checkout.pickup.loading')}</p>
        ) : locations.isError ? (
          <p role="alert">{t('checkout.pickup.unavailable')}</p>
        ) : (
          <fieldset className="choice-group" disabled={busy}>
            <legend className="choice-group__legend">{t('checkout.pickup.legend')}</legend>
            {(locations.data ?? []).map((s) => {
              const id = `pickup-${s.pickup_location_code}`;
              return (
                <div key={s.pickup_location_code} className="choice">
                  <input id={id} className="choice__input" type="radio" name="pickup-store" value={s.pickup_location_code ?? ''} checked={chosenStore === s.pickup_location_code} onChange={() => chooseStore(s.pickup_location_code ?? '')} />
                  <label htmlFor={id} className="choice__label">
                    <span className="choice__title">{s.name}</span>
                    <span className="choice__meta">{[s.street, [s.postcode, s.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</span>
                    {s.description && <span className="choice__meta">{s.description}</span>}
                  </label>
                </div>
              );
            })}
          </fieldset>
        )
      )}
      {mode === 'pickup' && pickupCode && shipping?.selected_shipping_method && (
        <p className="checkout-pickup__chosen" role="status">
          {t('checkout.pickup.chosen', { method: shipping.selected_shipping_method.method_title })} ·{' '}
          {shipping.selected_shipping_method.amount.value ? formatMoney(shipping.selected_shipping_method.amount, locale) : t('checkout.delivery.free')}
        </p>
      )}
      <OrderAttributeSlot placement="buttonDelivery_before" />
    </section>
  );
}

/** The shopper's address from the cart: the billing address (always theirs), else a delivery address. */
function ownAddressOf(cart: Cart): AddressInput | null {
  const a = cart.billing_address ?? cart.shipping_addresses.find((s) => s && !s.pickup_location_code) ?? null;
  if (!a) return null;
  return {
    firstname: a.firstname,
    lastname: a.lastname,
    street: a.street.filter((s): s is string => !!s),
    city: a.city,
    ...(a.postcode ? { postcode: a.postcode } : {}),
    country_code: a.country.code,
    ...(a.telephone ? { telephone: a.telephone } : {}),
    // Putting it back after a pick-up changes nothing about the book: the address step decided that.
    save_in_address_book: false,
  };
}
