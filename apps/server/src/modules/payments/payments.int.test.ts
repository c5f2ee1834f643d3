import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_WEBHOOK_SECRET } from '../../config.js';
import { startTestServer, testDb, type TestServer } from '../../test/test-app.js';
import type { ScaMode } from './payments.provider.js';
import { runPaymentJobs } from './payments.routes.js';
import { signPayload } from './payments.signature.js';
import { FakeOrders } from './payments.test-support.js';
import { inTransaction } from '../../platform/transaction.js';

let server: TestServer;
let orders: FakeOrders;
// A merchant account of its own: the sandbox notifies only this app of its payments, whatever else shares the database.
const ACCOUNT = `test_${randomBytes(6).toString('hex')}`;
beforeAll(async () => {
  // Jobs run here as in production: the sandbox notifies the shop a moment after the shopper's step.
  server = await startTestServer({ PAYMENTS_JOBS: 'true', PAYMENTS_SANDBOX_NOTIFY_DELAY_MS: '1000', PAYMENTS_MERCHANT_ACCOUNT: ACCOUNT });
  orders = new FakeOrders();
  server.app.services.payments.orders = orders;
});
afterAll(async () => {
  await server.close();
});

interface Reply {
  status: number;
  body: any;
  headers: Headers;
  text: string;
}

async function call(method: string, path: string, body?: unknown, opts: { token?: string; cart?: string; store?: string; headers?: Record<string, string>; raw?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...opts.headers };
  if (body !== undefined || opts.raw !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cart) headers['x-cart-id'] = opts.cart;
  if (opts.store) headers.store = opts.store;
  const res = await fetch(`${server.url}${path}`, { method, headers, body: opts.raw ?? (body === undefined ? undefined : JSON.stringify(body)), redirect: 'manual' });
  const text = await res.text();
  let parsed: any = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, headers: res.headers, text };
}

async function postForm(path: string, fields: Record<string, string>): Promise<Reply> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: res.status, body: undefined, headers: res.headers, text: await res.text() };
}

const card = (number: string) => ({ card_number: number, exp_month: '12', exp_year: String(new Date().getUTCFullYear() + 2), cvc: '123', holder: 'Ada Lovelace' });

let storeSeq = 0;
/** A store code of its own with the given SCA mode, so tests never change a shared store's setting. */
async function storeWith(mode: ScaMode): Promise<string> {
  const code = `t${randomBytes(5).toString('hex')}${++storeSeq}`;
  await inTransaction(await testDb(), (tx) => server.app.services.payments.setScaMode(tx, code, mode));
  return code;
}

async function customer() {
  const email = `payer+${randomUUID().slice(0, 8)}@example.com`;
  const identity = server.app.services.identity;
  const prepared = await identity.prepareRegistration(
    { firstname: 'Ada', lastname: 'Lovelace', date_of_birth: '1990-04-12', strategy: 'email_password', strategy_data: { identifier: email, password: 'Passw0rd-Ember' }, terms_accepted: true } as never,
    { storeCode: 'gb', language: 'en', ip: null, defaultCountry: 'GB' },
  );
  const { user_uuid } = await inTransaction(server.app.db, (tx) => identity.register(tx, prepared));
  const checked = await identity.checkCredentials(email, 'Passw0rd-Ember');
  const login = await inTransaction(server.app.db, (tx) => identity.login(tx, checked, { ip: '127.0.0.1', userAgent: null }));
  return { uuid: user_uuid, token: login.token };
}

/** A guest order and its payment session, opened through the spec's endpoint. */
async function guestPayment(o: Parameters<FakeOrders['add']>[0] = {}) {
  const order = orders.add(o);
  const res = await call('PUT', '/api/payments/generate-token', { order_id: order.entity_id, tokenize: false }, { cart: order.cart_id! });
  expect(res.status).toBe(200);
  return { order, payment: res.body, cart: order.cart_id! };
}

