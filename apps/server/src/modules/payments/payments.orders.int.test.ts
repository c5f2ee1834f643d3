import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createProduct } from '@ember/test-support';
import { SANDBOX_TEST_WEBHOOK_SECRET } from '../../config.js';
import { restCall, startTestServer, testDb, type TestServer } from '../../test/test-app.js';
import { draftFor, placeOrder } from '../../test/orders-fixtures.js';
import { runPaymentJobs } from './payments.routes.js';
import { signPayload } from './payments.signature.js';
import { idempotencyScope, requestHash } from './payments.idempotency.js';
import { inTransaction } from '../../platform/transaction.js';

/** Payments against real orders (the orders module's port), with the jobs driven by the test. */

let server: TestServer;
const ACCOUNT = `test_${randomBytes(6).toString('hex')}`;
beforeAll(async () => {
  server = await startTestServer({ PAYMENTS_SANDBOX_NOTIFY_DELAY_MS: '0', PAYMENTS_MERCHANT_ACCOUNT: ACCOUNT });
});
afterAll(async () => {
  await server.close();
});

async function newOrder(opts: { customerUuid?: string | null; method?: string } = {}) {
  const db = await testDb();
  const product = await createProduct(db, { stock: 10 });
  const draft = { ...draftFor({ product, customerUuid: opts.customerUuid ?? null }), payment_method_code: opts.method ?? 'ember_card' };
  const placed = await placeOrder(server.app, draft);
  return { ...placed, cartId: draft.cart_id, total: draft.totals.grand_total };
}

const orderStatus = async (entityId: string) => (await server.app.services.orders.findByRef(await testDb(), entityId))!.status;

/** generate-token as the storefront calls it: each call a new attempt with a key of its own, unless `key` says otherwise (null: none). */
async function generate(body: Record<string, unknown>, opts: { token?: string; cart?: string; key?: string | null } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const key = opts.key === undefined ? `attempt-${randomBytes(12).toString('hex')}` : opts.key;
  if (key) headers['idempotency-key'] = key;
  if (opts.cart) headers['x-cart-id'] = opts.cart;
  const res = await fetch(`${server.url}/api/payments/generate-token`, { method: 'PUT', headers, body: JSON.stringify({ tokenize: false, ...body }) });
  return { status: res.status, body: (await res.json()) as any };
}

