import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../../platform/db.js';
import { restCall, type GqlResult, type TestServer } from '../../test/test-app.js';
import { insertPromotion, type PromotionRow, type PromotionType } from './cart.store.js';

/** Test helpers for the cart and checkout suites: their own products, coupons, customers and requests. */

/** A browser's guest cart credential cookie (`ember_cart_key`), kept as a browser keeps it. */
export interface GuestJar {
  cookie?: string;
}

/** The jar every request of a suite shares unless told otherwise: one browser per suite. */
const suiteJars = new Map<string, GuestJar>();

export function suiteJar(server: TestServer): GuestJar {
  let jar = suiteJars.get(server.url);
  // Holding a credential from the start, as a browser does after its first cart: carts made in
  // parallel then share it (the server keeps a well-formed credential the browser already has).
  if (!jar) suiteJars.set(server.url, (jar = { cookie: `ember_cart_key=${randomBytes(32).toString('base64url')}` }));
  return jar;
}

/**
 * Sends a GraphQL POST as the storefront would. The guest cart credential cookie is kept in `jar`
 * (another browser: a fresh `{}`; none at all, as a bare API client: null); by default the suite's.
 */
export async function gqlAs(
  server: TestServer, query: string, variables: Record<string, unknown> = {},
  opts: { store?: string; token?: string; jar?: GuestJar | null; headers?: Record<string, string> } = {},
): Promise<GqlResult> {
  const headers: Record<string, string> = { ...opts.headers, 'content-type': 'application/json', store: opts.store ?? 'gb' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const jar = opts.jar === undefined ? suiteJar(server) : opts.jar;
  if (jar?.cookie) headers.cookie = jar.cookie;
  const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  if (jar) {
    const set = res.headers.getSetCookie().find((c) => /^(__Host-)?ember_cart_key=/.test(c));
    if (set) jar.cookie = set.split(';')[0];
  }
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
}

/** A product of its own, sold in gb (and de) with its own stock, so tests never share counts. */
export async function makeProduct(
  db: Queryable,
  opts: {
    stock?: number; price?: number; kind?: string; limit?: number | null; type?: 'simple' | 'virtual'; subscription?: boolean; ageRestricted?: boolean;
    step?: number; subscriptionFormat?: string;
  } = {},
): Promise<{ id: number; sku: string; name: string }> {
  const sku = `CRT-${randomUUID().slice(0, 12).toUpperCase()}`;
  const name = `Cart test ${sku}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO catalog_product (sku, type_id, url_key, kind, is_visible, order_quantity_limit, is_subscription, is_age_restricted, qty_increments)
     VALUES ($1, $2, $3, $4, true, $5, $6, $7, $8) RETURNING id`,
    [sku, opts.type ?? 'simple', sku.toLowerCase(), opts.kind ?? 'accessory', opts.limit ?? null, opts.subscription ?? false, opts.ageRestricted ?? false, opts.step ?? 1],
  );
  const id = rows[0]!.id;
  await db.query(
    `INSERT INTO catalog_product_text (product_id, language, name, subscription_format) VALUES ($1, 'en', $2, $3), ($1, 'de', $2, $3)`,
    [id, name, opts.subscriptionFormat ?? null],
  );
  await db.query(
    `INSERT INTO catalog_product_price (product_id, store_code, currency, regular_minor) VALUES ($1, 'gb', 'GBP', $2), ($1, 'de', 'EUR', $2)`,
    [id, opts.price ?? 1200],
  );
  await db.query(`INSERT INTO inventory_stock (product_id, quantity) VALUES ($1, $2)`, [id, opts.stock ?? 100]);
  return { id, sku, name };
}

export async function stockOf(db: Queryable, productId: number): Promise<number> {
  const { rows } = await db.query<{ quantity: number }>('SELECT quantity FROM inventory_stock WHERE product_id = $1', [productId]);
  return rows[0]!.quantity;
}

/** A coupon of its own: percent (basis points) by default. */
export async function makeCoupon(
  db: Queryable,
  opts: { type?: 'percent' | 'fixed'; value?: number; store?: string | null; min?: number; usesPerCoupon?: number | null; usesPerCustomer?: number | null; active?: boolean; to?: string | null } = {},
): Promise<string> {
  const code = `T${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
  await db.query(
    `INSERT INTO cart_rule (code, label, discount_type, discount_value, store_code, min_subtotal_minor, uses_per_coupon, uses_per_customer, is_active, to_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [code, `Test ${code}`, opts.type ?? 'percent', opts.value ?? 1000, opts.store ?? null, opts.min ?? 0, opts.usesPerCoupon ?? null,
      opts.usesPerCustomer ?? null, opts.active ?? true, opts.to ?? null],
  );
  return code;
}

