import { randomUUID } from 'node:crypto';
import * as support from '@ember/test-support';
import { gql, suiteJar, type CheckoutOptions, type GqlResult, type GuestJar, type ReadyOptions } from '@ember/test-support';
import type { Db, Queryable } from '../../platform/db.js';
import { inTransaction } from '../../platform/transaction.js';
import type { TestServer } from '../../test/test-app.js';
import { insertPromotion, type PromotionRow, type PromotionType } from './cart.store.js';

/**
 * Test helpers for the cart and checkout suites: their coupons, promotions and cart selections, and
 * the suite's browser. Products, customers, the clients and the checkout steps come from
 * @ember/test-support; here they share one guest cart jar per suite unless told otherwise.
 */

export { suiteJar, type GuestJar };

/** The request options of the suite's browser: its jar unless another (`{}`) or none (null) is given. */
function browser<T extends { jar?: GuestJar | null }>(server: TestServer, opts: T): T {
  return { ...opts, jar: opts.jar === undefined ? suiteJar(server) : opts.jar };
}

/** Sends a GraphQL POST as the storefront would, in gb unless told, with the suite's guest cart jar by default. */
export function gqlAs(
  server: TestServer, query: string, variables: Record<string, unknown> = {},
  opts: { store?: string; token?: string; jar?: GuestJar | null; headers?: Record<string, string> } = {},
): Promise<GqlResult> {
  return gql(server, query, variables, { store: 'gb', ...browser(server, opts) });
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

export function newGuestCart(server: TestServer, store = 'gb', jar?: GuestJar | null): Promise<string> {
  return support.newGuestCart(server, browser(server, { store, jar }));
}

export async function addProducts(server: TestServer, cartId: string, items: Record<string, unknown>[], opts: { store?: string; token?: string; jar?: GuestJar | null } = {}) {
  return gqlAs(server, `mutation ($c: String!, $i: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $i) { cart { ${CART_FIELDS} } user_errors { code message } } }`, { c: cartId, i: items }, opts);
}

export async function getCart(server: TestServer, cartId: string, opts: { store?: string; token?: string; jar?: GuestJar | null } = {}) {
  return gqlAs(server, `query ($c: String!) { cart(cart_id: $c) { ${CART_FIELDS} } }`, { c: cartId }, opts);
}

export function acceptTermsAndPay(server: TestServer, cartId: string, opts: CheckoutOptions = {}): Promise<void> {
  return support.acceptTermsAndPay(server, cartId, browser(server, opts));
}

export function readyForCheckout(server: TestServer, cartId: string, opts: ReadyOptions = {}): Promise<void> {
  return support.readyForCheckout(server, cartId, browser(server, opts));
}

export function place(server: TestServer, cartId: string, opts: CheckoutOptions = {}): Promise<GqlResult> {
  return support.placeCart(server, cartId, browser(server, opts));
}

/** A promotion of its own in a store view, written through the cart store. */
export async function makePromotion(
  db: Db,
  p: { type: PromotionType; trigger: string[]; skus: string[]; allowed?: number | null; store?: string; minQty?: number; minSubtotal?: number; texts?: PromotionRow['texts'] },
): Promise<string> {
  const code = `PR-${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
  await inTransaction(db, (tx) => insertPromotion(tx, {
    code, store_code: p.store ?? 'gb', type: p.type, trigger_skus: p.trigger, skus: p.skus,
    allowed_qty: p.allowed === undefined ? (p.type === 'conditional_purchase' ? null : 1) : p.allowed,
    min_qty: p.minQty ?? 0, min_subtotal_minor: p.minSubtotal ?? 0, texts: p.texts ?? {},
  }));
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