async function submitCard(redirectUrl: string, number: string) {
  const res = await fetch(`${server.url}${redirectUrl}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: number, exp_month: '10', exp_year: String(new Date().getUTCFullYear() + 3), cvc: '321' }).toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location') };
}

async function paymentStatus(uuid: string) {
  const { rows } = await (await testDb()).query<{ status: string }>('SELECT status FROM payments_payment WHERE uuid = $1', [uuid]);
  return rows[0]!.status;
}

describe('payments with real orders', () => {
  it('pays a customer’s order by card and moves the order to payment_completed', async () => {
    const customer = await createCustomer(server);
    const order = await newOrder({ customerUuid: customer.uuid });
    const opened = await generate({ customer_uuid: customer.uuid, order_id: order.entity_id }, { token: customer.token });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ amount: order.total, currency: 'GBP', status: 'created' });
    expect((await submitCard(opened.body.redirect_url, '4111111111111111')).status).toBe(303);
    expect(await orderStatus(order.entity_id)).toBe('pending_payment');
    await runPaymentJobs(server.app);
    expect(await orderStatus(order.entity_id)).toBe('payment_completed');
    const read = await restCall(server, 'GET', `/api/payments/${opened.body.uuid}`, undefined, { token: customer.token });
    expect(read.body).toMatchObject({ status: 'paid', order_id: order.entity_id });
  });

  it('records a declined guest payment on the order, then completes it with a second attempt', async () => {
    const order = await newOrder();
    const first = await generate({ order_id: order.entity_id, cart_id: order.cartId });
    expect(first.status).toBe(200);
    await submitCard(first.body.redirect_url, '4000000000009995');
    await runPaymentJobs(server.app);
    expect(await orderStatus(order.entity_id)).toBe('payment_failed');
    const second = await generate({ order_id: order.entity_id }, { cart: order.cartId });
    expect(second.body.uuid).not.toBe(first.body.uuid);
    await submitCard(second.body.redirect_url, '5555555555554444');
    await runPaymentJobs(server.app);
    expect(await orderStatus(order.entity_id)).toBe('payment_completed');
  });

  it('answers not found for another customer’s real order and for a guest order with the wrong cart', async () => {
    const [a, b] = [await createCustomer(server), await createCustomer(server)];
    const bOrder = await newOrder({ customerUuid: b.uuid });
    const res = await generate({ customer_uuid: a.uuid, order_id: bOrder.entity_id }, { token: a.token });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('ORDER_NOT_FOUND');
    const guest = await newOrder();
    expect((await generate({ order_id: guest.entity_id }, { cart: randomBytes(16).toString('hex') })).status).toBe(404);
    expect((await generate({ order_id: guest.entity_id }, { token: a.token })).status).toBe(404);
  });

  it('refuses an order whose payment method is not paid through the provider', async () => {
    const order = await newOrder({ method: 'checkmo' });
    const res = await generate({ order_id: order.entity_id }, { cart: order.cartId });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('ORDER_NOT_PAYABLE');
  });

  it('keeps a real order unpaid when the provider reports another amount', async () => {
    const order = await newOrder();
    const opened = await generate({ order_id: order.entity_id }, { cart: order.cartId });
    const { rows } = await (await testDb()).query<{ provider_reference: string }>('SELECT provider_reference FROM payments_payment WHERE uuid = $1', [opened.body.uuid]);
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('base64url')}`,
      merchant_account: ACCOUNT,
      type: 'payment.captured',
      created: Math.floor(Date.now() / 1000),
      data: { provider_reference: rows[0]!.provider_reference, merchant_reference: opened.body.uuid, order_reference: order.entity_id, amount: 100, currency: 'GBP', reason: null, card: null },
    });
    const res = await fetch(`${server.url}/api/payments/webhooks/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sandbox-signature': signPayload(SANDBOX_TEST_WEBHOOK_SECRET, Math.floor(Date.now() / 1000), body) },
      body,
    });
    expect(res.status).toBe(200);
    expect(await paymentStatus(opened.body.uuid)).toBe('suspicious');
    expect(await orderStatus(order.entity_id)).toBe('pending_payment');
  });

  it('completes a real order once when the provider delivers the same notification in parallel', async () => {
    const order = await newOrder();
    const opened = await generate({ order_id: order.entity_id }, { cart: order.cartId });
    await submitCard(opened.body.redirect_url, '4111111111111111');
    const db = await testDb();
    const { rows: events } = await db.query<{ body: string }>('SELECT body FROM payments_sandbox_event WHERE body LIKE $1', [`%${opened.body.uuid}%`]);
    expect(events).toHaveLength(1);
    const body = events[0]!.body;
    const signature = signPayload(SANDBOX_TEST_WEBHOOK_SECRET, Math.floor(Date.now() / 1000), body);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${server.url}/api/payments/webhooks/sandbox`, { method: 'POST', headers: { 'content-type': 'application/json', 'sandbox-signature': signature }, body }).then(async (r) => ({ status: r.status, body: (await r.json()) as any })),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(replies.filter((r) => !r.body.duplicate)).toHaveLength(1);
    // The sandbox's own delivery of the same event is a duplicate too.
    await runPaymentJobs(server.app);
    expect(await orderStatus(order.entity_id)).toBe('payment_completed');
    const view = await server.app.services.orders.views(db, [(await server.app.services.orders.findByRef(db, order.entity_id))!]);
    expect(view[0]!.history.filter((h) => h.to_status === 'payment_completed')).toHaveLength(1);
  });

  it('refunds a paid order once when the customer cancels it', async () => {
    const customer = await createCustomer(server);
    const order = await newOrder({ customerUuid: customer.uuid });
    const opened = await generate({ order_id: order.entity_id }, { token: customer.token });
    await submitCard(opened.body.redirect_url, '4111111111111111');
    await runPaymentJobs(server.app);
    const db = await testDb();
    const cancelled = await inTransaction(db, (tx) => server.app.services.orders.cancelByCustomer(tx, customer.uuid, order.entity_id, 'Changed my mind'));
    expect(cancelled.status).toBe('canceled');
    expect(await paymentStatus(opened.body.uuid)).toBe('refund_pending');
    await runPaymentJobs(server.app);
    await runPaymentJobs(server.app);
    expect(await paymentStatus(opened.body.uuid)).toBe('refunded');
    const { rows } = await db.query<{ refunded_amount: number }>('SELECT refunded_amount FROM payments_sandbox_session WHERE merchant_reference = $1', [opened.body.uuid]);
    expect(rows[0]!.refunded_amount).toBe(order.total);
  });

  it('refunds a paid order exactly once and puts its stock back once under 10 parallel cancels', async () => {
    const customer = await createCustomer(server);
    const db = await testDb();
    const product = await createProduct(db, { stock: 10 });
    const draft = { ...draftFor({ product, customerUuid: customer.uuid }), payment_method_code: 'ember_card' };
    const placed = await placeOrder(server.app, draft);
    const opened = await generate({ order_id: placed.entity_id }, { token: customer.token });
    await submitCard(opened.body.redirect_url, '4111111111111111');
    await runPaymentJobs(server.app);
    expect(await orderStatus(placed.entity_id)).toBe('payment_completed');
    const before = (await db.query<{ quantity: number }>('SELECT quantity FROM inventory_stock WHERE product_id = $1', [product.id])).rows[0]!.quantity;

    const replies = await Promise.all(Array.from({ length: 10 }, () =>
      fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', store: 'gb', authorization: `Bearer ${customer.token}` },
        body: JSON.stringify({ query: 'mutation ($id: ID!) { cancelOrder(input: { order_id: $id, reason: "Changed my mind" }) { error order { status_code } } }', variables: { id: placed.entity_id } }),
      }).then(async (r) => (await r.json()) as any)));
    expect(replies.filter((r) => r.data?.cancelOrder?.order?.status_code === 'canceled' && !r.data.cancelOrder.error)).toHaveLength(1);
    for (let i = 0; i < 3; i++) await runPaymentJobs(server.app);

    const after = (await db.query<{ quantity: number }>('SELECT quantity FROM inventory_stock WHERE product_id = $1', [product.id])).rows[0]!.quantity;
    expect(after - before).toBe(draft.items[0]!.quantity);
    const commands = await db.query<{ amount: number }>("SELECT amount FROM payments_provider_command WHERE payment_uuid = $1 AND kind = 'refund'", [opened.body.uuid]);
    expect(commands.rows).toEqual([{ amount: draft.totals.grand_total }]);
    const sandbox = await db.query<{ refunded_amount: number }>('SELECT refunded_amount FROM payments_sandbox_session WHERE merchant_reference = $1', [opened.body.uuid]);
    expect(sandbox.rows[0]!.refunded_amount).toBe(draft.totals.grand_total);
    const shop = await db.query<{ status: string; refunded_amount: number }>('SELECT status, refunded_amount FROM payments_payment WHERE uuid = $1', [opened.body.uuid]);
    expect(shop.rows[0]).toEqual({ status: 'refunded', refunded_amount: draft.totals.grand_total });
  });

  it('gives the money back when the shopper pays while the order is being cancelled', async () => {
    const customer = await createCustomer(server);
    const order = await newOrder({ customerUuid: customer.uuid });
    const opened = await generate({ order_id: order.entity_id }, { token: customer.token });
    // The provider captures, but its notification has not arrived when the customer cancels.
    await submitCard(opened.body.redirect_url, '4111111111111111');
    const db = await testDb();
    await inTransaction(db, (tx) => server.app.services.orders.cancelByCustomer(tx, customer.uuid, order.entity_id, null));
    expect(await paymentStatus(opened.body.uuid)).toBe('voided');
    // The void fails at the provider (already captured); the capture notification turns it into a refund.
    for (let i = 0; i < 3; i++) await runPaymentJobs(server.app);
    const { rows } = await db.query<{ status: string; refunded_amount: number }>('SELECT status, refunded_amount FROM payments_sandbox_session WHERE merchant_reference = $1', [opened.body.uuid]);
    expect(rows[0]).toEqual({ status: 'refunded', refunded_amount: order.total });
    expect(await paymentStatus(opened.body.uuid)).toBe('refunded');
    expect(await orderStatus(order.entity_id)).toBe('canceled');
    const commands = await db.query<{ kind: string; done: boolean }>('SELECT kind, done_at IS NOT NULL AS done FROM payments_provider_command WHERE payment_uuid = $1 ORDER BY id', [opened.body.uuid]);
    expect(commands.rows).toEqual([{ kind: 'void', done: true }, { kind: 'refund', done: true }]);
  });
});

