import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createProduct, stockOf, type TestCustomer } from '@ember/test-support';
import { addProducts, gqlAs, makeCoupon, newGuestCart, place, readyForCheckout } from '../modules/cart/cart.fixtures.js';
import type { Db } from '../platform/db.js';
import { restCall, serveForSuite, testDb, type TestServer } from '../test/test-app.js';
import { expectInvariants, snapshotCustomer } from './security-fixtures.js';
import { inTransaction } from '../platform/transaction.js';

// The global invariants hold after everything this file did (checklist I1–I6).
afterAll(async () => {
  expect(await expectInvariants(await testDb())).toEqual([]);
});

describe('malformed requests', () => {
  /*
   * Checklist items 19 (prototype pollution), 23 (numeric edge cases) and 49 (payload, array and
   * page limits): each request is refused with a 4xx in the error vocabulary, never a 500, and
   * nothing it names is changed.
   */

  let server: TestServer;
  let db: Db;
  serveForSuite((s, d) => {
    server = s;
    db = d;
  });

  async function raw(method: string, path: string, body: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json', store: 'gb', ...headers }, body });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  async function gqlWith(query: string, variables: Record<string, unknown>, token?: string) {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    return raw('POST', '/graphql', JSON.stringify({ query, variables }), headers);
  }

  let a: TestCustomer;
  beforeAll(async () => {
    a = await createCustomer(server);
  });

  /** Whether any object in this process picked up a property from a request. */
  function polluted(): unknown[] {
    const probe = {} as Record<string, unknown>;
    return [probe.isAdmin, probe.role, probe.polluted, (Object.prototype as Record<string, unknown>).isAdmin];
  }

  describe('prototype pollution and nested-object injection (checklist 19)', () => {
    const poisoned = [
      '{"firstname":"Eve","__proto__":{"isAdmin":true,"role":"admin","polluted":1}}',
      '{"firstname":"Eve","constructor":{"prototype":{"isAdmin":true,"polluted":1}}}',
      '{"firstname":"Eve","address":{"totalsCollector":{"collectorList":{"x":{"url":"http://127.0.0.1:9/canary"}}}}}',
    ];

    it('refuses __proto__, constructor.prototype and unexpected nested objects in account bodies with 400, and neither the process nor the profile changes', async () => {
      const before = await snapshotCustomer(db, a);
      for (const body of poisoned) {
        for (const [method, path] of [
          ['PATCH', `/account/users/${a.uuid}/profile`],
          ['POST', `/account-legacy/update-profile/personal-details/${a.uuid}`],
          ['POST', `/account/users/${a.uuid}/addresses`],
          ['POST', '/account/users/register'],
          ['POST', '/api/messaging/forms'],
        ]) {
          const res = await raw(method!, path!, body, { authorization: `Bearer ${a.token}` });
          expect(res.status, `${method} ${path} ${body}`).toBe(400);
          expect(res.body.error.code).toMatch(/^(VALIDATION_FAILED|BAD_REQUEST)$/);
        }
      }
      expect(polluted()).toEqual([undefined, undefined, undefined, undefined]);
      expect(await snapshotCustomer(db, a)).toEqual(before);
    });

    it('refuses the same keys in GraphQL variables and input objects, and the cart keeps its address unset', async () => {
      const cart = (await gqlWith('{ customerCart { id } }', {}, a.token)).body.data.customerCart.id as string;
      const setAddress = 'mutation ($c: String!, $a: CartAddressInput) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { shipping_addresses { city } } } }';
      const address = '{"firstname":"Eve","lastname":"E","street":["x"],"city":"Leeds","postcode":"LS1 1AA","country_code":"GB","telephone":"+447900000000"';
      for (const extra of ['"__proto__":{"isAdmin":true}', '"constructor":{"prototype":{"isAdmin":true}}', '"totalsCollector":{"collectorList":{}}']) {
        const body = `{"query":${JSON.stringify(setAddress)},"variables":{"c":"${cart}","a":${address},${extra}}}}`;
        const res = await raw('POST', '/graphql', body, { authorization: `Bearer ${a.token}` });
        expect(res.status, extra).toBeGreaterThanOrEqual(400);
        expect(res.status, extra).toBeLessThan(500);
      }
      const literal = await gqlWith(`mutation ($c: String!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: { firstname: "Eve", lastname: "E", street: ["x"], city: "Leeds", country_code: "GB", telephone: "1", __proto__: { isAdmin: true } } }] }) { cart { id } } }`, { c: cart }, a.token);
      expect(literal.body.errors?.[0]?.extensions?.category).toBe('graphql-input');
      const after = await gqlWith('query ($c: String!) { cart(cart_id: $c) { shipping_addresses { city } } }', { c: cart }, a.token);
      expect(after.body.data.cart.shipping_addresses).toEqual([]);
      expect(polluted()).toEqual([undefined, undefined, undefined, undefined]);
    });
  });

  describe('numeric and type edge cases (checklist 23)', () => {
    it('refuses every malformed quantity with an input error, never a 500, and the cart stays empty', async () => {
      const product = await createProduct(db, { stock: 5 });
      const cart = (await gqlWith('mutation { createEmptyCart }', {})).body.data.createEmptyCart as string;
      const add = 'mutation ($c: String!, $i: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $i) { cart { total_quantity prices { grand_total { value } } } user_errors { code } } }';
      for (const quantity of [-1, 0, 1.5, '1', 1e308, 2147483648, 2 ** 53 + 1, null, [], {}, 'NaN', -0.0001]) {
        const res = await gqlWith(add, { c: cart, i: [{ sku: product.sku, quantity }] });
        expect(res.status, JSON.stringify(quantity)).toBeLessThan(500);
        const refused = (res.body.errors?.length ?? 0) > 0 || (res.body.data?.addProductsToCart?.user_errors?.length ?? 0) > 0;
        expect(refused, JSON.stringify(quantity)).toBe(true);
      }
      const read = await gqlWith('query ($c: String!) { cart(cart_id: $c) { total_quantity prices { grand_total { value } } } }', { c: cart });
      expect(read.body.data.cart.total_quantity).toBe(0);
      expect(read.body.data.cart.prices.grand_total.value).toBe(0);
    });

    it('refuses a coupon code sent as a list or an object, and a negative or fractional page, with input errors', async () => {
      const cart = (await gqlWith('mutation { createEmptyCart }', {})).body.data.createEmptyCart as string;
      for (const code of [['WELCOME10'], { code: 'WELCOME10' }, 10]) {
        const res = await gqlWith('mutation ($c: String!, $k: String!) { applyCouponToCart(input: { cart_id: $c, coupon_code: $k }) { cart { id } } }', { c: cart, k: code });
        expect(res.status).toBeLessThan(500);
        expect(res.body.errors?.length, JSON.stringify(code)).toBeGreaterThan(0);
      }
      for (const query of ['?page=-1', '?page=1.5', '?perPage=100000', '?page=1&page=-5', '?perPage=NaN']) {
        const res = await restCall(server, 'GET', `/api/loyalty/consumers/${a.uuid}/points${query}`, undefined, { token: a.token, store: 'gb' });
        expect(res.status, query).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION_FAILED');
      }
    });
  });

  describe('payload, array and pagination limits (checklist 49)', () => {
    it('answers a body over the limit with 413 before parsing it, on REST and GraphQL', async () => {
      const big = JSON.stringify({ firstname: 'x'.repeat(2_000_000) });
      const started = Date.now();
      for (const path of [`/account/users/${a.uuid}/profile`, '/graphql']) {
        const res = await raw(path === '/graphql' ? 'POST' : 'PATCH', path, big, { authorization: `Bearer ${a.token}` });
        expect(res.status).toBe(413);
        expect(res.body.error?.code ?? res.body.errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
      }
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it('refuses JSON nested ten thousand levels deep with a 400, not a crash', async () => {
      const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
      const res = await raw('PATCH', `/account/users/${a.uuid}/profile`, deep, { authorization: `Bearer ${a.token}` });
      expect(res.status).toBe(400);
      // As a GraphQL variable of a string type: refused as input, not a crash.
      const gqlDeep = await raw('POST', '/graphql', `{"query":"mutation ($c: String!) { setGuestEmailOnCart(input: { cart_id: $c, email: \\"x@example.com\\" }) { cart { id } } }","variables":{"c":${deep}}}`);
      expect(gqlDeep.status).toBeLessThan(500);
      expect(gqlDeep.body.errors?.length).toBeGreaterThan(0);
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
    });

    it('caps the page size of the order history and the points ledger with an input error', async () => {
      const orders = await gqlWith('{ customer { orders(pageSize: 100000) { total_count } } }', {}, a.token);
      expect(orders.status).toBeLessThan(500);
      expect(orders.body.errors?.[0]?.extensions?.category).toBe('graphql-input');
      const ledger = await restCall(server, 'GET', `/api/loyalty/consumers/${a.uuid}/points?perPage=100000`, undefined, { token: a.token, store: 'gb' });
      expect(ledger.status).toBe(400);
    });

    it('refuses ten thousand cart lines in one request without adding any', async () => {
      const product = await createProduct(db, { stock: 5 });
      const cart = (await gqlWith('mutation { createEmptyCart }', {})).body.data.createEmptyCart as string;
      const items = Array.from({ length: 10_000 }, () => ({ sku: product.sku, quantity: 1 }));
      const res = await gqlWith('mutation ($c: String!, $i: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $i) { cart { total_quantity } } }', { c: cart, i: items });
      expect(res.status).toBeLessThan(500);
      expect(res.body.errors?.length).toBeGreaterThan(0);
      const read = await gqlWith('query ($c: String!) { cart(cart_id: $c) { total_quantity } }', { c: cart });
      expect(read.body.data.cart.total_quantity).toBe(0);
    });
  });
});

describe('injected text and stale or client-sent amounts', () => {
  /*
   * Checklist items 18 (SQL injection in search, filter and sort), 20 (markup in commerce fields),
   * 21 (mail-header injection), 35 (discounts re-checked at placeOrder) and 37 (client-sent prices,
   * totals and currencies).
   */

  let server: TestServer;
  let db: Db;
  serveForSuite((s, d) => {
    server = s;
    db = d;
  });

  describe('search, filter and sort input (checklist 18)', () => {
    it('matches SQL fragments and LIKE wildcards literally, refuses unknown sort keys and values, and never shows database text', async () => {
      const search = 'query ($q: String!) { products(search: $q, pageSize: 5) { total_count items { sku } } }';
      for (const q of ["' OR 1=1--", "'; DROP TABLE catalog_product; --", '%', '_', '%%%%', '\\', "x' UNION SELECT password_hash FROM identity_credential--"]) {
        const res = await gqlAs(server, search, { q });
        expect(res.status, q).toBeLessThan(500);
        expect(res.body.errors, q).toBeUndefined();
        expect(res.body.data.products.total_count, q).toBe(0);
      }
      const long = await gqlAs(server, search, { q: 'x'.repeat(100_000) });
      expect(long.status).toBeLessThan(500);
      for (const sort of ['{ price: "DESC; DROP TABLE x" }', '{ password_hash: ASC }', '{ "price;DROP": ASC }']) {
        const res = await gqlAs(server, `{ products(search: "ember", sort: ${sort}) { total_count } }`);
        expect(res.status, sort).toBeLessThan(500);
        expect(res.body.errors?.[0]?.extensions?.category, sort).toBe('graphql-input');
      }
      const filtered = await gqlAs(server, `{ products(filter: { sku: { eq: "' OR '1'='1" } }) { total_count } }`);
      expect(filtered.status).toBeLessThan(500);
      expect(JSON.stringify(filtered.body)).not.toMatch(/syntax error|relation|column|SELECT|pg_|sqlstate/i);
      const tables = await db.query("SELECT to_regclass('catalog_product') AS t");
      expect(tables.rows[0]).toEqual({ t: 'catalog_product' });
    });
  });

  describe('markup and header-bound fields (checklists 20 and 21)', () => {
    it('refuses markup and line breaks in names and address lines on every account path, and keeps the profile', async () => {
      const c = await createCustomer(server);
      const before = await snapshotCustomer(db, c);
      const payloads = ['"><svg onload=alert(1)>', '<img src=x onerror=alert(1)>', 'Eve\r\nBcc: list@attacker.example'];
      for (const p of payloads) {
        for (const [method, path, body] of [
          ['PATCH', `/account/users/${c.uuid}/profile`, { firstname: p }],
          ['POST', `/account-legacy/update-profile/personal-details/${c.uuid}`, { lastname: p }],
          ['POST', `/account/users/${c.uuid}/addresses`, { firstname: 'A', lastname: 'B', street: [p], city: 'Leeds', country_code: 'GB' }],
          ['POST', `/account/users/${c.uuid}/addresses`, { firstname: 'A', lastname: 'B', street: ['1 Road'], city: p, country_code: 'GB' }],
        ] as const) {
          const res = await restCall(server, method, path, body, { token: c.token, store: 'gb' });
          expect(res.status, `${path} ${p}`).toBe(400);
          expect(res.body.error.code).toBe('VALIDATION_FAILED');
        }
      }
      expect(await snapshotCustomer(db, c)).toEqual(before);
    });

    it('refuses line breaks in the contact form sender and sends its acknowledgement to exactly one recipient with a fixed subject', async () => {
      const email = `contact+${Date.now()}@example.com`;
      for (const dataSubject of [
        { email: `${email}\r\nBcc: list@attacker.example` },
        { email, first_name: 'Eve\r\nBcc: list@attacker.example' },
        { email, last_name: 'x\nTo: list@attacker.example' },
      ]) {
        const res = await restCall(server, 'POST', '/api/messaging/forms', { payload: { message: 'Hello' }, data_subject: dataSubject }, { store: 'gb' });
        expect(res.status, JSON.stringify(dataSubject)).toBe(400);
      }
      expect((await db.query("SELECT id FROM messaging_outbox WHERE recipient LIKE '%attacker%'")).rows).toEqual([]);
      const sent = await restCall(server, 'POST', '/api/messaging/forms', { payload: { subject: 'Hi\r\nBcc: list@attacker.example', message: 'Hello' }, data_subject: { email } }, { store: 'gb' });
      expect(sent.status).toBe(201);
      const mails = await db.query<{ recipient: string; subject: string }>('SELECT recipient, subject FROM messaging_outbox WHERE recipient = $1', [email]);
      expect(mails.rows).toHaveLength(1);
      expect(mails.rows[0]!.subject).not.toMatch(/[\r\n]|attacker/);
      expect((await db.query("SELECT id FROM messaging_outbox WHERE recipient LIKE '%attacker%'")).rows).toEqual([]);
    });
  });

  describe('discounts re-checked at placeOrder (checklist 35)', () => {
    it('refuses placeOrder with a coupon switched off or expired after it was applied, naming the coupon, and takes neither stock nor a use', async () => {
      for (const change of ['UPDATE cart_rule SET is_active = false WHERE code = $1', "UPDATE cart_rule SET to_at = now() - interval '1 day' WHERE code = $1"]) {
        const product = await createProduct(db, { price: 2000, stock: 5 });
        const code = await makeCoupon(db, { value: 5000 });
        const cart = await newGuestCart(server);
        await addProducts(server, cart, [{ sku: product.sku, quantity: 1 }]);
        const applied = await gqlAs(server, 'mutation ($c: String!, $k: String!) { applyCouponToCart(input: { cart_id: $c, coupon_code: $k }) { cart { prices { grand_total { value } } } } }', { c: cart, k: code });
        expect(applied.body.errors).toBeUndefined();
        await readyForCheckout(server, cart);
        await db.query(change, [code]);
        const placed = await place(server, cart);
        expect(placed.body.data.placeOrder.order, change).toBeNull();
        expect(placed.body.data.placeOrder.errors[0], change).toEqual({ code: 'UNABLE_TO_PLACE_ORDER', message: `The coupon code "${code}" is not valid.` });
        expect((await db.query('SELECT id FROM orders_order WHERE cart_id = $1', [cart])).rows, change).toEqual([]);
        expect(await stockOf(db, product.id), change).toBe(5);
        expect((await db.query('SELECT count(*)::int AS n FROM cart_rule_usage u JOIN cart_rule r ON r.id = u.rule_id WHERE r.code = $1', [code])).rows[0]).toEqual({ n: 0 });
      }
    });
  });

  describe('client-sent prices, totals and currencies (checklist 37)', () => {
    it('refuses price, total and currency fields in cart and payment inputs as unknown input, and the cart keeps its server price', async () => {
      const product = await createProduct(db, { price: 1500, stock: 5 });
      const cart = await newGuestCart(server);
      await addProducts(server, cart, [{ sku: product.sku, quantity: 1 }]);
      for (const doc of [
        `mutation ($c: String!) { addProductsToCart(cartId: $c, cartItems: [{ sku: "${product.sku}", quantity: 1, price: 0.01 }]) { cart { id } } }`,
        `mutation ($c: String!) { addProductsToCart(cartId: $c, cartItems: [{ sku: "${product.sku}", quantity: 1, custom_price: 0.01, currency: "JPY" }]) { cart { id } } }`,
        'mutation ($c: String!) { updateCartItems(input: { cart_id: $c, cart_items: [{ cart_item_uid: "MQ==", quantity: 1, price: 0.01 }] }) { cart { id } } }',
        'mutation ($c: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: "checkmo", amount: 0.01, currency: "JPY" } }) { cart { id } } }',
        'mutation ($c: String!) { placeOrder(input: { cart_id: $c, grand_total: 0.01, currency: "JPY" }) { order { order_number } } }',
      ]) {
        const res = await gqlAs(server, doc, { c: cart });
        expect(res.body.errors?.[0]?.extensions?.category, doc).toBe('graphql-input');
      }
      const read = await gqlAs(server, 'query ($c: String!) { cart(cart_id: $c) { total_quantity prices { grand_total { value currency } } } }', { c: cart });
      expect(read.body.data.cart.total_quantity).toBe(1);
      expect(read.body.data.cart.prices.grand_total).toEqual({ value: 15, currency: 'GBP' });
    });
  });
});

describe('the age gate', () => {
  /*
   * Checklist item 9: what the browser says about age counts for nothing at placeOrder. Only the
   * server's verification record, read in the placeOrder transaction, lets a restricted product go.
   */

  let server: TestServer;
  let db: Db;
  serveForSuite((s, d) => {
    server = s;
    db = d;
  });

  const PLACE = 'mutation ($c: String!) { placeOrder(input: { cart_id: $c }) { order { order_number } errors { code message } } }';

  async function placeWith(cartId: string, token: string, headers: Record<string, string>) {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', store: 'gb', authorization: `Bearer ${token}`, ...headers },
      body: JSON.stringify({ query: PLACE, variables: { c: cartId } }),
    });
    return (await res.json()) as { data?: any; errors?: any[] };
  }

  async function readyCart(token: string, sku: string): Promise<string> {
    const id = (await gqlAs(server, '{ customerCart { id } }', {}, { token })).body.data.customerCart.id as string;
    expect((await addProducts(server, id, [{ sku, quantity: 1 }], { token })).body.data.addProductsToCart.user_errors).toEqual([]);
    await readyForCheckout(server, id, { token });
    return id;
  }

  const ordersOf = async (cartId: string) => (await db.query('SELECT id FROM orders_order WHERE cart_id = $1', [cartId])).rows.length;

  describe('the age gate at placeOrder (checklist 9)', () => {
    it('ignores age-gate cookies and browser flags: an unverified customer is refused and nothing is written', async () => {
      const sticks = await createProduct(db, { kind: 'sticks_pack', ageRestricted: true, stock: 4 });
      const c = await createCustomer(server);
      const cart = await readyCart(c.token, sticks.sku);
      const refused = await placeWith(cart, c.token, { cookie: 'ember_age_gate=gb; age_ok=1; ageVerified=true', 'x-age-verified': 'true' });
      expect(refused.data.placeOrder.order).toBeNull();
      expect(refused.data.placeOrder.errors[0].code).toBe('PERMISSION_DENIED');
      expect(await stockOf(db, sticks.id)).toBe(4);
      expect(await ordersOf(cart)).toBe(0);
    });

    it('refuses an ageVerified or is_age_verified field in the placeOrder input as unknown input, placing nothing', async () => {
      const sticks = await createProduct(db, { kind: 'sticks_pack', ageRestricted: true, stock: 4 });
      const c = await createCustomer(server);
      const cart = await readyCart(c.token, sticks.sku);
      for (const field of ['ageVerified: true', 'is_age_verified: true']) {
        const res = await gqlAs(server, `mutation ($c: String!) { placeOrder(input: { cart_id: $c, ${field} }) { order { order_number } } }`, { c: cart }, { token: c.token });
        expect(res.body.errors?.[0]?.extensions?.category, field).toBe('graphql-input');
        expect(res.body.data?.placeOrder ?? null).toBeNull();
      }
      expect(await stockOf(db, sticks.id)).toBe(4);
      expect(await ordersOf(cart)).toBe(0);
    });

    it('reads the verification at placeOrder time: a customer verified when the cart was filled but no longer verified is refused', async () => {
      const device = await createProduct(db, { kind: 'device', ageRestricted: true, stock: 3 });
      const c = await createCustomer(server);
      const v = await restCall(server, 'POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB' }, { token: c.token });
      expect(v.body.status).toBe('verified');
      const cart = await readyCart(c.token, device.sku);
      // The verification is withdrawn (an operator's review) between filling the cart and placing it.
      await db.query('UPDATE identity_user SET is_age_verified = false WHERE uuid = $1', [c.uuid]);
      const refused = await placeWith(cart, c.token, {});
      expect(refused.data.placeOrder.errors[0].code).toBe('PERMISSION_DENIED');
      expect(await stockOf(db, device.id)).toBe(3);
      expect(await ordersOf(cart)).toBe(0);
    });

    it('refuses a delivery country the market does not sell to, whatever the restricted cart holds', async () => {
      const c = await createCustomer(server);
      const device = await createProduct(db, { kind: 'device', ageRestricted: true, stock: 3 });
      expect((await restCall(server, 'POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB' }, { token: c.token })).body.status).toBe('verified');
      const id = (await gqlAs(server, '{ customerCart { id } }', {}, { token: c.token })).body.data.customerCart.id as string;
      await addProducts(server, id, [{ sku: device.sku, quantity: 1 }], { token: c.token });
      const res = await gqlAs(server, 'mutation ($c: String!, $a: CartAddressInput) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }',
        { c: id, a: { firstname: 'A', lastname: 'B', street: ['Rue 1'], city: 'Paris', postcode: '75001', country_code: 'FR', telephone: '+33100000000' } }, { token: c.token });
      expect(res.body.errors?.length).toBeGreaterThan(0);
      const placed = await gqlAs(server, PLACE, { c: id }, { token: c.token });
      expect(placed.body.data.placeOrder.order).toBeNull();
      expect(await stockOf(db, device.id)).toBe(3);
    });
  });
});

