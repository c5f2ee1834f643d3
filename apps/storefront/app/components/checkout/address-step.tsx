import type { Address, SavedAddress } from '@ember/contracts';
import { fromGraphQLAddress, toGraphQLAddressInput } from '../../lib/api/address';
import { useMemo, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/react';
import { useAddresses } from '../../lib/account/account-queries';
import { cartClient, firstServerMessage } from '../../lib/api/cart.api';
import { setBillingAddress, setGuestEmail, setShippingAddress } from '../../lib/api/checkout.api';
import type { AddressInput, Cart, CartAddress, SavedAddressRef } from '../../lib/api/cart.api';
import type { ShippingCountry } from '../../lib/api/directory.api';
import type { CheckoutConfig } from '../../lib/api/store.api';
import { useCartUpdate } from '../../lib/cart/cart-state';
import {
  checkoutAddressResolver, toCartAddress, type CheckoutAddressOutput, type CheckoutAddressValues,
} from '../../lib/cart/checkout-forms';
import { AddressFields } from '../forms/address-fields';
import { TextField } from '../forms/fields';
import { StepAlert } from './step-parts';
import { OrderAttributeSlot } from './order-attributes';

interface AddressStepProps {
  store: string;
  cart: Cart;
  config: CheckoutConfig | null;
  countries: ShippingCountry[];
  guest: boolean;
  /** The signed-in customer's uuid: their address book is offered, and a typed address may join it. */
  customerUuid: string | null;
  /** The signed-in customer's names, for a first address. */
  defaults: { firstname: string; lastname: string; email: string };
  /** Called with the shopper's own address once the cart holds it. */
  onSaved: (address: AddressInput) => void;
}

function valuesFrom(onCart: CartAddress | null | undefined, email: string | null, defaults: AddressStepProps['defaults'], country: string): CheckoutAddressValues {
  const address = onCart ? fromGraphQLAddress(onCart, country) : null;
  return {
    email: email ?? defaults.email,
    firstname: address?.firstname ?? defaults.firstname,
    lastname: address?.lastname ?? defaults.lastname,
    street: [address?.street[0] ?? '', address?.street[1] ?? ''],
    city: address?.city ?? '',
    postcode: address?.postcode ?? '',
    country_code: address?.country_code ?? country,
    telephone: address?.telephone ?? '',
  };
}

/** A book entry as the cart address it stands for (for the delivery step's pick-up and back). */
function fromBook(a: Address): AddressInput {
  return toGraphQLAddressInput(a, false);
}

const same = (x: string | null | undefined, y: string | null | undefined) => (x ?? '').replace(/\s+/g, '').toLowerCase() === (y ?? '').replace(/\s+/g, '').toLowerCase();

/**
 * Which entry of the book is chosen when the step opens: the one the cart already holds (a reload
 * resumes), else none when the cart holds a typed address, else the default delivery address.
 */
function initialChoice(book: SavedAddress[], onCart: CartAddress | null): number | 'new' {
  if (onCart) {
    const match = book.find((a) => same(a.street[0], onCart.street[0]) && same(a.postcode, onCart.postcode) && same(a.city, onCart.city) && a.country_code === onCart.country.code && same(a.lastname, onCart.lastname));
    return match?.id ?? 'new';
  }
  return (book.find((a) => a.is_default_shipping) ?? book[0])?.id ?? 'new';
}

/**
 * Contact e-mail (guests) and the shopper's address. A signed-in customer picks an entry of their
 * address book (Magento's `customer_address_id`) or types a new address, which joins the book with
 * the order unless they untick "save" (`save_in_address_book`). Saving puts the e-mail, the delivery
 * address and the billing address (the same one, or the one given below) on the cart; the server's
 * first message explains a refusal (spec §8: address failures rethrow the first server error).
 */
export function AddressStep({ store, cart, config, countries, guest, customerUuid, defaults, onSaved }: AddressStepProps) {
  const { t } = useTranslation();
  const update = useCartUpdate(store);
  const [alert, setAlert] = useState<string | null>(null);
  const [sameBilling, setSameBilling] = useState(true);
  const [saveToBook, setSaveToBook] = useState(true);
  const [choice, setChoice] = useState<number | 'new' | null>(null);
  const addressBook = useAddresses(store, customerUuid ?? '', { enabled: !!customerUuid, fresh: true });
  // Only entries this store delivers to and the checkout's rules accept are offered.
  const book = useMemo(
    () => (addressBook.data ?? []).filter((a) => countries.some((c) => c.id === a.country_code)),
    [addressBook.data, countries],
  );
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

  const chosen = customerUuid && book.length ? (choice ?? initialChoice(book, saved)) : 'new';
  const chosenEntry = typeof chosen === 'number' ? book.find((a) => a.id === chosen) ?? null : null;
  // A customer's typed address carries their choice; a guest has no book.
  const withBookChoice = (a: AddressInput): AddressInput => (customerUuid ? { ...a, save_in_address_book: saveToBook } : a);

  /** Puts the e-mail and both addresses on the cart. */
  const submit = async (shipping: AddressInput | SavedAddressRef, own: AddressInput, email: string | undefined) => {
    setAlert(null);
    let billing: AddressInput | null = null;
    if (!sameBilling) {
      await billingForm.handleSubmit((b) => { billing = withBookChoice(toCartAddress(b)); })();
      if (!billing) return;
    }
    const client = cartClient(store, 'CHECKOUT');
    try {
      await update(async (cartId) => {
        if (guest && email) await setGuestEmail(client, cartId, email);
        await setShippingAddress(client, cartId, shipping);
        return setBillingAddress(client, cartId, billing ? { address: billing } : 'customer_address_id' in shipping ? shipping : { address: own });
      });
      onSaved(own);
    } catch (error) {
      setAlert(firstServerMessage(error) ?? t('checkout.errors.address'));
    }
  };

  const onTyped = form.handleSubmit(async (values) => {
    const address = withBookChoice(toCartAddress(values));
    await submit(address, address, values.email);
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!chosenEntry) return onTyped(event);
    event.preventDefault();
    return submit({ customer_address_id: chosenEntry.id }, fromBook(chosenEntry), undefined);
  };

  const countryName = (id: string) => countries.find((c) => c.id === id)?.name ?? id;

  if (customerUuid && addressBook.isPending) return <p role="status">{t('cart.loading')}</p>;

  return (
    <form className="form checkout-address" noValidate onSubmit={onSubmit} aria-labelledby="checkout-address-heading">
      <h2 id="checkout-address-heading">{t('checkout.address.heading')}</h2>
      {alert && <StepAlert>{alert}</StepAlert>}
      {customerUuid && book.length > 0 && (
        <fieldset className="choice-group checkout-saved-addresses">
          <legend className="choice-group__legend">{t('checkoutAddresses.savedLegend')}</legend>
          {book.map((a) => (
            <div className="choice" key={a.id}>
              <input id={`checkout-saved-${a.id}`} className="choice__input" type="radio" name="checkout-saved-address" checked={chosen === a.id} onChange={() => setChoice(a.id)} />
              <label htmlFor={`checkout-saved-${a.id}`} className="choice__label">
                {[`${a.firstname} ${a.lastname}`, ...a.street.filter(Boolean), [a.postcode, a.city].filter(Boolean).join(' '), countryName(a.country_code)].join(', ')}
              </label>
            </div>
          ))}
          <div className="choice">
            <input id="checkout-saved-new" className="choice__input" type="radio" name="checkout-saved-address" checked={chosen === 'new'} onChange={() => setChoice('new')} />
            <label htmlFor="checkout-saved-new" className="choice__label">{t('checkoutAddresses.newAddress')}</label>
          </div>
        </fieldset>
      )}
      <OrderAttributeSlot placement="contactDetails_before" />
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
      <OrderAttributeSlot placement="contactDetails_after" />
      <OrderAttributeSlot placement="shippingAddress_before" />
      {chosen === 'new' && (
        <AddressFields prefix="checkout-shipping" register={form.register} errors={form.formState.errors} countries={countries} firstnameOptional={!!config?.allow_empty_firstname} autocomplete={{ store, setValue: form.setValue }} />
      )}
      {customerUuid && (chosen === 'new' || !sameBilling) && (
        <div className="field field--checkbox">
          <input id="checkout-save-to-book" type="checkbox" checked={saveToBook} onChange={(e) => setSaveToBook(e.target.checked)} />
          <label htmlFor="checkout-save-to-book">{t('checkoutAddresses.saveToBook')}</label>
        </div>
      )}
      <OrderAttributeSlot placement="shippingAddress_after" />
      <OrderAttributeSlot placement="billingaddress_before" />
      <div className="field field--checkbox">
        <input id="checkout-same-billing" type="checkbox" checked={sameBilling} onChange={(e) => setSameBilling(e.target.checked)} />
        <label htmlFor="checkout-same-billing">{t('checkout.address.sameBilling')}</label>
      </div>
      {!sameBilling && (
        <fieldset className="checkout-billing">
          <legend className="choice-group__legend">{t('checkout.address.billingHeading')}</legend>
          <AddressFields prefix="checkout-billing" register={billingForm.register} errors={billingForm.formState.errors} countries={countries} firstnameOptional={!!config?.allow_empty_firstname} autocomplete={{ store, setValue: billingForm.setValue }} />
        </fieldset>
      )}
      <OrderAttributeSlot placement="billingaddress_after" />
      <p className="form__actions">
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>{t('checkout.address.save')}</button>
      </p>
    </form>
  );
}