async function waitForStatus(uuid: string, cart: string, status: string) {
  const until = Date.now() + 10_000;
  for (;;) {
    const res = await call('GET', `/api/payments/${uuid}`, undefined, { cart });
    if (res.body?.status === status || Date.now() > until) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function providerReference(uuid: string): Promise<string> {
  const { rows } = await (await testDb()).query<{ provider_reference: string }>('SELECT provider_reference FROM payments_payment WHERE uuid = $1', [uuid]);
  return rows[0]!.provider_reference;
}

/** A notification as the provider would send it, signed with the TEST secret. */
function signedEvent(data: Record<string, unknown>, opts: { type?: string; id?: string; at?: number; secret?: string; account?: string } = {}) {
  const body = JSON.stringify({
    id: opts.id ?? `evt_${randomBytes(12).toString('base64url')}`,
    merchant_account: opts.account ?? ACCOUNT,
    type: opts.type ?? 'payment.captured',
    created: Math.floor(Date.now() / 1000),
    data,
  });
  const signature = signPayload(opts.secret ?? SANDBOX_TEST_WEBHOOK_SECRET, opts.at ?? Math.floor(Date.now() / 1000), body);
  return { body, signature };
}

async function captureData(payment: { uuid: string; amount: number; currency: string; order_id: string }, over: Record<string, unknown> = {}) {
  return {
    provider_reference: await providerReference(payment.uuid),
    merchant_reference: payment.uuid,
    order_reference: payment.order_id,
    amount: payment.amount,
    currency: payment.currency,
    reason: null,
    card: { brand: 'visa', last4: '1111', exp_month: 12, exp_year: 2030, token: null },
    ...over,
  };
}

const postWebhook = (e: { body: string; signature: string }) => call('POST', '/api/payments/webhooks/sandbox', undefined, { raw: e.body, headers: { 'sandbox-signature': e.signature } });

/** Follows the hosted card page as a shopper: submit the card, answer a challenge if one comes. */
async function payByCard(redirectUrl: string, number: string, challenge?: 'approve' | 'fail'): Promise<Reply> {
  const submitted = await postForm(redirectUrl, card(number));
  if (!challenge) return submitted;
  expect(submitted.status).toBe(303);
  const challengePath = submitted.headers.get('location')!;
  expect(challengePath).toMatch(/^\/payments-sandbox\/challenge\//);
  return postForm(challengePath, { decision: challenge });
}

describe('payments: methods and client configuration', () => {
  it('lists the tokenisable card first and the bank transfer in both families', async () => {
    const res = await call('GET', '/api/payments/methods', undefined, { store: 'de' });
    expect(res.status).toBe(200);
    expect(res.body.methods.map((m: any) => [m.code, m.tokenizable])).toEqual([
      ['ember_card', true],
      ['ember_bank_transfer', false],
    ]);
    expect(res.body.methods[0]).toEqual(expect.objectContaining({ title: expect.any(String), description: expect.any(String), icon: '/media/payments/card.svg' }));
    const legacy = await call('GET', '/payments-legacy/payment-methods');
    expect(legacy.body).toEqual((await call('GET', '/api/payments/methods')).body);
  });

  it('gives the client configuration of a method, the card by default in the legacy family, and 404 for an unknown code', async () => {
    const res = await call('GET', '/api/payments/methods/ember_card/client');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'ember_card', tokenizable: true, provider: 'sandbox', environment: 'TEST', checkout_url: '/payments-sandbox' });
    expect((await call('GET', '/payments-legacy/client')).body).toEqual(res.body);
    const unknown = await call('GET', '/api/payments/methods/cash_on_moon/client');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('ENTITY_NOT_FOUND');
  });
});

describe('payments: the sandbox card journey', () => {
  it('pays an order with the success card and marks it paid only when the signed notification arrives later', async () => {
    const { order, payment, cart } = await guestPayment({ grand_total: 4_999, currency: 'GBP' });
    expect(payment).toMatchObject({ status: 'created', order_id: order.entity_id, amount: 4_999, currency: 'GBP', payment_method: 'ember_card', title: 'Credit or debit card' });
    expect(payment.payment_token).toMatch(/^sbx_ses_/);
    expect(payment.redirect_url).toBe(`/payments-sandbox/pay/${payment.payment_token}`);

    const page = await call('GET', payment.redirect_url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('<form method="post"');
    expect(page.text).not.toMatch(/<script|onclick=|onsubmit=|javascript:/i);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");

    const done = await payByCard(payment.redirect_url, '4111 1111 1111 1111');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/gb/checkout/payment-return?payment_uuid=${payment.uuid}`);
    // The redirect proves nothing: the order is untouched until the provider's notification.
    expect((await call('GET', `/api/payments/${payment.uuid}`, undefined, { cart })).body.status).toBe('created');
    expect(orders.paid.filter((p) => p.entityId === order.entity_id)).toHaveLength(0);

    const paid = await waitForStatus(payment.uuid, cart, 'paid');
    expect(paid.body).toMatchObject({ status: 'paid', redirect_url: null, card: { brand: 'visa', last4: '1111', exp_month: 12 } });
    const credited = orders.paid.filter((p) => p.entityId === order.entity_id);
    expect(credited).toEqual([{ entityId: order.entity_id, payment: expect.objectContaining({ payment_uuid: payment.uuid, amount: 4_999, currency: 'GBP' }) }]);
    // The session is finished: the card page is gone.
    expect((await call('GET', payment.redirect_url)).status).toBe(410);
  });

  it('declines the insufficient-funds card and records the failure on the order', async () => {
    const { order, payment, cart } = await guestPayment();
    const done = await payByCard(payment.redirect_url, '4000000000009995');
    expect(done.status).toBe(303);
    const failed = await waitForStatus(payment.uuid, cart, 'failed');
    expect(failed.body).toMatchObject({ status: 'failed', failure_code: 'insufficient_funds' });
    expect(orders.failed.find((f) => f.entityId === order.entity_id)?.reason.code).toBe('insufficient_funds');
    expect(orders.paid.some((p) => p.entityId === order.entity_id)).toBe(false);
  });

  it('lets the shopper pay again with a new session after a decline', async () => {
    const { order, payment, cart } = await guestPayment();
    await payByCard(payment.redirect_url, '4000000000009995');
    await waitForStatus(payment.uuid, cart, 'failed');
    const again = await call('PUT', '/api/payments/generate-token', { order_id: order.entity_id, tokenize: false, cart_id: cart }, { headers: { 'idempotency-key': 'pay-again-0001' } });
    expect(again.status).toBe(200);
    expect(again.body.uuid).not.toBe(payment.uuid);
    await payByCard(again.body.redirect_url, '5555555555554444');
    expect((await waitForStatus(again.body.uuid, cart, 'paid')).body.card.brand).toBe('mastercard');
  });

  it('fails a payment the shopper abandoned once the provider expires its session', async () => {
    const { order, payment, cart } = await guestPayment();
    await (await testDb()).query("UPDATE payments_sandbox_session SET expires_at = now() - interval '1 second' WHERE token = $1", [payment.payment_token]);
    expect((await call('GET', payment.redirect_url)).status).toBe(410);
    const failed = await waitForStatus(payment.uuid, cart, 'failed');
    expect(failed.body.failure_code).toBe('expired');
    expect(orders.failed.find((f) => f.entityId === order.entity_id)?.reason.code).toBe('expired');
  });

  it('re-renders the form with an error for an invalid or unknown card and keeps the session open', async () => {
    const { payment } = await guestPayment();
    const luhn = await postForm(payment.redirect_url, card('4111111111111112'));
    expect(luhn.status).toBe(422);
    expect(luhn.text).toContain('The card number is not valid.');
    const unknown = await postForm(payment.redirect_url, card('4242424242424242'));
    expect(unknown.status).toBe(422);
    expect(unknown.text).toContain('only its test cards');
    const expired = await postForm(payment.redirect_url, { ...card('4111111111111111'), exp_year: '2001' });
    expect(expired.text).toContain('The card has expired.');
    expect((await call('GET', payment.redirect_url)).status).toBe(200);
  });

  it('ends the session as refused after five invalid card submissions', async () => {
    const { order, payment, cart } = await guestPayment();
    for (let i = 0; i < 4; i++) expect((await postForm(payment.redirect_url, card('4000000000000001'))).status).toBe(422);
    const fifth = await postForm(payment.redirect_url, card('4000000000000001'));
    expect(fifth.status).toBe(303);
    expect((await postForm(payment.redirect_url, card('4111111111111111'))).status).toBe(410);
    expect((await waitForStatus(payment.uuid, cart, 'failed')).body.failure_code).toBe('too_many_attempts');
    expect(orders.paid.some((p) => p.entityId === order.entity_id)).toBe(false);
  });

  it('pays by online bank transfer through the bank page and refuses a cancelled transfer', async () => {
    const ok = await guestPayment({ payment_method_code: 'ember_bank_transfer' });
    expect(ok.payment.redirect_url).toMatch(/^\/payments-sandbox\/bank\//);
    const page = await call('GET', ok.payment.redirect_url);
    expect(page.text).toContain('value="approve"');
    expect((await postForm(ok.payment.redirect_url, { decision: 'approve' })).status).toBe(303);
    expect((await waitForStatus(ok.payment.uuid, ok.cart, 'paid')).body.card).toBeNull();

    const no = await guestPayment({ payment_method_code: 'ember_bank_transfer' });
    await postForm(no.payment.redirect_url, { decision: 'fail' });
    expect((await waitForStatus(no.payment.uuid, no.cart, 'failed')).body.failure_code).toBe('cancelled_by_shopper');
  });
});

describe('payments: strong customer authentication per store', () => {
  it('challenges only the challenge card under SCA_WHEN_REQUIRED, and pays once the shopper approves', async () => {
    const store = await storeWith('SCA_WHEN_REQUIRED');
    const plain = await guestPayment({ store_code: store });
    expect((await payByCard(plain.payment.redirect_url, '4111111111111111')).headers.get('location')).toContain('/checkout/payment-return');

    const sca = await guestPayment({ store_code: store });
    const submitted = await postForm(sca.payment.redirect_url, card('4000002760003184'));
    expect(submitted.headers.get('location')).toBe(`/payments-sandbox/challenge/${sca.payment.payment_token}`);
    const challenge = await call('GET', submitted.headers.get('location')!);
    expect(challenge.status).toBe(200);
    expect(challenge.text).toContain('ending 3184');
    expect(challenge.text).not.toMatch(/<script/i);
    const approved = await postForm(submitted.headers.get('location')!, { decision: 'approve' });
    expect(approved.headers.get('location')).toBe(`/${store}/checkout/payment-return?payment_uuid=${sca.payment.uuid}`);
    expect((await waitForStatus(sca.payment.uuid, sca.cart, 'paid')).body.status).toBe('paid');
  });

  it('refuses the payment when the shopper fails the challenge', async () => {
    const { payment, cart } = await guestPayment({ store_code: await storeWith('SCA_WHEN_REQUIRED') });
    await payByCard(payment.redirect_url, '4000002760003184', 'fail');
    expect((await waitForStatus(payment.uuid, cart, 'failed')).body.failure_code).toBe('authentication_failed');
  });

  it('never challenges when the store has SCA OFF, not even the challenge card', async () => {
    const { payment, cart } = await guestPayment({ store_code: await storeWith('OFF') });
    const done = await payByCard(payment.redirect_url, '4000002760003184');
    expect(done.headers.get('location')).toContain('/checkout/payment-return');
    expect((await waitForStatus(payment.uuid, cart, 'paid')).body.status).toBe('paid');
  });

  it('challenges every card under SCA_ALWAYS, and a declining card still declines after approval', async () => {
    const store = await storeWith('SCA_ALWAYS');
    const ok = await guestPayment({ store_code: store });
    expect((await postForm(ok.payment.redirect_url, card('4111111111111111'))).headers.get('location')).toMatch(/\/challenge\//);
    await postForm(`/payments-sandbox/challenge/${ok.payment.payment_token}`, { decision: 'approve' });
    expect((await waitForStatus(ok.payment.uuid, ok.cart, 'paid')).body.status).toBe('paid');

    const poor = await guestPayment({ store_code: store });
    await payByCard(poor.payment.redirect_url, '4000000000009995', 'approve');
    expect((await waitForStatus(poor.payment.uuid, poor.cart, 'failed')).body.failure_code).toBe('insufficient_funds');
  });
});

describe('payments: provider notifications', () => {
  it('refuses a notification with a wrong or missing signature with 401 and changes nothing', async () => {
    const { payment, order, cart } = await guestPayment();
    const forged = signedEvent(await captureData(payment), { secret: 'whsec_attacker_guess_000000000000000000' });
    const bad = await postWebhook(forged);
    expect(bad.status).toBe(401);
    expect(bad.body.error.code).toBe('UNAUTHORISED');
    const unsigned = await call('POST', '/api/payments/webhooks/sandbox', undefined, { raw: forged.body });
    expect(unsigned.status).toBe(401);
    // A valid signature over a different body does not carry over.
    const real = signedEvent(await captureData(payment));
    const tampered = await postWebhook({ body: real.body.replace(`"amount":${payment.amount}`, '"amount":1'), signature: real.signature });
    expect(tampered.status).toBe(401);
    expect((await call('GET', `/api/payments/${payment.uuid}`, undefined, { cart })).body.status).toBe('created');
    expect(orders.paid.some((p) => p.entityId === order.entity_id)).toBe(false);
  });

  it('refuses a correctly signed notification whose timestamp is stale', async () => {
    const { payment, cart } = await guestPayment();
    const stale = signedEvent(await captureData(payment), { at: Math.floor(Date.now() / 1000) - 600 });
    const res = await postWebhook(stale);
    expect(res.status).toBe(400);
    expect((await call('GET', `/api/payments/${payment.uuid}`, undefined, { cart })).body.status).toBe('created');
  });

  it('refuses a correctly signed notification for another merchant account', async () => {
    const { payment, cart } = await guestPayment();
    const res = await postWebhook(signedEvent(await captureData(payment), { account: 'someone_else' }));
    expect(res.status).toBe(400);
    expect((await call('GET', `/api/payments/${payment.uuid}`, undefined, { cart })).body.status).toBe('created');
  });

  it('answers 404 for a payment it does not know, so the provider retries later', async () => {
    const res = await postWebhook(signedEvent({ provider_reference: 'sbx_pay_x', merchant_reference: randomUUID(), order_reference: 'x', amount: 100, currency: 'GBP', reason: null, card: null }));
    expect(res.status).toBe(404);
  });

  it('credits a replayed event once, acknowledging the replay as a duplicate', async () => {
    const { payment, order, cart } = await guestPayment();
    const event = signedEvent(await captureData(payment));
    const first = await postWebhook(event);
    expect(first.body).toEqual({ received: true, duplicate: false });
    const again = await postWebhook(event);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: true, duplicate: true });
    expect((await call('GET', `/api/payments/${payment.uuid}`, undefined, { cart })).body.status).toBe('paid');
    expect(orders.paid.filter((p) => p.entityId === order.entity_id)).toHaveLength(1);
  });

  it('credits an order once when the same event is delivered ten times in parallel', async () => {
    const { payment, order } = await guestPayment();
    const event = signedEvent(await captureData(payment));
    const replies = await Promise.all(Array.from({ length: 10 }, () => postWebhook(event)));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(replies.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    expect(orders.paid.filter((p) => p.entityId === order.entity_id)).toHaveLength(1);
    const { rows } = await (await testDb()).query('SELECT 1 FROM payments_webhook_event WHERE payment_uuid = $1', [payment.uuid]);
    expect(rows).toHaveLength(1);
  });

  it('credits once when two different capture events for one payment arrive in parallel', async () => {
    const { payment, order } = await guestPayment();
    const data = await captureData(payment);
    const replies = await Promise.all([postWebhook(signedEvent(data)), postWebhook(signedEvent(data)), postWebhook(signedEvent(data))]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(orders.paid.filter((p) => p.entityId === order.entity_id)).toHaveLength(1);
  });
});

describe('payments: notifications out of order', () => {
  const paymentRow = async (uuid: string) =>
    (await (await testDb()).query<{ status: string; refunded_amount: number; amount: number }>('SELECT status, refunded_amount, amount FROM payments_payment WHERE uuid = $1', [uuid])).rows[0]!;

  it('keeps a refund that overtakes its capture, delivered three times, and applies it once when the capture lands: the order is not paid', async () => {
    const { payment, order } = await guestPayment();
    const data = await captureData(payment);
    const refund = signedEvent(data, { type: 'payment.refunded' });
    const replies = [await postWebhook(refund), await postWebhook(refund), await postWebhook(refund)];
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(replies.map((r) => r.body.duplicate)).toEqual([false, true, true]);
    expect(await paymentRow(payment.uuid)).toMatchObject({ status: 'created', refunded_amount: 0 });

    const capture = signedEvent(data);
    expect((await postWebhook(capture)).status).toBe(200);
    expect((await postWebhook(capture)).body.duplicate).toBe(true);
    expect(await paymentRow(payment.uuid)).toEqual({ status: 'refunded', refunded_amount: payment.amount, amount: payment.amount });
    expect(orders.paid.filter((p) => p.entityId === order.entity_id)).toHaveLength(0);
    // The provider already gave the money back: the shop asks for no second refund.
    const { rows } = await (await testDb()).query('SELECT 1 FROM payments_provider_command WHERE payment_uuid = $1', [payment.uuid]);
    expect(rows).toHaveLength(0);
  });

  it('pays the order when a partial refund overtook the capture, and puts the payment under review with the refund counted once', async () => {
    const { payment, order } = await guestPayment();
    const data = await captureData(payment);
    await postWebhook(signedEvent({ ...data, amount: 1000 }, { type: 'payment.refunded' }));
    await postWebhook(signedEvent(data));
    expect(orders.paid.filter((p) => p.entityId === order.entity_id)).toHaveLength(1);
    expect(await paymentRow(payment.uuid)).toMatchObject({ status: 'suspicious', refunded_amount: 1000 });
  });

  it('never counts more refunded than was captured, however many refund notifications arrive', async () => {
    const { payment } = await guestPayment();
    const data = await captureData(payment);
    await postWebhook(signedEvent(data));
    await postWebhook(signedEvent({ ...data, amount: payment.amount - 100 }, { type: 'payment.refunded' }));
    await postWebhook(signedEvent({ ...data, amount: 500 }, { type: 'payment.refunded' }));
    const row = await paymentRow(payment.uuid);
    expect(row.refunded_amount).toBe(payment.amount);
    expect(row.status).toBe('suspicious');
  });

  it('refunds only what is left of a capture reported after its payment was voided, when a refund overtook it', async () => {
    const { payment } = await guestPayment();
    const data = await captureData(payment);
    const db = await testDb();
    await inTransaction(db, (tx) => server.app.services.payments.refundOrVoid(tx, payment.order_id));
    await postWebhook(signedEvent({ ...data, amount: 1000 }, { type: 'payment.refunded' }));
    await postWebhook(signedEvent(data));
    expect(await paymentRow(payment.uuid)).toMatchObject({ status: 'refund_pending', refunded_amount: 1000 });
    const { rows } = await db.query<{ amount: number }>("SELECT amount FROM payments_provider_command WHERE payment_uuid = $1 AND kind = 'refund'", [payment.uuid]);
    expect(rows).toEqual([{ amount: payment.amount - 1000 }]);
  });
});

describe('payments: amount, currency and reference tampering', () => {
  it.each([
    ['a smaller amount', { amount: 1 }],
    ['another currency', { currency: 'EUR' }],
    ['another order reference', { order_reference: randomUUID() }],
    ['another provider reference', { provider_reference: 'sbx_pay_someone_else' }],
  ])('puts the payment under review and leaves the order unpaid for %s', async (_label, over) => {
    const { payment, order, cart } = await guestPayment({ grand_total: 5_000 });
    const res = await postWebhook(signedEvent(await captureData(payment, over)));
    expect(res.status).toBe(200);
    const after = await call('GET', `/api/payments/${payment.uuid}`, undefined, { cart });
    expect(after.body.status).toBe('under_review');
    expect(orders.paid.some((p) => p.entityId === order.entity_id)).toBe(false);
    const { rows } = await (await testDb()).query<{ review_reason: string }>('SELECT review_reason FROM payments_payment WHERE uuid = $1', [payment.uuid]);
    expect(rows[0]!.review_reason).toMatch(/does not match/);
  });

  it('does not pay an order whose total changed after the payment opened', async () => {
    const { payment, order, cart } = await guestPayment({ grand_total: 5_000 });
    orders.orders.get(order.entity_id)!.grand_total = 9_000;
    await postWebhook(signedEvent(await captureData(payment)));
    expect((await call('GET', `/api/payments/${payment.uuid}`, undefined, { cart })).body.status).toBe('under_review');
    expect(orders.paid.some((p) => p.entityId === order.entity_id)).toBe(false);
  });
});

describe('payments: who may pay and read', () => {
  it('answers not found for another customer’s order, whoever’s uuid the body names', async () => {
    const [a, b] = [await customer(), await customer()];
    const bOrder = orders.add({ customer_uuid: b.uuid });
    const asSelf = await call('PUT', '/api/payments/generate-token', { customer_uuid: a.uuid, order_id: bOrder.entity_id, tokenize: false }, { token: a.token });
    expect(asSelf.status).toBe(404);
    expect(asSelf.body.error.code).toBe('ORDER_NOT_FOUND');
    const asOther = await call('PUT', '/api/payments/generate-token', { customer_uuid: b.uuid, order_id: bOrder.entity_id, tokenize: false }, { token: a.token });
    expect(asOther.status).toBe(404);
    const missing = await call('PUT', '/api/payments/generate-token', { customer_uuid: a.uuid, order_id: randomUUID(), tokenize: false }, { token: a.token });
    expect(missing.body).toEqual({ error: expect.objectContaining({ code: asSelf.body.error.code }) });
    const anonymous = await call('PUT', '/api/payments/generate-token', { customer_uuid: b.uuid, order_id: bOrder.entity_id, tokenize: false });
    expect(anonymous.status).toBe(401);
    const { rows } = await (await testDb()).query('SELECT 1 FROM payments_payment WHERE order_id = $1', [bOrder.entity_id]);
    expect(rows).toHaveLength(0);
  });

  it('answers not found for a guest order with another cart id, and for a payment read by someone else', async () => {
    const { payment, order } = await guestPayment();
    const wrongCart = await call('PUT', '/api/payments/generate-token', { order_id: order.entity_id, tokenize: false }, { cart: randomBytes(24).toString('base64url') });
    expect(wrongCart.status).toBe(404);
    const a = await customer();
    for (const opts of [{}, { token: a.token }, { cart: randomBytes(24).toString('base64url') }]) {
      const read = await call('GET', `/api/payments/${payment.uuid}`, undefined, opts);
      expect(read.status).toBe(404);
      expect(read.body.error.code).toBe('NOT_FOUND');
    }
    expect((await call('GET', `/api/payments/${randomUUID()}`, undefined, { cart: order.cart_id! })).status).toBe(404);
  });

  it('lets a customer pay and read their own order in both families, and saves the card as a token when asked', async () => {
    const a = await customer();
    const order = orders.add({ customer_uuid: a.uuid, grand_total: 1_200, currency: 'EUR', store_code: 'de' });
    const res = await call('PUT', '/payments-legacy/order', { customer_uuid: a.uuid, order_id: order.entity_id, tokenize: true }, { token: a.token });
    expect(res.status).toBe(200);
    await payByCard(res.body.redirect_url, '5555555555554444');
    const until = Date.now() + 10_000;
    let read: Reply;
    do {
      read = await call('GET', `/payments-legacy/payment/${res.body.uuid}`, undefined, { token: a.token });
      if (read.body.status !== 'paid') await new Promise((r) => setTimeout(r, 100));
    } while (read.body.status !== 'paid' && Date.now() < until);
    expect(read.body).toMatchObject({ status: 'paid', amount: 1_200, currency: 'EUR', card: { brand: 'mastercard', last4: '4444' } });
    const { rows } = await (await testDb()).query<{ token: string; brand: string; last4: string }>('SELECT token, brand, last4 FROM payments_saved_card WHERE customer_uuid = $1', [a.uuid]);
    expect(rows).toEqual([{ token: expect.stringMatching(/^tok_sbx_/), brand: 'mastercard', last4: '4444' }]);
  });

  it('refuses unknown fields, foreign return URLs and orders that take no payment', async () => {
    const order = orders.add();
    const extra = await call('PUT', '/api/payments/generate-token', { order_id: order.entity_id, tokenize: false, amount: 1 }, { cart: order.cart_id! });
    expect(extra.status).toBe(400);
    expect(extra.body.error.code).toBe('VALIDATION_FAILED');
    for (const url of ['https://evil.example/x', '//evil.example/x', 'http://169.254.169.254/', '/\\evil.example']) {
      const res = await call('PUT', '/api/payments/generate-token', { order_id: order.entity_id, tokenize: false, return_url: url }, { cart: order.cart_id! });
      expect(res.status).toBe(400);
    }
    const paidOrder = orders.add({ status: 'processing' });
    const notPayable = await call('PUT', '/api/payments/generate-token', { order_id: paidOrder.entity_id, tokenize: false }, { cart: paidOrder.cart_id! });
    expect(notPayable.status).toBe(409);
    expect(notPayable.body.error.code).toBe('ORDER_NOT_PAYABLE');
    const offline = orders.add({ payment_method_code: 'checkmo' });
    expect((await call('PUT', '/api/payments/generate-token', { order_id: offline.entity_id, tokenize: false }, { cart: offline.cart_id! })).status).toBe(409);
  });

  it('opens one payment for an order however many times generate-token is called at once with one key', async () => {
    const order = orders.add();
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => call('PUT', '/api/payments/generate-token', { order_id: order.entity_id, tokenize: false }, { cart: order.cart_id!, headers: { 'idempotency-key': 'parallel-0001' } })),
    );
    // The first runs; the others find it in flight (409) or replay its answer.
    const answered = replies.filter((r) => r.status === 200);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(replies.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.body.error.code === 'IDEMPOTENCY_KEY_IN_USE')).toBe(true);
    expect(new Set(answered.map((r) => r.body.uuid)).size).toBe(1);
    expect(new Set(answered.map((r) => r.body.payment_token)).size).toBe(1);
    const { rows } = await (await testDb()).query('SELECT 1 FROM payments_sandbox_session WHERE order_reference = $1', [order.entity_id]);
    expect(rows).toHaveLength(1);
  });

  it('limits how often one order can open payment sessions', async () => {
    const order = orders.add();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await call('PUT', '/api/payments/generate-token', { order_id: order.entity_id, tokenize: false }, { cart: order.cart_id!, headers: { 'idempotency-key': `attempt-${i}-limit` } })).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    const last = await call('PUT', '/api/payments/generate-token', { order_id: order.entity_id, tokenize: false }, { cart: order.cart_id!, headers: { 'idempotency-key': 'attempt-last-limit' } });
    expect(last.status).toBe(429);
    expect(last.body.error.code).toBe('RATE_LIMITED');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a second payment for an order already paid', async () => {
    const { payment, order, cart } = await guestPayment();
    await postWebhook(signedEvent(await captureData(payment)));
    orders.orders.get(order.entity_id)!.status = 'pending_payment';
    const res = await call('PUT', '/api/payments/generate-token', { order_id: order.entity_id, tokenize: false }, { cart, headers: { 'idempotency-key': 'second-attempt-01' } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('ORDER_NOT_PAYABLE');
  });
});

describe('payments: void and refund on cancellation', () => {
  it('refunds a paid payment once through the provider, however often cancellation asks', async () => {
    const { payment, order, cart } = await guestPayment();
    await payByCard(payment.redirect_url, '4111111111111111');
    await waitForStatus(payment.uuid, cart, 'paid');
    const db = await testDb();
    const payments = server.app.services.payments;
    const first = await inTransaction(db, (tx) => payments.refundOrVoid(tx, order.entity_id));
    expect(first).toEqual({ action: 'refund', payment_uuid: payment.uuid, refunded: payment.amount });
    expect(await inTransaction(db, (tx) => payments.refundOrVoid(tx, order.entity_id))).toEqual({ action: 'refund', payment_uuid: payment.uuid, refunded: payment.amount });
    await Promise.all([runPaymentJobs(server.app), runPaymentJobs(server.app)]);
    expect((await waitForStatus(payment.uuid, cart, 'refunded')).body.status).toBe('refunded');
    const { rows } = await db.query<{ status: string; refunded_amount: number }>('SELECT status, refunded_amount FROM payments_sandbox_session WHERE merchant_reference = $1', [payment.uuid]);
    expect(rows[0]).toEqual({ status: 'refunded', refunded_amount: payment.amount });
    const ops = await db.query("SELECT 1 FROM payments_sandbox_operation WHERE kind = 'refund' AND psp_reference = $1", [await providerReference(payment.uuid)]);
    expect(ops.rows).toHaveLength(1);
  });

  it('voids an open payment so its hosted page can no longer take the card', async () => {
    const { payment, order, cart } = await guestPayment();
    const db = await testDb();
    expect(await inTransaction(db, (tx) => server.app.services.payments.refundOrVoid(tx, order.entity_id))).toEqual({ action: 'void', payment_uuid: payment.uuid, refunded: 0 });
    await runPaymentJobs(server.app);
    expect((await call('GET', `/api/payments/${payment.uuid}`, undefined, { cart })).body.status).toBe('voided');
    expect((await postForm(payment.redirect_url, card('4111111111111111'))).status).toBe(410);
    expect(await inTransaction(db, (tx) => server.app.services.payments.refundOrVoid(tx, randomUUID()))).toEqual({ action: 'none', payment_uuid: null, refunded: 0 });
  });
});

describe('payments: card data at rest', () => {
  it('never stores a card number or security code in any payments table', async () => {
    const { payment, cart } = await guestPayment();
    await payByCard(payment.redirect_url, '4000002760003184', 'approve');
    await waitForStatus(payment.uuid, cart, 'paid');
    const db = await testDb();
    const { rows: columns } = await db.query<{ table_name: string; column_name: string }>(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_name LIKE 'payments\\_%'",
    );
    expect(columns.length).toBeGreaterThan(20);
    expect(columns.filter((c) => /pan|card_number|cvc|cvv|security_code/.test(c.column_name))).toEqual([]);
    for (const table of new Set(columns.map((c) => c.table_name))) {
      const { rows } = await db.query<{ row: string }>(`SELECT t::text AS row FROM ${table} t`);
      // A card number is 13-19 digits in a row; nothing of that shape may be stored.
      expect(rows.filter((r) => /\d{13,19}/.test(r.row.replace(/[\s-]/g, '')) && /4000002760003184|4111111111111111|5555555555554444|4000000000009995/.test(r.row.replace(/[\s-]/g, '')))).toEqual([]);
    }
  });
});
