import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../platform/db.js';
import { serveForSuite, type TestServer } from '../test/test-app.js';
import { makeCoupon, makeProduct } from '../modules/cart/cart.fixtures.js';
import { grantPoints, makeReward } from '../test/loyalty-fixtures.js';
import { ADDRESS, addAddress, registerCustomer, withoutRequestId, type Customer } from './security-fixtures.js';

/*
 * Checklist items 2 and 4: a customer cart answers only its owner's credential, whoever else
 * knows its id; and the owner cannot pull another customer's address or points into it.
 */

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

async function gqlWith(query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', store: 'gb', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: any[] } };
}

const bearer = (c: Customer) => ({ authorization: `Bearer ${c.token}` });

/** Every cart operation of the commerce API, each naming the cart by `$c`. */
const OPERATIONS: Record<string, { query: string; variables?: Record<string, unknown> }> = {
  cart: { query: 'query ($c: String!) { cart(cart_id: $c) { id email total_quantity itemsV2 { items { uid product { sku } } } shipping_addresses { firstname city } prices { grand_total { value } } } }' },
  addProductsToCart: { query: 'mutation ($c: String!, $s: String!) { addProductsToCart(cartId: $c, cartItems: [{ sku: $s, quantity: 1 }]) { cart { id total_quantity } user_errors { code message } } }' },
  updateCartItems: { query: 'mutation ($c: String!) { updateCartItems(input: { cart_id: $c, cart_items: [{ cart_item_uid: "MQ==", quantity: 5 }] }) { cart { id } } }' },
  removeItemFromCart: { query: 'mutation ($c: String!) { removeItemFromCart(input: { cart_id: $c, cart_item_uid: "MQ==" }) { cart { id } } }' },
  setGuestEmailOnCart: { query: 'mutation ($c: String!) { setGuestEmailOnCart(input: { cart_id: $c, email: "mallory@example.com" }) { cart { email } } }' },
  setShippingAddressesOnCart: { query: 'mutation ($c: String!, $a: CartAddressInput) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }', variables: { a: { ...ADDRESS, city: 'Mallory Town' } } },
  setBillingAddressOnCart: { query: 'mutation ($c: String!, $a: CartAddressInput) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { address: $a } }) { cart { id } } }', variables: { a: { ...ADDRESS, city: 'Mallory Town' } } },
  setShippingMethodsOnCart: { query: 'mutation ($c: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: "tablerate", method_code: "standard" }] }) { cart { id } } }' },
  setPaymentMethodOnCart: { query: 'mutation ($c: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: "checkmo" } }) { cart { id } } }' },
  applyCouponToCart: { query: 'mutation ($c: String!, $k: String!) { applyCouponToCart(input: { cart_id: $c, coupon_code: $k }) { cart { id } } }' },
  removeCouponFromCart: { query: 'mutation ($c: String!) { removeCouponFromCart(input: { cart_id: $c }) { cart { id } } }' },
  applyCampaignToCart: { query: 'mutation ($c: String!, $u: String!) { applyCampaignToCart(input: { cart_id: $c, campaign_uuid: $u }) { cart { id } } }' },
  removeCampaignFromCart: { query: 'mutation ($c: String!) { removeCampaignFromCart(input: { cart_id: $c }) { cart { id } } }' },
  placeOrder: { query: 'mutation ($c: String!) { placeOrder(input: { cart_id: $c }) { order { order_number } errors { code message } } }' },
  mergeCartsAsSource: { query: 'mutation ($c: String!) { mergeCarts(source_cart_id: $c) { id total_quantity itemsV2 { items { product { sku } } } } }' },
};

/** What a caller learns from an answer: data and errors without the per-request id, and with the id it sent ("Could not find a cart with ID …") as a placeholder. */
function seen(res: { status: number; body: unknown }, sentId: string | number) {
  const text = JSON.stringify(withoutRequestId(res.body)).split(`\\"${sentId}\\"`).join('\\"<id>\\"');
  return { status: res.status, body: JSON.parse(text) };
}

let a: Customer;
let b: Customer;
let cartOfA: string;
let sku: string;
let coupon: string;
let campaign: string;

async function snapshotCart(maskedId: string) {
  const { rows } = await db.query<{ id: number; row: unknown }>('SELECT id, to_jsonb(c) AS row FROM cart_cart c WHERE masked_id = $1', [maskedId]);
  const id = rows[0]!.id;
  const part = async (table: string) =>
    (await db.query<{ row: unknown }>(`SELECT to_jsonb(t) AS row FROM ${table} t WHERE cart_id = $1 ORDER BY to_jsonb(t)::text`, [id])).rows.map((r) => r.row);
  const orders = await db.query('SELECT id FROM orders_order WHERE cart_id = $1', [maskedId]);
  const held = await db.query('SELECT to_jsonb(l) AS row FROM loyalty_cart_campaign l WHERE cart_id = $1', [maskedId]);
  return { cart: rows[0]!.row, items: await part('cart_item'), addresses: await part('cart_address'), coupons: await part('cart_coupon'), orders: orders.rows, held: held.rows };
}

