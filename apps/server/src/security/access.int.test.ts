import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createProduct, login, PASSWORD, stockOf, type TestCustomer } from '@ember/test-support';
import { makeCoupon } from '../modules/cart/cart.fixtures.js';
import { tokenHash } from '../modules/identity/identity.crypto.js';
import type { PlacedOrder } from '../modules/orders/orders.contract.js';
import type { Db } from '../platform/db.js';
import { grantPoints, makeReward } from '../test/loyalty-fixtures.js';
import { draftFor, placeOrder } from '../test/orders-fixtures.js';
import { restCall, serveForSuite, testDb, type TestServer } from '../test/test-app.js';
import { addAddress, ADDRESS, comparable, expectInvariants, snapshotCustomer, withoutRequestId } from './security-fixtures.js';

// The global invariants hold after everything this file did (checklist I1–I6).
afterAll(async () => {
  expect(await expectInvariants(await testDb())).toEqual([]);
});

describe('customers named by uuid', () => {
  /*
   * Checklist item 1: every REST route that names a customer in its path (or, for two routes, in its
   * body) is called as customer A with B's uuid, with a well-formed uuid nobody has, and anonymously.
   * The routes come from the served OpenAPI document, so a new customer route without a row here
   * fails the suite instead of going untested.
   */

  let server: TestServer;
  let db: Db;
  serveForSuite((s, d) => {
    server = s;
    db = d;
  });

  /**
   * Path parameters that are not a customer: verification items, payments, QR codes, orders, and the
   * subscriptions and saved cards of the caller's session (their own suite calls each as another customer).
   */
  const NOT_A_CUSTOMER = [
    /^\/api\/subscriptions\/\{id\}/, /^\/api\/payments\/cards\/\{id\}/,
    /^\/api\/action-verifications\/items\/\{uuid\}/, /^\/verification-legacy\//, /^\/age-verification\/verifications\/\{uuid\}/,
    /^\/age-verification\/test-provider\//, /^\/api\/payments\/\{uuid\}/, /^\/payments-legacy\/payment\/\{id\}/,
    /^\/api\/loyalty\/earnings\/qr-code\/\{id\}/, /^\/loyalty-legacy\/qr-code\/\{id\}/, /^\/loyalty-legacy\/orders\/\{id\}/,
    /^\/profile\/wallet\/passes\/\{token\}/, /^\/account\/users\/authentication\/password\/change\/\{token\}/,
    // A lead's id is its link's capability: public, answering no personal data (leads.int.test.ts); a trial's
    // id is owned like a subscription's, its refusals proved in trials.int.test.ts.
    /^\/api\/leads\/\{uuid\}/, /^\/api\/trials\/\{id\}/,
    // A store's page is public: its id names a shop, not a customer; a coupon offer's id names the offer
    // (the customer is the session's, the refusals proved in coupons.int.test.ts).
    /^\/api\/store-locator\//, /^\/coupons\/external\/providers\/\{id\}/,
    // The operator endpoints refuse every customer's token before anything else (401; operators.int.test.ts).
    /^\/admin\//,
  ];

  /**
   * A body each route accepts, so the request passes validation and reaches the ownership check. E-mail
   * and phone changes take the caller's own current password: the matrix compares ownership, not proof.
   */
  const BODIES: Record<string, unknown> = {
    'PATCH /account/users/{uuid}/custom-attributes': { attributes: [{ code: 'preferred_flavour', value: 'mint' }] },
    'POST /account/users/{uuid}/custom-attributes': { attributes: [{ code: 'preferred_flavour', value: 'mint' }] },
    'PATCH /account/users/{uuid}/profile': { firstname: 'Mallory' },
    'POST /account/users/{uuid}/addresses': ADDRESS,
    'PUT /account/users/{uuid}/addresses/{id}': { ...ADDRESS, city: 'Elsewhere' },
    'POST /account/users/{uuid}/profile/wallet': { type: 'apple' },
    'POST /account-legacy/update-profile/personal-details/{uuid}': { firstname: 'Mallory' },
    'POST /account-legacy/consumers/{uuid}/change-password': { email: 'x@example.com', old_password: 'Audit-Pass-2026', new_password: 'Taken-Over-2026', new_password_confirmation: 'Taken-Over-2026' },
    'POST /account-legacy/update-profile/addresses/{uuid}': ADDRESS,
    'PUT /account-legacy/update-profile/addresses/{uuid}/{id}': { ...ADDRESS, city: 'Elsewhere' },
    'POST /account-legacy/profile/{uuid}/wallet': { type: 'apple' },
    'POST /account-legacy/request-update-email/{uuid}': { email: 'mallory@example.com', current_password: PASSWORD },
    'POST /account-legacy/update-profile/phone/{uuid}': { phone: '+447911000111', pvs_uuid: randomUUID(), current_password: PASSWORD },
    'PATCH /account-legacy/update-profile/custom-attributes/{uuid}': { attributes: [{ code: 'preferred_flavour', value: 'mint' }] },
    'POST /account/users/{uuid}/deactivate': { reason: 'Taken over' },
    'POST /account/users/{uuid}/reauthenticate': { password: PASSWORD },
    'POST /account/users/{uuid}/profile/email/request-update': { email: 'mallory@example.com', current_password: PASSWORD },
    'PATCH /account/users/{uuid}/profile/phone': { phone: '+447911000111', pvs_uuid: randomUUID(), current_password: PASSWORD },
    'POST /account/users/{uuid}/profile/phone': { phone: '+447911000111', pvs_uuid: randomUUID(), current_password: PASSWORD },
    'PATCH /consent/users/{uuid}/consents': { consents: [{ purpose_id: 'marketing_email', granted: true }] },
    'PATCH /account/users/{uuid}/consents': { consents: [{ purpose_id: 'marketing_email', granted: true }] },
    'POST /account/users/{uuid}/av': { age_verification_uuid: randomUUID() },
    'POST /account-legacy/profile/{uuid}/verify-age': { age_verification_uuid: randomUUID() },
    'POST /api/loyalty/consumers/{uuid}/earnings/article': { article_id: 'welcome' },
    'POST /api/loyalty/consumers/{uuid}/earnings/qr-code': { qr_code_id: 'QRCODE01' },
    'POST /api/loyalty/consumers/{uuid}/reward': { reward_uuid: randomUUID() },
    'POST /loyalty-legacy/customers/{id}/eligible-campaigns': {},
    'POST /loyalty-legacy/customers/{id}/points/history': { page: 1, perPage: 10 },
  };

  /** Query strings the GET routes require. */
  const QUERIES: Record<string, string> = {
    'GET /account/users/{uuid}/profile/wallet': '?type=apple',
    'GET /account-legacy/profile/{uuid}/wallet': '?type=apple',
  };

  interface Route {
    method: string;
    template: string;
    body?: unknown;
    query: string;
  }

  async function customerRoutes(): Promise<Route[]> {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const routes: Route[] = [];
    for (const [template, ops] of Object.entries(doc.paths)) {
      if (!/\{(uuid|id)\}/.test(template) || NOT_A_CUSTOMER.some((re) => re.test(template))) continue;
      for (const method of Object.keys(ops)) {
        const key = `${method.toUpperCase()} ${template}`;
        routes.push({ method: method.toUpperCase(), template, body: BODIES[key] ?? (method === 'get' || method === 'delete' ? undefined : {}), query: QUERIES[key] ?? '' });
      }
    }
    return routes;
  }

  /** Fills the customer and the second id (an address id, an order reference) into a route template. */
  function pathFor(r: Route, customer: string, addressId: number): string {
    return r.template
      .replace(/\{(uuid)\}|(?<=\/(?:customer|customers|profile|achievements|referrer)\/)\{id\}/, customer)
      .replace('{id}', String(addressId))
      .replace('{ref}', 'GB000000001') + r.query;
  }

  let a: TestCustomer;
  let b: TestCustomer;
  let bAddress: number;
  let routes: Route[];

  beforeAll(async () => {
    [a, b] = await Promise.all([createCustomer(server), createCustomer(server)]);
    bAddress = await addAddress(server, b);
    routes = await customerRoutes();
  });

  describe('access to another customer by uuid (checklist 1)', () => {
    it('finds every account, consent, complaint, age, invoice, loyalty and referral route that names a customer', () => {
      const templates = new Set(routes.map((r) => r.template));
      for (const t of [
        '/account/users/{uuid}/profile', '/account/users/{uuid}/addresses/{id}', '/account/users/{uuid}/cancel', '/account-legacy/cancel-account/{uuid}',
        '/account/users/{uuid}/consents', '/account/users/{uuid}/complaints', '/account/users/{uuid}/av', '/account/users/{uuid}/orders/{ref}/invoice',
        '/api/loyalty/consumers/{uuid}/points', '/loyalty-legacy/customers/{id}/points/history', '/referral/customer/{id}', '/referral/referrer/{id}/stats',
      ]) expect(templates).toContain(t);
      expect(routes.length).toBeGreaterThan(50);
    });

    it("answers customer A on B's uuid exactly as on a uuid nobody has, on every route, and B is unchanged", async () => {
      const before = await snapshotCustomer(db, b);
      const nobody = randomUUID();
      const reached: string[] = [];
      for (const r of routes) {
        const asB = await restCall(server, r.method, pathFor(r, b.uuid, bAddress), r.body, { token: a.token, store: 'gb' });
        const asNobody = await restCall(server, r.method, pathFor(r, nobody, bAddress), r.body, { token: a.token, store: 'gb' });
        expect(comparable(asB), `${r.method} ${r.template}`).toEqual(comparable(asNobody));
        expect(asB.status, `${r.method} ${r.template} ${JSON.stringify(asB.body)}`).toBe(404);
        reached.push(r.template);
      }
      expect(reached.length).toBe(routes.length);
      expect(await snapshotCustomer(db, b)).toEqual(before);
    });

    it("answers an anonymous caller 401 on B's uuid and on a uuid nobody has alike, and B is unchanged", async () => {
      const before = await snapshotCustomer(db, b);
      const nobody = randomUUID();
      for (const r of routes) {
        const asB = await restCall(server, r.method, pathFor(r, b.uuid, bAddress), r.body, { store: 'gb' });
        const asNobody = await restCall(server, r.method, pathFor(r, nobody, bAddress), r.body, { store: 'gb' });
        expect(comparable(asB), `${r.method} ${r.template}`).toEqual(comparable(asNobody));
        expect(asB.status, `${r.method} ${r.template}`).toBe(401);
      }
      expect(await snapshotCustomer(db, b)).toEqual(before);
    });

    it("refuses B's uuid named in the body of a prize purchase or a referral parent like a uuid nobody has, and B is unchanged", async () => {
      const before = await snapshotCustomer(db, b);
      const prize = (uuid: string) => restCall(server, 'POST', '/loyalty-legacy/prizes/buy', { consumer_uuid: uuid, prize_uuid: randomUUID() }, { token: a.token, store: 'gb' });
      const parent = (uuid: string) => restCall(server, 'PUT', '/referral/customer', { uuid, referral_code: 'ABCDEF12' }, { token: a.token, store: 'gb' });
      for (const call of [prize, parent]) {
        const asB = await call(b.uuid);
        expect(asB.status).toBe(404);
        expect(comparable(asB)).toEqual(comparable(await call(randomUUID())));
      }
      expect(await snapshotCustomer(db, b)).toEqual(before);
    });

    it("never lets A's own uuid reach B's address by its id", async () => {
      const before = await snapshotCustomer(db, b);
      const otherId = 2_000_000_000;
      for (const [method, path, body] of [
        ['PUT', `/account/users/${a.uuid}/addresses/${bAddress}`, { ...ADDRESS, city: 'Elsewhere' }],
        ['DELETE', `/account/users/${a.uuid}/addresses/${bAddress}`, undefined],
        ['PUT', `/account/users/${a.uuid}/addresses/billing/${bAddress}`, undefined],
        ['PUT', `/account-legacy/update-profile/addresses/${a.uuid}/${bAddress}`, { ...ADDRESS, city: 'Elsewhere' }],
        ['DELETE', `/account-legacy/update-profile/addresses/${a.uuid}/${bAddress}`, undefined],
      ] as const) {
        const foreign = await restCall(server, method, path, body, { token: a.token, store: 'gb' });
        const missing = await restCall(server, method, path.replace(new RegExp(`/${bAddress}$`), `/${otherId}`), body, { token: a.token, store: 'gb' });
        expect(foreign.status, `${method} ${path}`).toBe(404);
        expect(comparable(foreign)).toEqual(comparable(missing));
      }
      expect(await snapshotCustomer(db, b)).toEqual(before);
    });
  });
});