describe('transaction retries', () => {
  /*
   * Checklist item 55: a transaction that meets a serialization failure (40001) or a deadlock
   * (40P01) is run again from the start, a bounded number of times with a growing pause; any other
   * error is not retried, and nothing of a failed attempt stays behind.
   */

  let db: Db;
  const table = `security_retry_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

  beforeAll(async () => {
    db = await testDb();
    await db.query(`CREATE TABLE IF NOT EXISTS ${table} (id serial PRIMARY KEY, note text NOT NULL)`);
  });

  // A scratch table of this file's own, so a shared PostgreSQL database keeps nothing of it.
  afterAll(async () => {
    await db.query(`DROP TABLE IF EXISTS ${table}`);
  });

  const failure = (code: string) => Object.assign(new Error(`simulated ${code}`), { code });
  const notes = async (note: string) => (await db.query<{ note: string }>(`SELECT note FROM ${table} WHERE note = $1`, [note])).rows.length;

  describe('serialization failures and deadlocks (checklist 55)', () => {
    it('runs a transaction again after 40001 and 40P01 and keeps only the attempt that committed', async () => {
      for (const code of ['40001', '40P01']) {
        const note = `retry-${code}-${randomUUID()}`;
        let calls = 0;
        const result = await inTransaction(db, async (tx) => {
          calls++;
          await tx.query(`INSERT INTO ${table} (note) VALUES ($1)`, [note]);
          if (calls < 3) throw failure(code);
          return 'committed';
        });
        expect(result).toBe('committed');
        expect(calls).toBe(3);
        expect(await notes(note)).toBe(1);
      }
    });

    it('gives up after four attempts, within a second, and leaves nothing of any attempt', async () => {
      const note = `gives-up-${randomUUID()}`;
      let calls = 0;
      const started = Date.now();
      await expect(inTransaction(db, async (tx) => {
        calls++;
        await tx.query(`INSERT INTO ${table} (note) VALUES ($1)`, [note]);
        throw failure('40001');
      })).rejects.toMatchObject({ code: '40001' });
      expect(calls).toBe(4);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(await notes(note)).toBe(0);
    });

    it('does not retry other errors such as a unique violation', async () => {
      let calls = 0;
      await expect(inTransaction(db, async () => {
        calls++;
        throw failure('23505');
      })).rejects.toMatchObject({ code: '23505' });
      expect(calls).toBe(1);
    });
  });
});

describe('errors from inside the shop', () => {
  /*
   * Checklist items 27 and 54: a resolver or route that fails unexpectedly answers a generic error
   * with the request id, never the message, SQL, stack or file path of the cause; a lost database
   * connection answers 503 with Retry-After. The fault is injected into one service method of
   * this describe's own app for one request.
   */
  let server: TestServer;
  serveForSuite((s) => {
    server = s;
  });

  const LEAK = 'relation "identity_credential" does not exist at /srv/app/apps/server/src/modules/catalog/catalog.store.ts:42 SELECT password_hash';

  async function withFault<T>(target: Record<string, unknown>, method: string, error: Error, run: () => Promise<T>): Promise<T> {
    const original = target[method];
    target[method] = async () => {
      throw error;
    };
    try {
      return await run();
    } finally {
      target[method] = original;
    }
  }

  it('answers a failing resolver with a generic INTERNAL error and the request id, and nothing of the cause', async () => {
    const catalog = server.app.services.catalog as unknown as Record<string, unknown>;
    const res = await withFault(catalog, 'productsBySkus', new Error(LEAK), () =>
      fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', store: 'gb' }, body: JSON.stringify({ query: '{ products(filter: { sku: { eq: "ACC-CHARGER" } }) { items { sku } } }' }) }));
    const body = (await res.json()) as { errors: { message: string; extensions: Record<string, unknown> }[] };
    // GraphQL answers 200 with the error beside the partial data, as Magento does.
    expect(body.errors[0]!.extensions).toEqual({ category: 'internal', code: 'INTERNAL', request_id: res.headers.get('x-request-id') });
    expect(JSON.stringify(body)).not.toMatch(/identity_credential|password_hash|\/srv\/|\.ts:|SELECT|at /);
  });

  it('answers a failing REST route with a generic INTERNAL error and the request id, and nothing of the cause', async () => {
    const c = await createCustomer(server);
    const identity = server.app.services.identity as unknown as Record<string, unknown>;
    const res = await withFault(identity, 'profile', new Error(LEAK), () => restCall(server, 'GET', `/account/users/${c.uuid}/profile`, undefined, { token: c.token, store: 'gb' }));
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: { code: 'INTERNAL', message: 'Internal error', request_id: res.headers.get('x-request-id') } });
  });

  it('answers a lost database connection with 503 and Retry-After on REST and GraphQL, not 500', async () => {
    const lost = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const c = await createCustomer(server);
    const identity = server.app.services.identity as unknown as Record<string, unknown>;
    const rest = await withFault(identity, 'profile', lost(), () => restCall(server, 'GET', `/account/users/${c.uuid}/profile`, undefined, { token: c.token, store: 'gb' }));
    expect(rest.status).toBe(503);
    expect(rest.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
    const catalog = server.app.services.catalog as unknown as Record<string, unknown>;
    const gql = await withFault(catalog, 'productsBySkus', lost(), () => gqlAs(server, '{ products(filter: { sku: { eq: "ACC-CHARGER" } }) { items { sku } } }'));
    expect(gql.body.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
    // The next request, with the connection back, is served.
    expect((await restCall(server, 'GET', `/account/users/${c.uuid}/profile`, undefined, { token: c.token, store: 'gb' })).status).toBe(200);
  });

  it('answers a serialization failure or deadlock that outlived its retries with 503 and Retry-After, not 500 (checklist 55)', async () => {
    const c = await createCustomer(server);
    const identity = server.app.services.identity as unknown as Record<string, unknown>;
    for (const code of ['40001', '40P01']) {
      const conflict = Object.assign(new Error('could not serialize access due to concurrent update'), { code });
      const rest = await withFault(identity, 'profile', conflict, () => restCall(server, 'GET', `/account/users/${c.uuid}/profile`, undefined, { token: c.token, store: 'gb' }));
      expect(rest.status).toBe(503);
      expect(rest.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});

describe('a valid code after too many guesses', () => {
  /* Checklist item 45: once a cart's coupon guesses are spent, a valid code is refused too, so the limit is not an oracle. */
  let server: TestServer;
  let db: Db;
  serveForSuite((s, d) => {
    server = s;
    db = d;
  });

  it('refuses even a valid coupon with RATE_LIMITED once the cart has spent its guesses, and applies nothing', async () => {
    const product = await createProduct(db, { stock: 5 });
    const code = await makeCoupon(db, {});
    const cart = await newGuestCart(server);
    await addProducts(server, cart, [{ sku: product.sku, quantity: 1 }]);
    const apply = 'mutation ($c: String!, $k: String!) { applyCouponToCart(input: { cart_id: $c, coupon_code: $k }) { cart { applied_coupons { code } } } }';
    for (let i = 0; i < 10; i++) await gqlAs(server, apply, { c: cart, k: `GUESS${i}XYZ` });
    const valid = await gqlAs(server, apply, { c: cart, k: code });
    expect(valid.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    const read = await gqlAs(server, 'query ($c: String!) { cart(cart_id: $c) { applied_coupons { code } } }', { c: cart });
    expect(read.body.data.cart.applied_coupons ?? []).toEqual([]);
  });
});
