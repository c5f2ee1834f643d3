import { randomUUID } from 'node:crypto';
import { gql, gqlData, type GqlOptions, type GqlResult, type GuestJar, type Target } from './client.js';

/**
 * The checkout steps the storefront takes, over the commerce GraphQL API, and an order factory built
 * from them. Every step takes the same request options as `gql` (store, token, jar); a guest cart
 * with an e-mail or address needs its jar (the `ember_cart_key` cookie set when it was created).
 */
export type CheckoutOptions = Pick<GqlOptions, 'store' | 'token' | 'jar' | 'headers'>;

export const GB_ADDRESS = {
  firstname: 'Carla', lastname: 'Cart', street: ['Baker Street', '221b'], city: 'London', postcode: 'NW1 6XE', country_code: 'GB', telephone: '+447900000000',
};

export const PLACE_ORDER = 'mutation ($c: String!) { placeOrder(input: {cart_id: $c}) { order { order_number entity_id } errors { code message } } }';

function must(step: string, r: GqlResult): void {
  if (r.body.errors?.length) throw new Error(`${step} failed: ${JSON.stringify(r.body.errors)}`);
}

/** A new guest cart (`createEmptyCart`); its credential lands in `jar`. */
export async function newGuestCart(target: Target, opts: CheckoutOptions = {}): Promise<string> {
  const r = await gql(target, 'mutation { createEmptyCart }', {}, { store: 'gb', ...opts });
  if (!r.body.data?.createEmptyCart) throw new Error(`createEmptyCart failed: ${JSON.stringify(r.body)}`);
  return r.body.data.createEmptyCart;
}

/** The signed-in customer's active cart (`customerCart`). */
export async function customerCart(target: Target, token: string, opts: CheckoutOptions = {}): Promise<string> {
  const data = await gqlData<{ customerCart: { id: string } }>(target, '{ customerCart { id } }', {}, { store: 'gb', ...opts, token });
  return data.customerCart.id;
}

/** `addProductsToCart`; `fields` selects what the answer's cart shows. */
export function addToCart(
  target: Target, cartId: string, items: Record<string, unknown>[], opts: CheckoutOptions = {}, fields = 'id total_quantity',
): Promise<GqlResult> {
  return gql(
    target,
    `mutation ($c: String!, $i: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $i) { cart { ${fields} } user_errors { code message } } }`,
    { c: cartId, i: items },
    { store: 'gb', ...opts },
  );
}

/** The store view's current checkout agreements (terms and privacy), as the checkout reads them. */
export async function agreementIds(target: Target, opts: { store?: string } = {}): Promise<number[]> {
  const data = await gqlData<{ checkoutAgreements: { agreement_id: number }[] }>(target, '{ checkoutAgreements { agreement_id } }', {}, { store: opts.store ?? 'gb' });
  return data.checkoutAgreements.map((a) => a.agreement_id);
}

/** Chooses a payment method (the card by default) and ticks the store view's checkout agreements, as the checkout does before "Place order". */
export async function acceptTermsAndPay(target: Target, cartId: string, opts: CheckoutOptions & { payment?: string } = {}): Promise<void> {
  const { payment, ...o } = opts;
  const r = await gql(
    target,
    'mutation ($c: String!, $p: String!, $ids: [Int!]) { setPaymentMethodOnCart(input: {cart_id: $c, payment_method: {code: $p, agreement_ids: $ids}}) { cart { id } } }',
    { c: cartId, p: payment ?? 'ember_card', ids: await agreementIds(target, { store: o.store }) },
    { store: 'gb', ...o },
  );
  must('setPaymentMethodOnCart', r);
}

export interface ReadyOptions extends CheckoutOptions {
  /** A guest's e-mail; a fresh one by default. Customers' carts take theirs from the account. */
  email?: string;
  /** Billing address, also used for shipping; a London one by default. */
  address?: Record<string, unknown>;
  /** [carrier, method]; standard table-rate delivery by default. */
  method?: [string, string];
  /** Payment method code; the card by default. */
  payment?: string;
  /** false chooses the payment without ticking the agreements. */
  acceptTerms?: boolean;
}

/**
 * Sets e-mail (guests), both addresses, the shipping method and the payment on a cart, with the
 * terms accepted unless `acceptTerms` is false.
 */