/** Makes an open payment look opened minutes ago: the shopper left its page and came back later. */
async function abandon(uuid: string) {
  await (await testDb()).query(`UPDATE payments_payment SET created_at = now() - interval '10 minutes' WHERE uuid = $1`, [uuid]);
}

const mailsOf = async (email: string) => (await server.app.services.messaging.listRecent({ recipient: email, limit: 20 })).map((m) => m.template);

describe('reconciliation with the provider', () => {
  it('completes the order of a capture whose notifications never arrived, once, when the payment has been open for a while', async () => {
    const order = await newOrder();
    const opened = await generate({ order_id: order.entity_id }, { cart: order.cartId });
    expect((await submitCard(opened.body.redirect_url, '4111111111111111')).status).toBe(303);
    const db = await testDb();
    // Every delivery failed: the provider gave up on the notification.
    await db.query(
      `UPDATE payments_sandbox_event SET failed_at = now() WHERE merchant_account = $1 AND body LIKE '%' || $2 || '%' AND delivered_at IS NULL`,
      [ACCOUNT, opened.body.uuid],
    );
    await runPaymentJobs(server.app);
    expect(await paymentStatus(opened.body.uuid)).toBe('created');
    await db.query(`UPDATE payments_payment SET updated_at = now() - interval '1 hour' WHERE uuid = $1`, [opened.body.uuid]);
    await runPaymentJobs(server.app);
    expect(await paymentStatus(opened.body.uuid)).toBe('paid');
    expect(await orderStatus(order.entity_id)).toBe('payment_completed');
    await db.query(`UPDATE payments_payment SET updated_at = now() - interval '1 hour' WHERE uuid = $1`, [opened.body.uuid]);
    await runPaymentJobs(server.app);
    const row = (await server.app.services.orders.findByRef(db, order.entity_id))!;
    const [view] = await server.app.services.orders.views(db, [row]);
    expect(view!.history.filter((h) => h.to_status === 'payment_completed')).toHaveLength(1);
  });

  it('records a session the provider opened when the shop died before recording it', async () => {
    const order = await newOrder();
    const opened = await generate({ order_id: order.entity_id }, { cart: order.cartId });
    const db = await testDb();
    const { rows } = await db.query<{ provider_reference: string }>('SELECT provider_reference FROM payments_payment WHERE uuid = $1', [opened.body.uuid]);
    // As if the process died between the provider's answer and the shop's record.
    await db.query(`UPDATE payments_payment SET provider_reference = NULL, payment_token = NULL, redirect_url = NULL, updated_at = now() - interval '1 hour' WHERE uuid = $1`, [opened.body.uuid]);
    await runPaymentJobs(server.app);
    const after = await db.query<{ provider_reference: string; status: string }>('SELECT provider_reference, status FROM payments_payment WHERE uuid = $1', [opened.body.uuid]);
    expect(after.rows[0]).toEqual({ provider_reference: rows[0]!.provider_reference, status: 'created' });
  });
});

