import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cartClient, firstServerMessage, setBillingAddress, setGuestEmail, setShippingAddress } from '../../lib/api/cart.api';
import type { AddressInput, Cart, CartAddress } from '../../lib/api/cart.types';
import type { ShippingCountry } from '../../lib/api/directory.api';
import type { CheckoutConfig } from '../../lib/api/store.api';
import { useCartUpdate } from '../../lib/cart/cart-state';
import {
  checkoutAddressResolver, toCartAddress, type CheckoutAddressOutput, type CheckoutAddressValues,
} from '../../lib/cart/checkout-forms';
import { AddressFields } from '../forms/address-fields';
import { TextField } from '../forms/fields';
import { StepAlert } from './step-parts';

interface AddressStepProps {
  store: string;
  cart: Cart;
  config: CheckoutConfig | null;
  countries: ShippingCountry[];
  guest: boolean;
  /** The signed-in customer's names, for a first address. */
  defaults: { firstname: string; lastname: string; email: string };
  /** Called with the shopper's own address once the cart holds it. */
  onSaved: (address: AddressInput) => void;
}

function valuesFrom(address: CartAddress | null | undefined, email: string | null, defaults: AddressStepProps['defaults'], country: string): CheckoutAddressValues {
  return {
    email: email ?? defaults.email,
    firstname: address?.firstname ?? defaults.firstname,
    lastname: address?.lastname ?? defaults.lastname,
    street: [address?.street[0] ?? '', address?.street[1] ?? ''],
    city: address?.city ?? '',
    postcode: address?.postcode ?? '',
    country_code: address?.country.code ?? country,
    telephone: address?.telephone ?? '',
  };
}

/**
 * Contact e-mail (guests) and the shopper's address. Saving puts the e-mail, the delivery address
 * and the billing address (the same one, or the one given below) on the cart; the server's first
 * message explains a refusal (spec §8: address failures rethrow the first server error).
 */
export function AddressStep({ store, cart, config, countries, guest, defaults, onSaved }: AddressStepProps) {
  const { t } = useTranslation();
  const update = useCartUpdate(store);
  const [alert, setAlert] = useState<string | null>(null);
  const [sameBilling, setSameBilling] = useState(true);
  // The billing address on the cart is always the shopper's own (a pick-up's delivery address is the store's).
  const saved = cart.billing_address ?? cart.shipping_addresses.find((a) => a && !a.pickup_location_code) ?? null;
  const country = config?.default_country ?? countries[0]?.id ?? '';
  const resolver = useMemo(() => checkoutAddressResolver(config, { guest }), [config, guest]);
  const billingResolver = useMemo(() => checkoutAddressResolver(config, { guest: false }), [config]);
  const form = useForm<CheckoutAddressValues, unknown, CheckoutAddressOutput>({
    resolver,
    defaultValues: valuesFrom(saved, cart.email, defaults, country),
  });
  const billingForm = useForm<CheckoutAddressValues, unknown, CheckoutAddressOutput>({
    resolver: billingResolver,
    defaultValues: valuesFrom(null, null, defaults, country),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setAlert(null);
    let billing: AddressInput | null = null;
    if (!sameBilling) {
      await billingForm.handleSubmit((b) => { billing = toCartAddress(b); })();
      if (!billing) return;
    }
    const address = toCartAddress(values);
    const client = cartClient(store);
    try {
      await update(async (cartId) => {
        if (guest && values.email) await setGuestEmail(client, cartId, values.email);
        await setShippingAddress(client, cartId, address);
        return setBillingAddress(client, cartId, { address: billing ?? address });
      });
      onSaved(address);
    } catch (error) {
      setAlert(firstServerMessage(error) ?? t('checkout.errors.address'));
    }
  });

  return (
    <form className="form checkout-address" noValidate onSubmit={onSubmit} aria-labelledby="checkout-address-heading">
      <h2 id="checkout-address-heading">{t('checkout.address.heading')}</h2>
      {alert && <StepAlert>{alert}</StepAlert>}
      {guest && (
        <TextField
          id="checkout-email"
          label={t('checkout.address.email')}
          type="email"
          autoComplete="email"
          hint={t('checkout.address.emailHint')}
          registration={form.register('email')}
          error={form.formState.errors.email}
        />
      )}
      <AddressFields prefix="checkout-shipping" register={form.register} errors={form.formState.errors} countries={countries} firstnameOptional={!!config?.allow_empty_firstname} />
      <div className="field field--checkbox">
        <input id="checkout-same-billing" type="checkbox" checked={sameBilling} onChange={(e) => setSameBilling(e.target.checked)} />
        <label htmlFor="checkout-same-billing">{t('checkout.address.sameBilling')}</label>
      </div>
      {!sameBilling && (
        <fieldset className="checkout-billing">
          <legend className="choice-group__legend">{t('checkout.address.billingHeading')}</legend>
          <AddressFields prefix="checkout-billing" register={billingForm.register} errors={billingForm.formState.errors} countries={countries} firstnameOptional={!!config?.allow_empty_firstname} />
        </fieldset>
      )}
      <p className="form__actions">
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>{t('checkout.address.save')}</button>
      </p>
    </form>
  );
}