export const PASSWORD = 'Cart-Pass-2026';

export async function registerCustomer(server: TestServer): Promise<{ uuid: string; token: string; email: string }> {
  const email = `cart+${randomUUID().slice(0, 8)}@example.com`;
  const reg = await restCall(server, 'POST', '/account/users/register', {
    terms_accepted: true,
    firstname: 'Carla', lastname: 'Cart', date_of_birth: '1988-03-03',
    strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD },
  }, { store: 'gb' });
  if (reg.status !== 201) throw new Error(`registration failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  return { uuid: reg.body.user_uuid, token: await login(server, email), email };
}

export async function login(server: TestServer, email: string): Promise<string> {
  const res = await restCall(server, 'POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD } }, { store: 'gb' });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return res.body.token;
}

export const GB_ADDRESS = {
  firstname: 'Carla', lastname: 'Cart', street: ['Baker Street', '221b'], city: 'London', postcode: 'NW1 6XE', country_code: 'GB', telephone: '+447900000000',
};

/** Cancels a customer's order (status pending or pending_payment) with cancelOrder. */
export async function cancelOrder(server: TestServer, entityId: string, token: string) {
  return gqlAs(server, 'mutation ($id: ID!) { cancelOrder(input: { order_id: $id, reason: "Changed my mind" }) { error order { status_code } } }', { id: entityId }, { token });
}

export const CART_FIELDS = `
  id email total_quantity can_apply_coupons is_trial_eligible
  applied_coupons { code label }
  available_payment_methods { code title }
  selected_payment_method { code title }
  prices {
    grand_total { value currency } subtotal_including_tax { value } subtotal_excluding_tax { value }
    subtotal_with_discount_excluding_tax { value } applied_taxes { label amount { value } }
    discounts { label amount { value } coupon_code } shipping { value } minimum_payable_amount { value }
    total_after_trial { value }
  }
  itemsV2 { total_count items {
    __typename uid quantity is_available status is_gift parent_gift_sku order_quantity_limit enable_order_quantity_limit
    flavor_label color_label categories { uid id name }
    errors { code message }
    product { sku name }
    prices { price { value } price_including_tax { value } row_total_including_tax { value } total_item_discount { value } }
    ... on ConfigurableCartItem { configured_variant { sku } configurable_options { option_label value_label } }
    ... on BundleCartItem { bundle_options { id label values { id label quantity } } }
  } }
  shipping_addresses {
    firstname lastname street city postcode country { code label } is_pickup_address pickup_information { store_id name }
    available_shipping_methods { carrier_code method_code amount { value } available description }
    selected_shipping_method { carrier_code method_code amount { value } }
  }
  billing_address { firstname lastname city postcode }
`;

export async function newGuestCart(server: TestServer, store = 'gb', jar?: GuestJar | null): Promise<string> {
  const r = await gqlAs(server, 'mutation { createEmptyCart }', {}, { store, jar });
  if (!r.body.data?.createEmptyCart) throw new Error(JSON.stringify(r.body));
  return r.body.data.createEmptyCart;
}

export async function addProducts(server: TestServer, cartId: string, items: Record<string, unknown>[], opts: { store?: string; token?: string; jar?: GuestJar | null } = {}) {
  return gqlAs(server, `mutation ($c: String!, $i: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $i) { cart { ${CART_FIELDS} } user_errors { code message } } }`, { c: cartId, i: items }, opts);
}

export async function getCart(server: TestServer, cartId: string, opts: { store?: string; token?: string; jar?: GuestJar | null } = {}) {
  return gqlAs(server, `query ($c: String!) { cart(cart_id: $c) { ${CART_FIELDS} } }`, { c: cartId }, opts);
}

/** The store view's current checkout agreements (terms and privacy), as the checkout reads them. */
export async function agreementIds(server: TestServer, opts: { store?: string } = {}): Promise<number[]> {
  const r = await gqlAs(server, '{ checkoutAgreements { agreement_id } }', {}, { store: opts.store });
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return (r.body.data.checkoutAgreements as { agreement_id: number }[]).map((a) => a.agreement_id);
}

/** Chooses the card payment and ticks the store view's checkout agreements, as the checkout does before "Place order". */
export async function acceptTermsAndPay(server: TestServer, cartId: string, opts: { token?: string; store?: string; jar?: GuestJar | null } = {}) {
  const p = await gqlAs(
    server,
    'mutation ($c: String!, $ids: [Int!]) { setPaymentMethodOnCart(input: {cart_id: $c, payment_method: {code: "ember_card", agreement_ids: $ids}}) { cart { id } } }',
    { c: cartId, ids: await agreementIds(server, { store: opts.store }) },
    opts,
  );
  if (p.body.errors) throw new Error(JSON.stringify(p.body.errors));
}

/**
 * Sets e-mail (guests), both addresses, standard shipping and the card payment on a cart, with the
 * terms accepted unless `acceptTerms` is false.
 */
export async function readyForCheckout(
  server: TestServer, cartId: string, opts: { token?: string; email?: string; method?: [string, string]; acceptTerms?: boolean; jar?: GuestJar | null; address?: Record<string, unknown> } = {},
) {
  const o = { token: opts.token, jar: opts.jar };
  if (!opts.token) {
    const e = await gqlAs(server, 'mutation ($c: String!, $e: String!) { setGuestEmailOnCart(input: {cart_id: $c, email: $e}) { cart { email } } }', { c: cartId, e: opts.email ?? `guest+${randomUUID().slice(0, 8)}@example.com` }, o);
    if (e.body.errors) throw new Error(JSON.stringify(e.body.errors));
  }
  const b = await gqlAs(server, `mutation ($c: String!, $a: CartAddressInput) { setBillingAddressOnCart(input: {cart_id: $c, billing_address: {address: $a, use_for_shipping: true}}) { cart { id } } }`, { c: cartId, a: opts.address ?? GB_ADDRESS }, o);
  if (b.body.errors) throw new Error(JSON.stringify(b.body.errors));
  const [carrier, method] = opts.method ?? ['tablerate', 'standard'];
  const s = await gqlAs(server, `mutation ($c: String!, $ca: String!, $m: String!) { setShippingMethodsOnCart(input: {cart_id: $c, shipping_methods: [{carrier_code: $ca, method_code: $m}]}) { cart { id } } }`, { c: cartId, ca: carrier, m: method }, o);
  if (s.body.errors) throw new Error(JSON.stringify(s.body.errors));
  if (opts.acceptTerms === false) {
    const p = await gqlAs(server, `mutation ($c: String!) { setPaymentMethodOnCart(input: {cart_id: $c, payment_method: {code: "ember_card"}}) { cart { id } } }`, { c: cartId }, o);
    if (p.body.errors) throw new Error(JSON.stringify(p.body.errors));
  } else {
    await acceptTermsAndPay(server, cartId, o);
  }
}

export async function place(server: TestServer, cartId: string, opts: { token?: string; jar?: GuestJar | null; headers?: Record<string, string> } = {}) {
  return gqlAs(server, `mutation ($c: String!) { placeOrder(input: {cart_id: $c}) { order { order_number entity_id } errors { code message } } }`, { c: cartId }, opts);
}

/** A promotion of its own in a store view, written through the cart store. */
export async function makePromotion(
  db: Queryable,
  p: { type: PromotionType; trigger: string[]; skus: string[]; allowed?: number | null; store?: string; minQty?: number; minSubtotal?: number; texts?: PromotionRow['texts'] },
): Promise<string> {
  const code = `PR-${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
  await insertPromotion(db, {
    code, store_code: p.store ?? 'gb', type: p.type, trigger_skus: p.trigger, skus: p.skus,
    allowed_qty: p.allowed === undefined ? (p.type === 'conditional_purchase' ? null : 1) : p.allowed,
    min_qty: p.minQty ?? 0, min_subtotal_minor: p.minSubtotal ?? 0, texts: p.texts ?? {},
  });
  return code;
}

/** An addProductsToCart entry for a free gift of `parent`. */
export function giftOf(sku: string, parent: string, quantity = 1) {
  return { sku, quantity, entered_options: [{ uid: 'is_gift', value: 'true' }, { uid: Buffer.from('parent_gift_sku').toString('base64'), value: parent }] };
}

export const PROMO_FIELDS = `
  id total_quantity prices { grand_total { value } }
  itemsV2 { total_count items {
    uid quantity is_gift parent_gift_sku product { sku } errors { code message } prices { row_total_including_tax { value } }
    free_gifts { code type allowed_qty remaining_qty products { sku name is_eligible eligibility_description } }
    promotionalOffers { code limit_qty eligible type skus description { title description hint label } }
  } }
`;