describe('carts named by id', () => {
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

  const bearer = (c: TestCustomer) => ({ authorization: `Bearer ${c.token}` });

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

  let a: TestCustomer;
  let b: TestCustomer;
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
    [a, b] = await Promise.all([createCustomer(server), createCustomer(server)]);
    sku = (await createProduct(db, { stock: 50 })).sku;
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
    it("answers every cart query and mutation on A's cart id exactly as on an id that does not exist, for anonymous callers, foreign cookies and customer B, and the cart is unchanged", async () => {
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
});

describe('orders named by number', () => {
  /*
   * Checklist item 5: an order number or entity id is not a credential. Customer A (and an anonymous
   * caller) walks the numbers around B's order, reads, exports, cancels and re-pays it, and B's order
   * and the stock stay as they were.
   */

  let server: TestServer;
  let db: Db;
  serveForSuite((s, d) => {
    server = s;
    db = d;
  });

  async function gqlWith(query: string, variables: Record<string, unknown>, token?: string) {
    const headers: Record<string, string> = { 'content-type': 'application/json', store: 'gb' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    return { status: res.status, body: (await res.json()) as { data?: any; errors?: any[] } };
  }

  let a: TestCustomer;
  let b: TestCustomer;
  let product: { id: number; sku: string };
  let order: PlacedOrder;

  async function orderState(number: string) {
    const { rows } = await db.query('SELECT to_jsonb(o) AS row FROM orders_order o WHERE order_number = $1', [number]);
    return { order: rows[0], stock: await stockOf(db, product.id) };
  }

  /** The order number `step` places after (or before) `number`, keeping its store prefix and width. */
  function neighbour(number: string, step: number): string {
    const m = /^(.*?)(\d+)$/.exec(number)!;
    return m[1]! + String(Number(m[2]) + step).padStart(m[2]!.length, '0');
  }

  beforeAll(async () => {
    [a, b] = await Promise.all([createCustomer(server), createCustomer(server)]);
    product = await createProduct(db, { stock: 10 });
    order = await placeOrder(server.app, draftFor({ product, customerUuid: b.uuid, email: b.email }));
  });

  describe("another customer's order (checklist 5)", () => {
    it("finds nothing for A or an anonymous caller walking the order numbers around B's, and never B's e-mail or items", async () => {
      const query = 'query ($n: String!) { customerOrder(number: $n) { number email items { product_sku } } }';
      for (const token of [a.token, undefined]) {
        for (let step = -3; step <= 3; step++) {
          const res = await gqlWith(query, { n: neighbour(order.order_number, step) }, token);
          expect(res.body.data?.customerOrder ?? null).toBeNull();
          expect(res.body.errors?.[0]?.extensions?.code).toBe(token ? 'ORDER_NOT_FOUND' : 'UNAUTHORISED');
          expect(JSON.stringify(res.body)).not.toContain(b.email);
          expect(JSON.stringify(res.body)).not.toContain(product.sku);
        }
      }
    });

    it("refuses A's cancelOrder and setPaymentMethodOnOrder on B's order exactly like an unknown id, and the order and stock stay", async () => {
      const before = await orderState(order.order_number);
      const cancel = 'mutation ($id: ID!) { cancelOrder(input: { order_id: $id, reason: "Not mine" }) { error order { status_code } } }';
      const repay = 'mutation ($id: ID!) { setPaymentMethodOnOrder(input: { order_id: $id, payment_method: { code: "checkmo" } }) { order { number } } }';
      const unknownId = Buffer.from('999999999').toString('base64');
      for (const op of [cancel, repay]) {
        for (const token of [a.token, undefined]) {
          const foreign = await gqlWith(op, { id: order.entity_id }, token);
          const missing = await gqlWith(op, { id: unknownId }, token);
          expect(foreign.body.errors?.length).toBeGreaterThan(0);
          expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
        }
      }
      expect(await orderState(order.order_number)).toEqual(before);
    });

    it('lets B, the owner, still see the order afterwards', async () => {
      const own = await gqlWith('query ($n: String!) { customerOrder(number: $n) { number status } }', { n: order.order_number }, b.token);
      expect(own.body.data.customerOrder.number).toBe(order.order_number);
    });
  });
});

describe('fields in answers', () => {
  /*
   * Checklist item 7: the answers a customer (and a guest) can get about accounts, carts, orders,
   * loyalty and referrals carry no secret and no internal field: no password or code hash, no session
   * or reset token, no database row id of another module, no other customer's data.
   */

  let server: TestServer;
  let db: Db;
  serveForSuite((s, d) => {
    server = s;
    db = d;
  });

  async function gqlWith(query: string, variables: Record<string, unknown> = {}, token?: string) {
    const headers: Record<string, string> = { 'content-type': 'application/json', store: 'gb' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    return (await res.json()) as { data?: any; errors?: any[] };
  }

  /** Every key of a JSON document, however deep. */
  function keysOf(value: unknown, into = new Set<string>()): Set<string> {
    if (Array.isArray(value)) for (const v of value) keysOf(v, into);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) { into.add(k); keysOf(v, into); }
    return into;
  }

  const SECRET_KEYS = /(hash|salt|secret|password|passwd|cvv|cvc|card_number|internal|masked_id|session_id|user_agent|(^|_)(ip|pan|customer_id|user_id|row_id)$|_token$)/i;
  const SECRET_VALUES = [/\$argon2/, /\$scrypt/, /^[0-9a-f]{64}$/];

  let owner: TestCustomer;
  let other: TestCustomer;
  const answers: Record<string, unknown> = {};

  beforeAll(async () => {
    [owner, other] = await Promise.all([createCustomer(server), createCustomer(server)]);
    await addAddress(server, owner);
    const product = await createProduct(db, { stock: 5 });
    const order = await placeOrder(server.app, draftFor({ product, customerUuid: owner.uuid, email: owner.email }));
    const cart = await gqlWith('{ customerCart { id } }', {}, owner.token);
    const t = { token: owner.token, store: 'gb' };
    answers.profile = (await restCall(server, 'GET', `/account/users/${owner.uuid}/profile`, undefined, t)).body;
    answers.legacyProfile = (await restCall(server, 'GET', `/account-legacy/profile/${owner.uuid}`, undefined, t)).body;
    answers.addresses = (await restCall(server, 'GET', `/account/users/${owner.uuid}/addresses`, undefined, t)).body;
    // The export answers only a session that has just proven the password again; that replaces the token.
    const reauth = await restCall(server, 'POST', `/account/users/${owner.uuid}/reauthenticate`, { password: PASSWORD }, t);
    expect(reauth.status).toBe(200);
    owner.token = t.token = reauth.body.token as string;
    answers.export = (await restCall(server, 'GET', '/account/users/privacy', undefined, t)).body;
    answers.consents = (await restCall(server, 'GET', `/account/users/${owner.uuid}/consents`, undefined, t)).body;
    answers.loyalty = (await restCall(server, 'GET', `/api/loyalty/consumers/${owner.uuid}`, undefined, t)).body;
    answers.ledger = (await restCall(server, 'GET', `/api/loyalty/consumers/${owner.uuid}/points`, undefined, t)).body;
    answers.referral = (await restCall(server, 'GET', `/referral/customer/${owner.uuid}`, undefined, t)).body;
    answers.referralStats = (await restCall(server, 'GET', `/referral/referrer/${owner.uuid}/stats`, undefined, t)).body;
    answers.validate = (await restCall(server, 'POST', '/account/users/authentication/sessions/validate', { token: owner.token }, { store: 'gb' })).body;
    answers.customer = await gqlWith(`{ customer { uuid firstname lastname email date_of_birth telephone gender is_age_verified created_at
      addresses { firstname lastname street city postcode country_code telephone default_billing default_shipping }
      orders { items { number status total { grand_total { value } } } } } }`, {}, owner.token);
    answers.order = await gqlWith(`query ($n: String!) { customerOrder(number: $n) { number email status
      billing_address { firstname lastname street city } shipping_address { firstname lastname street city }
      items { product_sku product_name quantity_ordered } total { grand_total { value } } payment_methods { name type } } }`, { n: order.order_number }, owner.token);
    answers.cart = await gqlWith(`query ($c: String!) { cart(cart_id: $c) { id email itemsV2 { items { uid product { sku } } } available_payment_methods { code title } applied_coupons { code } } }`, { c: cart.data.customerCart.id }, owner.token);
    // A referral code verified by someone else names neither the referrer nor their e-mail.
    const code = (answers.referral as { code?: string; referral_code?: string }).code ?? (answers.referral as { referral_code?: string }).referral_code;
    answers.verifyByOther = (await restCall(server, 'POST', '/referral/verify', { code }, { token: other.token, store: 'gb' })).body;
  });

  describe('what the answers carry (checklist 7)', () => {
    it('carries no secret, hash, token or internal row key in any account, cart, order, loyalty or referral answer', () => {
      for (const [name, body] of Object.entries(answers)) {
        expect(body, name).toBeDefined();
        // Each answer is the real thing, not a refusal that would pass for want of content.
        expect((body as { errors?: unknown; error?: unknown }).errors ?? (body as { error?: unknown }).error, name).toBeUndefined();
        // The data-subject export owes the customer the addresses and browsers their own sessions came from.
        const owed = name === 'export' ? ['ip', 'user_agent'] : [];
        const offending = [...keysOf(body)].filter((k) => SECRET_KEYS.test(k) && !owed.includes(k));
        expect(offending, name).toEqual([]);
        const text = JSON.stringify(body);
        expect(text, name).not.toContain(PASSWORD);
        for (const re of SECRET_VALUES) expect(JSON.stringify(body, (_k, v) => (typeof v === 'string' && re.test(v) ? '<<secret>>' : v)), name).not.toContain('<<secret>>');
      }
    });

    it("never repeats the session token outside the sign-in answer, nor another customer's e-mail", () => {
      for (const [name, body] of Object.entries(answers)) {
        expect(JSON.stringify(body), name).not.toContain(owner.token);
        expect(JSON.stringify(body), name).not.toContain(other.email);
      }
      expect(JSON.stringify(answers.verifyByOther)).not.toContain(owner.email);
      expect(JSON.stringify(answers.verifyByOther)).not.toContain(owner.uuid);
    });

    it('gives a stranger reading the same customer and order nothing at all', async () => {
      const asOther = await gqlWith('{ customer { email addresses { city } } }', {}, other.token);
      expect(asOther.data.customer.email).toBe(other.email);
      expect(JSON.stringify(asOther)).not.toContain(ADDRESS.city);
      const anonymous = await gqlWith('{ customer { email } }');
      expect(anonymous.data?.customer ?? null).toBeNull();
      expect(JSON.stringify(anonymous)).not.toContain(owner.email);
    });
  });
});

describe('operator routes and sessions', () => {
  /*
   * Checklist items 8 (operator routes and trusted headers), 10 (no sign-in through GraphQL), 12 and 13 (session tokens on login, logout and account end).
   */

  const ADMIN_TOKEN = 'operator-token-for-the-security-suite-0123456789';
  let server: TestServer;
  let db: Db;
  serveForSuite((s, d) => {
    server = s;
    db = d;
  }, { ADMIN_TOKEN });

  async function call(method: string, path: string, opts: { body?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { store: 'gb', ...opts.headers };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${server.url}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  describe('operator routes, non-public paths and identity headers (checklist 8)', () => {
    let customer: TestCustomer;
    let victim: TestCustomer;
    let product: { id: number; sku: string };
    let orderNumber: string;

    beforeAll(async () => {
      [customer, victim] = await Promise.all([createCustomer(server), createCustomer(server)]);
      product = await createProduct(db, { stock: 7 });
      orderNumber = (await placeOrder(server.app, draftFor({ product, customerUuid: victim.uuid, email: victim.email }))).order_number;
    });

    it("answers the operator's order and stock routes with 401 for a customer's token, an anonymous caller and forged identity headers, and the order is unchanged", async () => {
      const before = await db.query('SELECT status, updated_at FROM orders_order WHERE order_number = $1', [orderNumber]);
      const stock = await stockOf(db, product.id);
      const forged = { 'x-user-id': victim.uuid, 'x-forwarded-user': 'admin', 'x-customer-group': 'staff', 'x-admin': 'true', 'x-role': 'admin' };
      for (const headers of [bearer(customer.token), {}, forged, { ...forged, ...bearer(customer.token) }, { authorization: `Bearer ${ADMIN_TOKEN.slice(0, -1)}` }]) {
        const read = await call('GET', `/admin/orders/${orderNumber}`, { headers });
        const write = await call('POST', `/admin/orders/${orderNumber}/status`, { headers, body: { status: 'processing' } });
        const stockRead = await call('GET', `/admin/stock/${product.sku}`, { headers });
        for (const res of [read, write, stockRead]) {
          expect(res.status, JSON.stringify(headers)).toBe(401);
          expect(res.body.error.code).toBe('UNAUTHORISED');
          expect(JSON.stringify(res.body)).not.toContain(victim.email);
        }
      }
      expect((await db.query('SELECT status, updated_at FROM orders_order WHERE order_number = $1', [orderNumber])).rows).toEqual(before.rows);
      expect(await stockOf(db, product.id)).toBe(stock);
      // The operator's own token does reach it, so the refusals above are about the caller.
      expect((await call('GET', `/admin/orders/${orderNumber}`, { headers: bearer(ADMIN_TOKEN) })).status).toBe(200);
    });

    it('takes the customer only from the session: identity headers naming another customer read nothing of theirs', async () => {
      const before = await snapshotCustomer(db, victim);
      const headers = { 'x-user-id': victim.uuid, 'x-forwarded-user': victim.email, 'x-customer-uuid': victim.uuid };
      const anonymous = await call('GET', `/account/users/${victim.uuid}/profile`, { headers });
      expect(anonymous.status).toBe(401);
      const asCustomer = await call('GET', `/account/users/${victim.uuid}/profile`, { headers: { ...headers, ...bearer(customer.token) } });
      expect(asCustomer.status).toBe(404);
      const gql = await call('POST', '/graphql', { headers, body: { query: '{ customer { email } }' } });
      expect(gql.body.data?.customer ?? null).toBeNull();
      expect(JSON.stringify(gql.body)).not.toContain(victim.email);
      const gqlAsCustomer = await call('POST', '/graphql', { headers: { ...headers, ...bearer(customer.token) }, body: { query: '{ customer { email } }' } });
      expect(gqlAsCustomer.body.data.customer.email).toBe(customer.email);
      expect(await snapshotCustomer(db, victim)).toEqual(before);
    });

    it('publishes no staff operation in the public GraphQL schema: no stock, points, refund, coupon, customer export or impersonation mutation', async () => {
      const res = await call('POST', '/graphql', { body: { query: '{ __schema { mutationType { fields { name } } queryType { fields { name } } } }' } });
      const names = [...res.body.data.__schema.mutationType.fields, ...res.body.data.__schema.queryType.fields].map((f: { name: string }) => f.name);
      expect(names).toContain('placeOrder');
      expect(names.filter((n: string) => /stock|points|refund|createCoupon|adjust|impersonat|exportCustomers|allCustomers|admin|staff|operator/i.test(n))).toEqual([]);
    });

    // /metrics is served, to its token only in LIVE mode (platform/observability/metrics.int.test.ts).
    it('serves no older API version, internal or debug path', async () => {
      for (const path of ['/v1/account/users/configuration', '/internal/orders', '/debug', '/debug/vars', '/admin', '/graphql/admin', '/.env', '/.git/HEAD']) {
        const res = await call('GET', path, { headers: bearer(customer.token) });
        expect(res.status, path).toBe(404);
      }
      // Under /admin, what exists (the console's customer list) and what does not answer alike to anyone
      // but an operator: 401, telling nothing of which paths exist.
      for (const path of ['/admin/customers', '/admin/graphql']) expect((await call('GET', path, { headers: bearer(customer.token) })).status, path).toBe(401);
    });
  });

  describe('password guessing through GraphQL (checklist 10)', () => {
    it('checks one password a request: aliases and fragments of the sign-in are refused unrun, and batched operations too', async () => {
      const victim = await createCustomer(server);
      const guesses = (n: number) => Array.from({ length: n }, (_, i) => `g${i}: generateCustomerToken(email: "${victim.email}", password: "${i ? `guess-${i}` : PASSWORD}") { token }`).join(' ');
      const aliased = await call('POST', '/graphql', { body: { query: `mutation { ${guesses(5)} }` } });
      expect(aliased.status).toBeGreaterThanOrEqual(400);
      expect(aliased.body.errors?.[0]?.message).toMatch(/generateCustomerToken/);
      expect(aliased.body.data ?? null).toBeNull();
      const spread = await call('POST', '/graphql', { body: { query: `mutation { ...f ...f } fragment f on Mutation { generateCustomerToken(email: "${victim.email}", password: "${PASSWORD}") { token } }` } });
      expect(spread.status).toBeGreaterThanOrEqual(400);
      expect(spread.body.errors?.[0]?.message).toMatch(/generateCustomerToken/);
      // One sign-in a request is served, as Magento's.
      const one = await call('POST', '/graphql', { body: { query: `mutation { ${guesses(1)} }` } });
      expect(one.body.data?.g0?.token).toEqual(expect.any(String));
      const batch = await call('POST', '/graphql', { body: [{ query: '{ storeConfig { store_code } }' }, { query: '{ storeConfig { store_code } }' }] });
      expect(batch.status).toBe(400);
    });
  });

  describe('session tokens on sign-in, sign-out and account end (checklists 12 and 13)', () => {
    it('gives every sign-in a new 256-bit token and keeps no session id the client brought along', async () => {
      const c = await createCustomer(server);
      const planted = 'planted-session-value-chosen-by-an-attacker-000000';
      // Sent from the shop's own page, as a browser carrying the planted cookie would: the edge lets it through to sign-in.
      const res = await fetch(`${server.url}/account/users/authentication/sessions`, {
        method: 'POST', headers: { 'content-type': 'application/json', origin: server.url, cookie: `ember_session=${planted}` },
        body: JSON.stringify({ strategy: 'email_password', strategy_data: { identifier: c.email, password: PASSWORD } }),
      });
      const token = ((await res.json()) as { token: string }).token;
      expect(res.status).toBe(200);
      expect(token).not.toBe(planted);
      expect(res.headers.get('set-cookie')).toContain(`ember_session=${token}`);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
      const again = await login(server, c.email);
      expect(new Set([c.token, token, again]).size).toBe(3);
      expect((await call('GET', `/account/users/${c.uuid}/profile`, { headers: { cookie: `ember_session=${planted}` } })).status).toBe(401);
    });

    it('refuses a token past its absolute lifetime on REST, by cookie and on GraphQL, while a fresh one still works', async () => {
      const c = await createCustomer(server);
      const fresh = await login(server, c.email);
      await db.query(`UPDATE identity_session SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [tokenHash(c.token)]);
      expect((await call('GET', `/account/users/${c.uuid}/profile`, { headers: bearer(c.token) })).status).toBe(401);
      expect((await call('GET', `/account/users/${c.uuid}/profile`, { headers: { cookie: `ember_session=${c.token}` } })).status).toBe(401);
      const gql = await call('POST', '/graphql', { headers: bearer(c.token), body: { query: '{ customer { email } }' } });
      expect(gql.body.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
      expect((await call('GET', `/account/users/${c.uuid}/profile`, { headers: bearer(fresh) })).status).toBe(200);
    });

    it('refuses a token after logout, deactivation and cancellation, by bearer and by cookie, on REST and GraphQL', async () => {
      const ends: [string, (c: TestCustomer) => Promise<number>][] = [
        ['logout', async (c) => (await call('DELETE', '/account/users/authentication/sessions', { headers: bearer(c.token) })).status],
        ['deactivation', async (c) => (await call('POST', `/account/users/${c.uuid}/deactivate`, { headers: bearer(c.token), body: { reason: 'Taking a break' } })).status],
        ['cancellation', async (c) => {
          // Cancellation needs the password proven again within the last 5 minutes, which replaces the token.
          const reauth = await call('POST', `/account/users/${c.uuid}/reauthenticate`, { headers: bearer(c.token), body: { password: PASSWORD } });
          expect(reauth.status).toBe(200);
          const previous = c.token;
          c.token = reauth.body.token as string;
          expect((await call('GET', `/account/users/${c.uuid}/profile`, { headers: bearer(previous) })).status).toBe(401);
          return (await call('POST', `/account/users/${c.uuid}/cancel`, { headers: bearer(c.token) })).status;
        }],
      ];
      for (const [name, end] of ends) {
        const c = await createCustomer(server);
        const second = await login(server, c.email);
        expect(await end(c), name).toBe(204);
        for (const token of [c.token, second]) {
          expect((await call('GET', `/account/users/${c.uuid}/profile`, { headers: bearer(token) })).status, name).toBe(name === 'logout' && token === second ? 200 : 401);
          if (name !== 'logout' || token === c.token) {
            expect((await call('GET', `/account/users/${c.uuid}/profile`, { headers: { cookie: `ember_session=${token}` } })).status, name).toBe(401);
            const gql = await call('POST', '/graphql', { headers: bearer(token), body: { query: '{ customer { email } }' } });
            expect(gql.body.errors?.[0]?.extensions?.category, name).toBe('graphql-authorization');
          }
        }
        const live = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM identity_session WHERE user_uuid = $1 AND revoked_at IS NULL AND expires_at > now()`, [c.uuid]);
        expect(live.rows[0]!.n, name).toBe(name === 'logout' ? 1 : 0);
      }
    });
  });

  describe('mail amplification (checklist 46)', () => {
    it('builds at most ten data-subject exports an hour for one account, answering 429 with Retry-After past that', async () => {
      const c = await createCustomer(server);
      // Tries refused for want of a fresh re-authentication build nothing and leave the budget whole.
      expect((await call('GET', '/account/users/privacy', { headers: bearer(c.token) })).status).toBe(403);
      expect((await call('POST', '/account-legacy/dsar-request', { headers: bearer(c.token) })).status).toBe(403);
      // Re-authenticated once, the new session may export for 5 minutes; only the hourly budget refuses.
      const reauth = await call('POST', `/account/users/${c.uuid}/reauthenticate`, { headers: bearer(c.token), body: { password: PASSWORD } });
      expect(reauth.status).toBe(200);
      c.token = reauth.body.token as string;
      const statuses: number[] = [];
      let retryAfter = 0;
      for (let i = 0; i < 12; i++) {
        const res = await call('GET', '/account/users/privacy', { headers: bearer(c.token) });
        statuses.push(res.status);
        if (res.status === 429) retryAfter = Number(res.headers.get('retry-after'));
      }
      expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
      expect(retryAfter).toBeGreaterThan(0);
    });

    it('sends at most three reset e-mails an hour to one address, answering 429 with Retry-After past that', async () => {
      const c = await createCustomer(server);
      const statuses: number[] = [];
      let retryAfter = 0;
      for (let i = 0; i < 6; i++) {
        const res = await call('POST', '/account/users/authentication/password/forget', { body: { email: c.email } });
        statuses.push(res.status);
        if (res.status === 429) retryAfter = Number(res.headers.get('retry-after'));
      }
      expect(statuses).toEqual([202, 202, 202, 429, 429, 429]);
      expect(retryAfter).toBeGreaterThan(0);
      const mails = await db.query('SELECT id FROM messaging_outbox WHERE recipient = $1 AND template = $2', [c.email, 'password_reset']);
      expect(mails.rows).toHaveLength(3);
    });
  });
});