describe('paying an order again after leaving the payment page', () => {
  it('supersedes the abandoned payment: the old page is cancelled at the provider and the new one pays the order', async () => {
    const customer = await createCustomer(server);
    const order = await newOrder({ customerUuid: customer.uuid });
    const first = await generate({ order_id: order.entity_id }, { token: customer.token });
    await abandon(first.body.uuid);
    const second = await generate({ order_id: order.entity_id }, { token: customer.token });
    expect(second.status).toBe(200);
    expect(second.body.uuid).not.toBe(first.body.uuid);
    expect(await paymentStatus(first.body.uuid)).toBe('voided');
    await runPaymentJobs(server.app);
    // The provider cancelled the old session: its page is gone and takes no card.
    expect((await fetch(`${server.url}${first.body.redirect_url}`)).status).toBe(410);
    expect((await submitCard(first.body.redirect_url, '4111111111111111')).status).toBe(410);
    expect((await submitCard(second.body.redirect_url, '4111111111111111')).status).toBe(303);
    await runPaymentJobs(server.app);
    expect(await orderStatus(order.entity_id)).toBe('payment_completed');
  });

  it('shares a payment between requests of one attempt (Idempotency-Key) and supersedes it for a new attempt at once', async () => {
    const order = await newOrder();
    const put = (key: string) =>
      fetch(`${server.url}/api/payments/generate-token`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-cart-id': order.cartId!, 'idempotency-key': key },
        body: JSON.stringify({ order_id: order.entity_id }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    const [a, again] = [await put('attempt-one-0001'), await put('attempt-one-0001')];
    expect(again.body.uuid).toBe(a.body.uuid);
    const b = await put('attempt-two-0002');
    expect(b.status).toBe(200);
    expect(b.body.uuid).not.toBe(a.body.uuid);
    expect(await paymentStatus(a.body.uuid)).toBe('voided');
    expect((await put('no good')).status).toBe(400);
  });

  it('answers a double click with the same key with the first payment, and refuses a repeat without a key', async () => {
    const order = await newOrder();
    const [a, b] = [await generate({ order_id: order.entity_id }, { cart: order.cartId, key: 'double-click-0001' }), await generate({ order_id: order.entity_id }, { cart: order.cartId, key: 'double-click-0001' })];
    expect(b.body).toEqual(a.body);
    const keyless = await generate({ order_id: order.entity_id }, { cart: order.cartId, key: null });
    expect(keyless.status).toBe(400);
    expect(keyless.body.error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(keyless.body.error.message).toContain('Idempotency-Key');
    const { rows } = await (await testDb()).query('SELECT 1 FROM payments_payment WHERE order_id = $1', [order.entity_id]);
    expect(rows).toHaveLength(1);
  });

  it('answers 422 to an attempt key reused with another body and 409 while its first request runs', async () => {
    const order = await newOrder();
    const first = await generate({ order_id: order.entity_id }, { cart: order.cartId, key: 'reused-key-000001' });
    expect(first.status).toBe(200);
    const other = await generate({ order_id: order.entity_id, payment_method: 'ember_bank_transfer' }, { cart: order.cartId, key: 'reused-key-000001' });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await server.app.services.orders.findByRef(await testDb(), order.entity_id))!.payment_method_code).toBe('ember_card');
    // Another instance is still running a request with this key (same body): the retry waits its turn.
    await (await testDb()).query(
      `INSERT INTO payments_idempotency_key (scope, operation, idempotency_key, request_hash, locked_at, lock_token, expires_at)
       VALUES ($1, 'payments.generate-token', 'in-flight-key-0001', $2, now(), gen_random_uuid(), now() + interval '1 day')`,
      [idempotencyScope({ customerUuid: null, cartId: order.cartId! }), requestHash({ tokenize: false, order_id: order.entity_id })],
    );
    const busy = await generate({ order_id: order.entity_id }, { cart: order.cartId, key: 'in-flight-key-0001' });
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
  });

  it('opens the first payment of an order without a key, as a client that sends none does', async () => {
    const order = await newOrder();
    const first = await generate({ order_id: order.entity_id }, { cart: order.cartId, key: null });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('created');
  });

  it('refunds an abandoned payment captured after it was superseded, and pays and confirms the order once', async () => {
    const customer = await createCustomer(server);
    const order = await newOrder({ customerUuid: customer.uuid });
    const first = await generate({ order_id: order.entity_id }, { token: customer.token });
    // The shopper pays on the old page in another tab; its notification has not arrived yet.
    expect((await submitCard(first.body.redirect_url, '4111111111111111')).status).toBe(303);
    await abandon(first.body.uuid);
    const second = await generate({ order_id: order.entity_id }, { token: customer.token });
    expect(second.body.uuid).not.toBe(first.body.uuid);
    expect((await submitCard(second.body.redirect_url, '5555555555554444')).status).toBe(303);
    for (let i = 0; i < 4; i++) await runPaymentJobs(server.app);

    expect(await paymentStatus(second.body.uuid)).toBe('paid');
    expect(await paymentStatus(first.body.uuid)).toBe('refunded');
    const db = await testDb();
    const { rows } = await db.query<{ merchant_reference: string; status: string; refunded_amount: number }>(
      'SELECT merchant_reference::text AS merchant_reference, status, refunded_amount FROM payments_sandbox_session WHERE merchant_reference IN ($1, $2) ORDER BY created_at',
      [first.body.uuid, second.body.uuid],
    );
    expect(rows.map(({ status, refunded_amount }) => ({ status, refunded_amount }))).toEqual([
      { status: 'refunded', refunded_amount: order.total },
      { status: 'captured', refunded_amount: 0 },
    ]);
    const row = (await server.app.services.orders.findByRef(db, order.entity_id))!;
    expect(row).toMatchObject({ status: 'payment_completed', payment_uuid: second.body.uuid, amount_paid: order.total });
    const [view] = await server.app.services.orders.views(db, [row]);
    expect(view!.history.filter((h) => h.to_status === 'payment_completed')).toHaveLength(1);
    expect((await mailsOf(row.email)).filter((t) => t === 'order_confirmed')).toHaveLength(1);
    expect(await mailsOf(row.email)).toContain('order_received');
  });

  it('refunds a capture that arrives for a payment already recorded as refused', async () => {
    const order = await newOrder();
    const opened = await generate({ order_id: order.entity_id }, { cart: order.cartId });
    await submitCard(opened.body.redirect_url, '4000000000009995');
    await runPaymentJobs(server.app);
    expect(await paymentStatus(opened.body.uuid)).toBe('failed');
    const { rows } = await (await testDb()).query<{ provider_reference: string }>('SELECT provider_reference FROM payments_payment WHERE uuid = $1', [opened.body.uuid]);
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('base64url')}`,
      merchant_account: ACCOUNT,
      type: 'payment.captured',
      created: Math.floor(Date.now() / 1000),
      data: { provider_reference: rows[0]!.provider_reference, merchant_reference: opened.body.uuid, order_reference: order.entity_id, amount: order.total, currency: 'GBP', reason: null, card: null },
    });
    const res = await fetch(`${server.url}/api/payments/webhooks/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sandbox-signature': signPayload(SANDBOX_TEST_WEBHOOK_SECRET, Math.floor(Date.now() / 1000), body) },
      body,
    });
    expect(res.status).toBe(200);
    expect(await paymentStatus(opened.body.uuid)).toBe('refund_pending');
    expect(await orderStatus(order.entity_id)).toBe('payment_failed');
  });

  it('pays a pending guest order with another method: the order’s method changes, its expiry clock does not, the old payment is voided', async () => {
    const order = await newOrder();
    const first = await generate({ order_id: order.entity_id }, { cart: order.cartId });
    const db = await testDb();
    const before = (await server.app.services.orders.findByRef(db, order.entity_id))!;
    const bank = await generate({ order_id: order.entity_id, payment_method: 'ember_bank_transfer' }, { cart: order.cartId });
    expect(bank.status).toBe(200);
    expect(bank.body).toMatchObject({ payment_method: 'ember_bank_transfer', status: 'created' });
    expect(bank.body.redirect_url).toContain('/payments-sandbox/bank/');
    expect(await paymentStatus(first.body.uuid)).toBe('voided');
    const after = (await server.app.services.orders.findByRef(db, order.entity_id))!;
    expect(after).toMatchObject({ status: 'pending_payment', payment_method_code: 'ember_bank_transfer' });
    expect(new Date(after.updated_at).getTime()).toBe(new Date(before.updated_at).getTime());
  });

  it('refuses a method the store does not collect through the provider, and another guest’s order', async () => {
    const order = await newOrder();
    const wrong = await generate({ order_id: order.entity_id, payment_method: 'checkmo' }, { cart: order.cartId });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('VALIDATION_FAILED');
    const stranger = await generate({ order_id: order.entity_id, payment_method: 'ember_bank_transfer' }, { cart: randomBytes(24).toString('base64url') });
    expect(stranger.status).toBe(404);
    expect((await server.app.services.orders.findByRef(await testDb(), order.entity_id))!.payment_method_code).toBe('ember_card');
  });

  it('retries a declined order with the same method and gives it a fresh expiry window', async () => {
    const order = await newOrder();
    const first = await generate({ order_id: order.entity_id }, { cart: order.cartId });
    await submitCard(first.body.redirect_url, '4000000000009995');
    await runPaymentJobs(server.app);
    const db = await testDb();
    await db.query(`UPDATE orders_order SET updated_at = now() - interval '20 minutes' WHERE entity_id = $1`, [order.entity_id]);
    const retry = await generate({ order_id: order.entity_id, payment_method: 'ember_card' }, { cart: order.cartId });
    expect(retry.status).toBe(200);
    const waiting = (await server.app.services.orders.findByRef(db, order.entity_id))!;
    expect(waiting.status).toBe('pending_payment');
    expect(Date.now() - new Date(waiting.updated_at).getTime()).toBeLessThan(60_000);
    await submitCard(retry.body.redirect_url, '4111111111111111');
    await runPaymentJobs(server.app);
    expect(await orderStatus(order.entity_id)).toBe('payment_completed');
  });
});
