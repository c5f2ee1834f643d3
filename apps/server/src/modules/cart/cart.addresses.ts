import { EmailSchema, type Address } from '@ember/contracts';
import { phrase } from '../../platform/messages.js';
import type { Reader, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { StoreView } from '../store/store.service.js';
import type { AddressInput, CheckoutService } from '../checkout/checkout.service.js';
import { paymentMethodsFor } from '../payments/payments.methods.js';
import type { PricingLoader, StateSource } from './cart.inputs.js';
import { priceCart, type ComputedCart } from './cart.pricer.js';
import * as store from './cart.store.js';
import type { CartAddressRow, CartRow, CartState } from './cart.store.js';

/** The checkout fields of a cart: e-mail, addresses, shipping and payment methods. */

/** An address as setShippingAddressesOnCart / setBillingAddressOnCart send it. */
export interface CartAddressInput {
  address?: AddressInput | null;
  customer_address_id?: number | null;
  pickup_location_code?: string | null;
}

/** An entry of the customer's own address book (read by the caller before the cart's transaction). */
export type BookAddress = Address & { id: number };

/**
 * The cart priced after a write of its own fields or addresses: from the state read with the lock
 * and what was written (`patch`), or read afresh without one.
 */
export async function pricedAfter(q: Reader, loader: PricingLoader, storeView: StoreView, cart: CartRow, state: CartState | undefined, patch: StateSource['patch']): Promise<ComputedCart> {
  const inputs = await loader.load(q, storeView, cart, [], state && { state, patch });
  return priceCart(inputs, inputs.lines);
}

/**
 * A cart's e-mail as kept (trimmed, lower case), or null when it is not one: the same rule as an
 * account's e-mail (`EmailSchema`), so no control character or space gets onto an order.
 */
export function cartEmail(email: string): string | null {
  const parsed = EmailSchema.safeParse(email);
  return parsed.success ? parsed.data : null;
}

export async function setEmail(tx: Tx, loader: PricingLoader, storeView: StoreView, cart: CartRow, email: string, state?: CartState): Promise<ComputedCart> {
  const e = cartEmail(email);
  if (!e) throw new AppError('VALIDATION_FAILED', phrase('checkout.emailInvalid'));
  store.updateCart(tx, cart.id, { email: e });
  return pricedAfter(tx, loader, storeView, cart, state, { cart: { email: e } });
}

/**
 * An address row from typed input or the customer's own book entry, checked by the store view's
 * rules. A pick-up location sends the parcel to the store: its address replaces the street part,
 * the customer's names stay (and its postcode rules do not apply). A typed address of a signed-in
 * customer (`customerUuid`) joins their book with the order unless they say otherwise (Magento's default).
 */
export async function addressRow(
  tx: Reader, checkout: CheckoutService, storeView: StoreView, customerUuid: string | null, kind: CartAddressRow['kind'],
  input: CartAddressInput, book: BookAddress | null,
): Promise<CartAddressRow> {
  let source: AddressInput;
  if (book) source = { ...book, street: book.street };
  else if (input.address) source = input.address;
  else throw new AppError('VALIDATION_FAILED', 'The address or customer_address_id must be given.');
  const pickupCode = input.pickup_location_code?.trim() || null;
  if (pickupCode) {
    const pickup = (await checkout.pickupStores(tx, storeView)).find((s) => s.code === pickupCode);
    if (!pickup) throw new AppError('VALIDATION_FAILED', `The pick-up location "${pickupCode.slice(0, 40)}" is not available.`);
    source = { ...source, street: [pickup.street], city: pickup.city, postcode: pickup.postcode, country_code: pickup.country_code, region: null };
  }
  const clean = await checkout.cleanAddress(tx, storeView, source, { skipPostcode: Boolean(pickupCode) });
  const customerAddressId = book?.id ?? null;
  return {
    kind, ...clean,
    customer_address_id: customerAddressId,
    save_in_address_book: Boolean(customerUuid && !customerAddressId && (input.address?.save_in_address_book ?? true)),
    pickup_location_code: pickupCode,
  };
}

/** setShippingAddressesOnCart: the one delivery address (or pick-up store). */
export async function setShippingAddress(
  tx: Tx, deps: { checkout: CheckoutService; loader: PricingLoader }, storeView: StoreView, cart: CartRow, customerUuid: string | null,
  input: CartAddressInput, book: BookAddress | null, state?: CartState,
): Promise<ComputedCart> {
  const row = await addressRow(tx, deps.checkout, storeView, customerUuid, 'shipping', input, book);
  store.upsertAddress(tx, cart.id, row);
  return pricedAfter(tx, deps.loader, storeView, cart, state, { addresses: [row] });
}

/**
 * setBillingAddressOnCart: typed, from the book, or `same_as_shipping` (a copy of the delivery
 * address, which must be set and not a pick-up store); `use_for_shipping` / `same_as_shipping`
 * make it the delivery address too.
 */
export async function setBillingAddress(
  tx: Tx, deps: { checkout: CheckoutService; loader: PricingLoader }, storeView: StoreView, cart: CartRow, customerUuid: string | null,
  input: CartAddressInput & { same_as_shipping?: boolean | null; use_for_shipping?: boolean | null }, book: BookAddress | null, state?: CartState,
): Promise<ComputedCart> {
  let row: CartAddressRow;
  if (input.same_as_shipping && !input.address && input.customer_address_id == null) {
    const shipping = state ? (state.addresses.find((a) => a.kind === 'shipping') ?? null) : await store.findAddress(tx, cart.id, 'shipping');
    if (!shipping) throw new AppError('VALIDATION_FAILED', 'Could not use the "same_as_shipping" option, because the shipping address has not been set.');
    if (shipping.pickup_location_code) throw new AppError('VALIDATION_FAILED', 'A pick-up store cannot be the billing address.');
    row = { ...shipping, kind: 'billing', pickup_location_code: null };
  } else {
    row = await addressRow(tx, deps.checkout, storeView, customerUuid, 'billing', input, book);
  }
  store.upsertAddress(tx, cart.id, row);
  const written = [row];
  if (input.use_for_shipping || input.same_as_shipping) {
    const shipping: CartAddressRow = { ...row, kind: 'shipping', pickup_location_code: null };
    store.upsertAddress(tx, cart.id, shipping);
    written.push(shipping);
  }
  return pricedAfter(tx, deps.loader, storeView, cart, state, { addresses: written });
}

/**
 * The rows setShippingAddressesOnCart / setBillingAddressOnCart would write for a guest, checked by
 * the store view's rules before any write, for the one-statement path (docs/decisions/0054): null
 * when that path does not take the input (a book entry, a pick-up store) or the rules refuse it, so
 * the locking path answers and names the refusal in its usual order (the cart's access first).
 */
export async function guestAddressWrite(
  q: Reader, checkout: CheckoutService, storeView: StoreView, kind: CartAddressRow['kind'],
  input: CartAddressInput & { same_as_shipping?: boolean | null; use_for_shipping?: boolean | null },
): Promise<store.GuestWrite | null> {
  if (kind === 'billing' && input.same_as_shipping && !input.address && input.customer_address_id == null) return { billingAsShipping: true };
  // A book entry or a pick-up store needs reads of its own: the locking path writes those.
  if (!input.address || input.customer_address_id != null || input.pickup_location_code?.trim()) return null;
  let row: CartAddressRow;
  try {
    row = await addressRow(q, checkout, storeView, null, kind, input, null);
  } catch (e) {
    if (e instanceof AppError) return null;
    throw e;
  }
  const rows = [row];
  if (kind === 'billing' && (input.use_for_shipping || input.same_as_shipping)) rows.push({ ...row, kind: 'shipping', pickup_location_code: null });
  return { addresses: rows };
}

/** Chooses the shipping method among those priced for the cart; answers the cart priced with it. */
export async function setShippingMethod(
  tx: Tx, loader: PricingLoader, storeView: StoreView, cart: CartRow, carrier: string, method: string, state?: CartState,
): Promise<ComputedCart> {
  const inputs = await loader.load(tx, storeView, cart, [], state && { state });
  const view = priceCart(inputs, inputs.lines);
  if (!view.shipping) throw new AppError('VALIDATION_FAILED', phrase('checkout.shippingAddressMissing'));
  const m = view.methods.find((x) => x.row.carrier_code === carrier && x.row.method_code === method);
  if (!m) throw new AppError('VALIDATION_FAILED', 'Carrier with such method not found: ' + `${carrier.slice(0, 40)}, ${method.slice(0, 40)}`);
  if (!m.available) throw new AppError('VALIDATION_FAILED', m.error_message ?? 'This shipping method is not available.');
  const patch = { shipping_carrier_code: carrier, shipping_method_code: method };
  store.updateCart(tx, cart.id, patch);
  return priceCart({ ...inputs, cart: { ...inputs.cart, ...patch } }, inputs.lines);
}

/** Whether `code` is one of the store view's payment methods. */
export const isPaymentMethodOf = (storeView: StoreView, code: string): boolean => paymentMethodsFor(storeView.code).some((m) => m.code === code);

/** Chooses the payment method; `agreementIds` (already checked against the store's agreements) replaces the ticked ones when given. */
export async function setPaymentMethod(
  tx: Tx, loader: PricingLoader, storeView: StoreView, cart: CartRow, code: string, agreementIds?: number[], state?: CartState,
): Promise<ComputedCart> {
  if (!isPaymentMethodOf(storeView, code)) throw new AppError('VALIDATION_FAILED', phrase('checkout.paymentMethodUnavailable'));
  const patch = { payment_method_code: code, ...(agreementIds ? { agreement_ids: agreementIds } : {}) };
  store.updateCart(tx, cart.id, patch);
  return pricedAfter(tx, loader, storeView, cart, state, { cart: patch });
}