beforeAll(async () => {
  [a, b] = await Promise.all([registerCustomer(server), registerCustomer(server)]);
  sku = (await makeProduct(db, { stock: 50 })).sku;
  coupon = await makeCoupon(db, {});
  campaign = await makeReward(server.app, { points: 10, kind: 'campaign', amount: 100 });
  await grantPoints(server.app, b.uuid, 500);
  const created = await gqlWith('{ customerCart { id } }', {}, bearer(a));
  cartOfA = created.body.data.customerCart.id;
  const added = await gqlWith(OPERATIONS.addProductsToCart!.query, { c: cartOfA, s: sku }, bearer(a));
  expect(added.body.data.addProductsToCart.user_errors).toEqual([]);
  const shipped = await gqlWith(OPERATIONS.setShippingAddressesOnCart!.query, { c: cartOfA, a: ADDRESS }, bearer(a));
  expect(shipped.body.errors).toBeUndefined();
});

describe("a customer cart reached without its owner's credential (checklist 2)", () => {
  it('answers every cart query and mutation on A\'s cart id exactly as on an id that does not exist, for anonymous callers, foreign cookies and customer B, and the cart is unchanged', async () => {
    const before = await snapshotCart(cartOfA);
    const unknown = randomBytes(24).toString('base64url');
    const callers: Record<string, Record<string, string>> = {
      anonymous: {},
      'a guest with the age-gate, analytics and an unknown session cookie': { cookie: `ember_age_gate=gb; _ga=GA1.1.123.456; ember_session=${randomBytes(32).toString('base64url')}` },
      'customer B by bearer token': bearer(b),
      "customer B's storefront session cookie": { cookie: `ember_session=${b.token}` },
    };
    for (const [who, headers] of Object.entries(callers)) {
      for (const [name, op] of Object.entries(OPERATIONS)) {
        const vars = { s: sku, k: coupon, u: campaign, ...op.variables };
        const onA = await gqlWith(op.query, { ...vars, c: cartOfA }, headers);
        const onNothing = await gqlWith(op.query, { ...vars, c: unknown }, headers);
        expect(seen(onA, cartOfA), `${who}: ${name}`).toEqual(seen(onNothing, unknown));
        const text = JSON.stringify(onA.body);
        // Nothing of A's cart comes back: not its items, address, e-mail or totals.
        expect(text, `${who}: ${name}`).not.toContain(sku);
        expect(text).not.toContain(a.email);
        expect(text).not.toContain('London');
        expect(onA.body.errors?.length ?? onA.body.data?.placeOrder?.errors?.length, `${who}: ${name}`).toBeGreaterThan(0);
      }
    }
    expect(await snapshotCart(cartOfA)).toEqual(before);
  });

  it("still shows the cart to its owner afterwards, with the one line and A's address", async () => {
    const own = await gqlWith(OPERATIONS.cart!.query, { c: cartOfA }, bearer(a));
    expect(own.body.data.cart.total_quantity).toBe(1);
    expect(own.body.data.cart.shipping_addresses[0].city).toBe('London');
  });
});

describe("foreign ids inside A's own cart mutations (checklist 4)", () => {
  it("refuses B's address book entry for delivery and billing like an address id nobody has, and never echoes B's address", async () => {
    const bAddressId = await addAddress(server, b);
    await db.query(`UPDATE identity_address SET city = 'Bramble Hollow' WHERE id = $1`, [bAddressId]);
    const before = await snapshotCart(cartOfA);
    for (const op of [
      'mutation ($c: String!, $id: Int) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ customer_address_id: $id }] }) { cart { shipping_addresses { city } } } }',
      'mutation ($c: String!, $id: Int) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { customer_address_id: $id } }) { cart { billing_address { city } } } }',
    ]) {
      const foreign = await gqlWith(op, { c: cartOfA, id: bAddressId }, bearer(a));
      const missing = await gqlWith(op, { c: cartOfA, id: 2_000_000_000 }, bearer(a));
      expect(foreign.body.errors?.[0]?.extensions?.category).toBeDefined();
      expect(seen(foreign, bAddressId)).toEqual(seen(missing, 2_000_000_000));
      expect(JSON.stringify(foreign.body)).not.toContain('Bramble Hollow');
    }
    expect(await snapshotCart(cartOfA)).toEqual(before);
  });

  it("spends only the caller's own points: A, with none, cannot apply a campaign on B's balance, and B's points stay", async () => {
    const balance = async (uuid: string) => (await db.query<{ balance: number; held: number }>('SELECT balance, held FROM loyalty_account WHERE consumer_uuid = $1', [uuid])).rows[0];
    const bBefore = await balance(b.uuid);
    const before = await snapshotCart(cartOfA);
    const applied = await gqlWith(OPERATIONS.applyCampaignToCart!.query, { c: cartOfA, u: campaign }, bearer(a));
    expect(applied.body.errors?.length).toBeGreaterThan(0);
    expect(await balance(b.uuid)).toEqual(bBefore);
    expect(await snapshotCart(cartOfA)).toEqual(before);
  });
});