export async function readyForCheckout(target: Target, cartId: string, opts: ReadyOptions = {}): Promise<void> {
  const o: CheckoutOptions = { store: opts.store ?? 'gb', token: opts.token, jar: opts.jar, headers: opts.headers };
  if (!opts.token) {
    must('setGuestEmailOnCart', await gql(
      target,
      'mutation ($c: String!, $e: String!) { setGuestEmailOnCart(input: {cart_id: $c, email: $e}) { cart { email } } }',
      { c: cartId, e: opts.email ?? `guest+${randomUUID().slice(0, 8)}@example.com` },
      o,
    ));
  }
  must('setBillingAddressOnCart', await gql(
    target,
    'mutation ($c: String!, $a: CartAddressInput) { setBillingAddressOnCart(input: {cart_id: $c, billing_address: {address: $a, use_for_shipping: true}}) { cart { id } } }',
    { c: cartId, a: opts.address ?? GB_ADDRESS },
    o,
  ));
  const [carrier, method] = opts.method ?? ['tablerate', 'standard'];
  must('setShippingMethodsOnCart', await gql(
    target,
    'mutation ($c: String!, $ca: String!, $m: String!) { setShippingMethodsOnCart(input: {cart_id: $c, shipping_methods: [{carrier_code: $ca, method_code: $m}]}) { cart { id } } }',
    { c: cartId, ca: carrier, m: method },
    o,
  ));
  if (opts.acceptTerms === false) {
    must('setPaymentMethodOnCart', await gql(
      target,
      'mutation ($c: String!, $p: String!) { setPaymentMethodOnCart(input: {cart_id: $c, payment_method: {code: $p}}) { cart { id } } }',
      { c: cartId, p: opts.payment ?? 'ember_card' },
      o,
    ));
  } else {
    await acceptTermsAndPay(target, cartId, { ...o, payment: opts.payment });
  }
}

/** `placeOrder` for a cart; `idempotencyKey` as the storefront sends it on a retry (none unless given). */
export function placeCart(
  target: Target, cartId: string, opts: CheckoutOptions & { idempotencyKey?: boolean | string } = {},
): Promise<GqlResult> {
  return gql(target, PLACE_ORDER, { c: cartId }, { store: 'gb', ...opts });
}

export interface OrderOptions extends Omit<ReadyOptions, 'token' | 'jar'> {
  /** The buyer: a customer (their token) or, when absent, a guest with a jar of their own. */
  customer?: { token: string };
  /** The guest's cart credential jar; a fresh one by default. */
  jar?: GuestJar;
  /** What goes into the cart: `{ sku, quantity }` entries as addProductsToCart takes them. */
  items: Record<string, unknown>[];
}

export interface TestOrder {
  cartId: string;
  order_number: string;
  entity_id: string;
}

/**
 * A placed order through the real API, as a shopper makes it: a cart (the customer's, or a guest's
 * with its own cookie jar), the items, addresses, delivery and payment with the terms accepted, and
 * placeOrder with an Idempotency-Key. The order waits for its payment.
 */
export async function createOrder(target: Target, opts: OrderOptions): Promise<TestOrder> {
  const { customer, items, ...ready } = opts;
  const o: CheckoutOptions = customer
    ? { store: opts.store ?? 'gb', token: customer.token, headers: opts.headers }
    : { store: opts.store ?? 'gb', jar: opts.jar ?? {}, headers: opts.headers };
  const cartId = customer ? await customerCart(target, customer.token, o) : await newGuestCart(target, o);
  const added = await addToCart(target, cartId, items, o);
  if (added.body.errors?.length || added.body.data?.addProductsToCart?.user_errors?.length) {
    throw new Error(`addProductsToCart failed: ${JSON.stringify(added.body)}`);
  }
  await readyForCheckout(target, cartId, { ...ready, ...o });
  const placed = await placeCart(target, cartId, { ...o, idempotencyKey: true });
  const result = placed.body.data?.placeOrder;
  if (!result?.order || result.errors?.length) throw new Error(`placeOrder failed: ${JSON.stringify(placed.body)}`);
  return { cartId, order_number: result.order.order_number, entity_id: result.order.entity_id };
}
