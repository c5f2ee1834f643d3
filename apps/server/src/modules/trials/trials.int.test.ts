import { randomUUID } from 'node:crypto';
import { addToCart, createCustomer, createOperator, createOrder, customerCart, gql, gqlData, placeCart, readyForCheckout, restCall, type TestCustomer } from '@ember/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import { runTrials } from '../../workflows/trial-lifecycle.js';
import { payAndSaveCard, settleJobs } from '../subscriptions/subscriptions.fixtures.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { PAYMENTS_SANDBOX_NOTIFY_DELAY_MS: '0', PAYMENTS_MERCHANT_ACCOUNT: `trials_${process.pid}`, ADMIN_TOKEN: 'trials-operator-token-0123456789abcdef' });

const STORE = 'gb_trial';
const KIT = 'TRIAL-ONE-KIT';
const ADMIN = { authorization: 'Bearer trials-operator-token-0123456789abcdef' };
const shop = () => ({ url: server.url, app: server.app });
/** This suite's trials: the job runs over them only (other suites share the database on PostgreSQL). */
const mine: string[] = [];
const run = (now: Date) => runTrials(db, server.app.services, { now, only: mine });
const DAY = 86_400_000;

/** Each trial needs an address of its own: the address is one of the claims. */
function address(n = randomUUID().slice(0, 6)) {
  return { firstname: 'Tia', lastname: 'Trial', street: [`${n} Trial Road`], city: 'London', postcode: 'W1F 9PS', country_code: 'GB', telephone: '+447975550188' };
}

async function trialOf(orderId: string) {
  const { rows } = await db.query<{ id: string; status: string; ends_at: Date | null; card_id: string | null; conversion_order_id: string | null; retry_at: Date | null; conversion_attempts: number }>(
    `SELECT id::text AS id, status, ends_at, card_id::text AS card_id, conversion_order_id::text AS conversion_order_id, retry_at, conversion_attempts
       FROM trials_trial WHERE order_id = $1`, [orderId],
  );
  return rows[0] ?? null;
}

async function mailsTo(email: string, template: string): Promise<string[]> {
  const { rows } = await db.query<{ body: string }>(`SELECT body FROM messaging_outbox WHERE recipient = $1 AND template = $2 ORDER BY id`, [email, template]);
  return rows.map((r) => r.body);
}

async function conversionCharges(trialId: string) {
  const { rows } = await db.query<{ status: string; amount: number }>(
    `SELECT p.status, p.amount FROM payments_payment p
      WHERE p.off_session AND p.order_id IN (SELECT o.entity_id::text FROM orders_order o JOIN trials_trial t ON t.customer_uuid = o.customer_uuid
                                              WHERE t.id = $1 AND o.entity_id <> t.order_id) ORDER BY p.created_at`, [trialId],
  );
  return rows;
}

/** A signed-up adult whose age is verified (the kit is age-restricted, as any order of it). */
async function adult(): Promise<TestCustomer> {
  const customer = await createCustomer(shop(), { store: 'gb' });
  const v = await restCall(shop(), 'POST', '/age-verification/verify', { method_code: 'database_check', country_code: 'GB' }, { token: customer.token, store: 'gb' });
  if (v.body.status !== 'verified') throw new Error(`age verification: ${JSON.stringify(v.body)}`);
  return customer;
}

/** A customer's trial as a shopper starts it: the kit ordered in the trial store view, paid with a card they agree to keep. */
/** Each trial pays with a card of its own (the sandbox's fingerprint covers the expiry month): the card is one of the claims. */
let month = 0;
async function startTrial(opts: { customer?: TestCustomer; card?: string; expMonth?: number; addr?: ReturnType<typeof address> } = {}) {
  const customer = opts.customer ?? await adult();
  const order = await createOrder(shop(), { customer, store: STORE, items: [{ sku: KIT, quantity: 1 }], address: opts.addr ?? address() });
  await payAndSaveCard(shop(), customer.token, order.entity_id, opts.card ?? '4111111111111111', STORE, opts.expMonth ?? (month = (month % 12) + 1));
  await settleJobs(server.app, [order.entity_id]);
  const trial = (await trialOf(order.entity_id))!;
  mine.push(trial.id);
  return { customer, order, trial };
}

beforeAll(async () => {
  // The seeded kit's stock is the demo's; this suite orders more than it holds.
  await db.query(`UPDATE inventory_stock SET quantity = quantity + 1000 WHERE product_id = (SELECT id FROM catalog_product WHERE sku = $1)`, [KIT]);
});

describe('free trial eligibility and the trial cart', () => {
  it('tells a new customer they may have the trial, prices what keeping it costs, and refuses guests, others\' ids and the conversion product', async () => {
    const customer = await createCustomer(shop(), { store: 'gb' });
    const eligible = await restCall(shop(), 'GET', `/api/trials/is-eligible/ember-one/${customer.uuid}`, undefined, { token: customer.token, store: STORE });
    expect(eligible.status).toBe(200);
    expect(eligible.body).toEqual({ program: 'ember-one', is_eligible: true });
    // Another consumer's id answers like a missing one; no session, 401; an unknown programme, false.
    expect((await restCall(shop(), 'GET', `/api/trials/is-eligible/ember-one/${randomUUID()}`, undefined, { token: customer.token, store: STORE })).status).toBe(404);
    expect((await restCall(shop(), 'GET', `/api/trials/is-eligible/ember-one/${customer.uuid}`, undefined, { store: STORE })).status).toBe(401);
    expect((await restCall(shop(), 'GET', `/api/trials/is-eligible/no-such-trial/${customer.uuid}`, undefined, { token: customer.token, store: STORE })).body.is_eligible).toBe(false);
    expect((await restCall(shop(), 'GET', '/api/trials/is-eligible/BAD!/x', undefined, { token: customer.token, store: STORE })).status).toBe(400);

    const programs = await restCall(shop(), 'GET', '/api/trials/programs', undefined, { store: STORE });
    expect(programs.body.programs).toEqual([expect.objectContaining({ code: 'ember-one', store_code: STORE, kit_sku: KIT, trial_days: 14, price_after_trial: { value: 49, currency: 'GBP' } })]);

    const cartId = await customerCart(shop(), customer.token, { store: STORE });
    await addToCart(shop(), cartId, [{ sku: KIT, quantity: 1 }], { store: STORE, token: customer.token });
    await readyForCheckout(shop(), cartId, { store: STORE, token: customer.token, address: address() });
    const cart = await gqlData(shop(), `query ($c: String!) { cart(cart_id: $c) { is_trial_eligible available_payment_methods { code }
      prices { grand_total { value } total_after_trial { value } total_including_trial { value } } } }`, { c: cartId }, { store: STORE, token: customer.token });
    expect(cart.cart.is_trial_eligible).toBe(true);
    expect(cart.cart.prices.total_after_trial.value).toBe(49);
    expect(cart.cart.prices.total_including_trial.value).toBe(cart.cart.prices.grand_total.value + 49);
    // Converting charges the saved card: only methods that can keep one are offered.
    expect(cart.cart.available_payment_methods.map((m: { code: string }) => m.code)).toEqual(['ember_card']);

  });

  it('refuses a guest the trial with a sign-in message', async () => {
    const jar = {};
    const guestCart = (await gqlData(shop(), 'mutation { createEmptyCart }', {}, { store: STORE, jar })).createEmptyCart as string;
    const added = await addToCart(shop(), guestCart, [{ sku: KIT, quantity: 1 }], { store: STORE, jar });
    const errors = added.body.data.addProductsToCart.user_errors;
    expect(errors).toEqual([expect.objectContaining({ code: 'PERMISSION_DENIED', message: 'Sign in or create an account to start your free trial.' })]);
    // The conversion product is sold only by a trial's end, never from a shopper's cart.
    const otherJar = {};
    const other = (await gqlData(shop(), 'mutation { createEmptyCart }', {}, { store: STORE, jar: otherJar })).createEmptyCart as string;
    const keep = await addToCart(shop(), other, [{ sku: 'TRIAL-ONE-KEEP', quantity: 1 }], { store: STORE, jar: otherJar });
    expect(keep.body.data.addProductsToCart.user_errors).toEqual([expect.objectContaining({ code: 'NOT_SALABLE', message: 'This product is bought only by keeping a trial device.' })]);
  });
});

describe('the trial lifecycle', () => {
  it('converts a kept trial: reminds before the end, then places and charges the conversion once, and the order shows total_after_trial', async () => {
    const { customer, order, trial } = await startTrial();
    expect(trial).toMatchObject({ status: 'in_trial', card_id: expect.any(String) });
    // 14 days from payment plus 3 for the post.
    expect(Math.abs(trial.ends_at!.getTime() - (Date.now() + 17 * DAY))).toBeLessThan(60_000);

    const placed = await gqlData(shop(), `query ($n: String!) { customer { orders(filter: {number: {eq: $n}}) { items { order_type total_after_trial { value currency } } } } }`,
      { n: order.order_number }, { store: STORE, token: customer.token });
    expect(placed.customer.orders.items[0]).toEqual({ order_type: 'TRIAL', total_after_trial: { value: 49, currency: 'GBP' } });

    // Three days before the end: the reminder, once.
    const early = await run(new Date(trial.ends_at!.getTime() - 2 * DAY));
    expect(early).toMatchObject({ reminded: 1, placed: 0 });
    expect(await run(new Date(trial.ends_at!.getTime() - 2 * DAY))).toMatchObject({ reminded: 0, placed: 0 });
    const reminder = await mailsTo(customer.email, 'trial_ending');
    expect(reminder).toHaveLength(1);
    expect(reminder[0]).toContain('£49.00');

    const end = await run(new Date(trial.ends_at!.getTime() + 60_000));
    expect(end).toMatchObject({ placed: 1, converted: 1, declined: 0, failed: [] });
    const after = (await trialOf(order.entity_id))!;
    expect(after.status).toBe('converted');
    expect(await conversionCharges(trial.id)).toEqual([{ status: 'paid', amount: 4900 }]);
    const conversion = (await db.query<{ status: string; grand_total: number; shipping: number }>(
      `SELECT status, grand_total::int AS grand_total, shipping_incl_tax::int AS shipping FROM orders_order WHERE entity_id = $1`, [after.conversion_order_id],
    )).rows[0];
    expect(conversion).toEqual({ status: 'payment_completed', grand_total: 4900, shipping: 0 });
    expect(await mailsTo(customer.email, 'trial_converted')).toHaveLength(1);

    // Another run, or the conversion order's own events, change nothing: one order, one charge.
    await settleJobs(server.app, [after.conversion_order_id!]);
    expect(await run(new Date(trial.ends_at!.getTime() + 5 * DAY))).toMatchObject({ placed: 0, converted: 0 });
    expect(await conversionCharges(trial.id)).toHaveLength(1);

    const mineNow = await restCall(shop(), 'GET', '/api/trials/user', undefined, { token: customer.token, store: STORE });
    expect(mineNow.body.trials[0]).toMatchObject({ status: 'converted', plan_type: 'TRIAL', amount_after_trial: { value: 49, currency: 'GBP' }, can_return: false });
    expect(mineNow.body.trials[0].history.map((h: { kind: string }) => h.kind)).toEqual(['created', 'started', 'reminded', 'conversion_placed', 'converted']);
  });

  it('charges nothing for a trial returned in time, and only its owner may start the return', async () => {
    const { customer, order, trial } = await startTrial();
    const other = await createCustomer(shop(), { store: 'gb' });
    const theirs = await restCall(shop(), 'PUT', `/api/trials/${trial.id}/return`, { reason: 'not_for_me' }, { token: other.token, store: STORE });
    expect(theirs.status).toBe(404);
    expect((await restCall(shop(), 'PUT', `/api/trials/${trial.id}/return`, { reason: 'nope' }, { token: customer.token, store: STORE })).status).toBe(400);

    const returned = await restCall(shop(), 'PUT', `/api/trials/${trial.id}/return`, { reason: 'taste', comment: 'Not my flavour' }, { token: customer.token, store: STORE });
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ status: 'return_requested', can_return: false });

    // The end passes while the device travels back: no conversion, no charge.
    expect(await run(new Date(trial.ends_at!.getTime() + DAY))).toMatchObject({ placed: 0, converted: 0 });
    expect(await conversionCharges(trial.id)).toEqual([]);
    // The warehouse receives it.
    const received = await restCall(shop(), 'PUT', `/admin/trials/${trial.id}/status`, { status: 'returned', reason: 'received at the warehouse' }, { headers: ADMIN });
    expect(received.body).toEqual({ id: trial.id, status: 'returned' });
    expect((await trialOf(order.entity_id))!.status).toBe('returned');
    expect(await run(new Date(trial.ends_at!.getTime() + 30 * DAY))).toMatchObject({ placed: 0 });
    // Too late to return a returned trial; and without the operator token the operator call is refused.
    expect((await restCall(shop(), 'PUT', `/api/trials/${trial.id}/return`, { reason: 'taste' }, { token: customer.token, store: STORE })).status).toBe(409);
    expect((await restCall(shop(), 'PUT', `/admin/trials/${trial.id}/status`, { status: 'cancelled', reason: 'x' })).status).toBe(401);
  });

  it('retries a declined conversion after 1 and 3 days with an e-mail each time, then leaves it to an operator', async () => {
    const { customer, order, trial } = await startTrial({ card: '4000000000000341' });
    const first = await run(new Date(trial.ends_at!.getTime() + 60_000));
    expect(first).toMatchObject({ placed: 1, converted: 0, declined: 1 });
    let now = (await trialOf(order.entity_id))!;
    expect(now).toMatchObject({ status: 'payment_failed', conversion_attempts: 1, conversion_order_id: null });
    expect(Math.round((now.retry_at!.getTime() - Date.now()) / DAY)).toBe(1);
    expect(await run(new Date(Date.now() + 2 * DAY))).toMatchObject({ placed: 1, declined: 1 });
    now = (await trialOf(order.entity_id))!;
    expect(Math.round((now.retry_at!.getTime() - Date.now()) / DAY)).toBe(3);
    expect(await run(new Date(Date.now() + 5 * DAY))).toMatchObject({ placed: 1, declined: 1 });
    now = (await trialOf(order.entity_id))!;
    expect(now).toMatchObject({ status: 'payment_failed', conversion_attempts: 3, retry_at: null });
    expect(await run(new Date(Date.now() + 30 * DAY))).toMatchObject({ placed: 0 });
    expect((await conversionCharges(trial.id)).map((c) => c.status)).toEqual(['failed', 'failed', 'failed']);
    // Each declined conversion's order was cancelled (its stock and nothing else to give back).
    const { rows } = await db.query<{ status: string }>(
      `SELECT status FROM orders_order WHERE customer_uuid = $1 AND entity_id <> $2 ORDER BY created_at`, [customer.uuid, order.entity_id],
    );
    expect(rows.map((r) => r.status)).toEqual(['canceled', 'canceled', 'canceled']);
    const mails = await mailsTo(customer.email, 'trial_payment_failed');
    expect(mails).toHaveLength(3);
    expect(mails[2]).toContain('Please contact us');
  });
});

describe('one trial per person', () => {
  it('refuses a second trial by the same account, by another account at the same address, and by another account paying with the same card', async () => {
    const addr = address();
    const { customer } = await startTrial({ addr, card: '5555555555554444', expMonth: 7 });
    // The same account: the cart says so and placeOrder refuses.
    expect((await restCall(shop(), 'GET', `/api/trials/is-eligible/ember-one/${customer.uuid}`, undefined, { token: customer.token, store: STORE })).body.is_eligible).toBe(false);
    const again = await customerCart(shop(), customer.token, { store: STORE });
    const added = await addToCart(shop(), again, [{ sku: KIT, quantity: 1 }], { store: STORE, token: customer.token });
    expect(added.body.data.addProductsToCart.user_errors).toEqual([expect.objectContaining({ code: 'PERMISSION_DENIED', message: 'You have already had this free trial: it is one per person.' })]);

    // Another account at the same address (typed differently): refused when the address is known.
    const neighbour = await adult();
    const cartId = await customerCart(shop(), neighbour.token, { store: STORE });
    await addToCart(shop(), cartId, [{ sku: KIT, quantity: 1 }], { store: STORE, token: neighbour.token });
    await readyForCheckout(shop(), cartId, { store: STORE, token: neighbour.token, address: { ...addr, street: [addr.street[0]!.toUpperCase()], postcode: 'w1f9ps' } });
    const refused = await placeCart(shop(), cartId, { store: STORE, token: neighbour.token, idempotencyKey: true });
    expect(refused.body.data.placeOrder).toEqual({ order: null, errors: [{ code: 'UNABLE_TO_PLACE_ORDER', message: 'You have already had this free trial: it is one per person.' }] });
    const { rows: none } = await db.query('SELECT 1 FROM trials_trial WHERE customer_uuid = $1', [neighbour.uuid]);
    expect(none).toEqual([]);

    // Another account elsewhere, paying with the card of the first trial: the payment shows it, and the order is cancelled and refunded.
    const stranger = await adult();
    const order = await createOrder(shop(), { customer: stranger, store: STORE, items: [{ sku: KIT, quantity: 1 }], address: address() });
    await payAndSaveCard(shop(), stranger.token, order.entity_id, '5555555555554444', STORE, 7);
    await settleJobs(server.app, [order.entity_id]);
    expect((await trialOf(order.entity_id))!.status).toBe('refused');
    const cancelled = (await db.query<{ status: string; refunded: boolean }>(
      `SELECT o.status, EXISTS (SELECT 1 FROM payments_payment p WHERE p.order_id = o.entity_id::text AND p.status IN ('refund_pending', 'refunded')) AS refunded
         FROM orders_order o WHERE o.entity_id = $1`, [order.entity_id],
    )).rows[0];
    expect(cancelled).toEqual({ status: 'canceled', refunded: true });
    expect(await mailsTo(stranger.email, 'trial_refused')).toHaveLength(1);
  });

  it('lets two parallel first trials of one person make one trial', async () => {
    const customer = await adult();
    const addr = address();
    const carts: string[] = [];
    // Two carts of the same person in parallel: a second device's session (the customer's cart is one per store view, so a second account shares the address).
    const twin = await adult();
    for (const c of [customer, twin]) {
      const id = await customerCart(shop(), c.token, { store: STORE });
      await addToCart(shop(), id, [{ sku: KIT, quantity: 1 }], { store: STORE, token: c.token });
      await readyForCheckout(shop(), id, { store: STORE, token: c.token, address: addr });
      carts.push(id);
    }
    const results = await Promise.all([customer, twin].map((c, i) => placeCart(shop(), carts[i]!, { store: STORE, token: c.token, idempotencyKey: true })));
    const orders = results.map((r) => r.body.data?.placeOrder?.order).filter(Boolean);
    expect(orders).toHaveLength(1);
    const errors = results.flatMap((r) => r.body.data?.placeOrder?.errors ?? []);
    expect(errors).toEqual([{ code: 'UNABLE_TO_PLACE_ORDER', message: 'You have already had this free trial: it is one per person.' }]);
  });
});

describe('trial calls', () => {
  it('answers bad input with 400 and needs a session', async () => {
    const customer = await createCustomer(shop(), { store: 'gb' });
    expect((await restCall(shop(), 'GET', '/api/trials/user', undefined, { store: STORE })).status).toBe(401);
    expect((await restCall(shop(), 'PUT', '/api/trials/not-a-uuid/return', { reason: 'taste' }, { token: customer.token, store: STORE })).status).toBe(400);
    expect((await restCall(shop(), 'PUT', `/api/trials/${randomUUID()}/return`, { reason: 'taste', comment: 'x'.repeat(501) }, { token: customer.token, store: STORE })).status).toBe(400);
    expect((await restCall(shop(), 'PUT', `/api/trials/${randomUUID()}/return`, { reason: 'taste', extra: 1 }, { token: customer.token, store: STORE })).status).toBe(400);
    // A wrong type, a control character, no body at all, a malformed consumer: 400, never a 500.
    expect((await restCall(shop(), 'PUT', `/api/trials/${randomUUID()}/return`, { reason: 5 }, { token: customer.token, store: STORE })).status).toBe(400);
    expect((await restCall(shop(), 'PUT', `/api/trials/${randomUUID()}/return`, { reason: 'taste', comment: 'bad\u0000byte' }, { token: customer.token, store: STORE })).status).toBe(400);
    expect((await restCall(shop(), 'PUT', `/api/trials/${randomUUID()}/return`, undefined, { token: customer.token, store: STORE })).status).toBe(400);
    expect((await restCall(shop(), 'GET', '/api/trials/is-eligible/ember-one/not-a-uuid', undefined, { token: customer.token, store: STORE })).status).toBe(400);
    expect((await restCall(shop(), 'PUT', `/api/trials/${randomUUID()}/return`, { reason: 'taste' }, { token: customer.token, store: STORE })).status).toBe(404);
    const listed = await restCall(shop(), 'GET', '/api/trials/user', undefined, { token: customer.token, store: STORE });
    expect(listed.body).toEqual({ trials: [] });
    const bad = await gql(shop(), 'query { cart(cart_id: "x") { is_trial_eligible } }', {}, { store: STORE, token: customer.token });
    expect(bad.body.errors?.length).toBeGreaterThan(0);
  });
});

describe('the console\'s trials', () => {
  it('lists a customer\'s trial by its order number, shows its history, and audits an operator\'s change', async () => {
    const { customer, order, trial } = await startTrial();
    const support = await createOperator(shop(), 'trials-operator-token-0123456789abcdef', 'support');
    const byOrder = await support.call('GET', `/admin/trials?q=${order.order_number}`);
    expect(byOrder.status).toBe(200);
    expect(byOrder.body.items).toEqual([expect.objectContaining({ id: trial.id, customer_uuid: customer.uuid, status: 'in_trial', store_code: STORE, amount_after_trial: 4900 })]);
    expect((await support.call('GET', `/admin/trials?status=converted&q=${customer.uuid}`)).body.items).toEqual([]);
    const cancelled = await support.call('PUT', `/admin/trials/${trial.id}/status`, { status: 'cancelled', reason: 'Customer changed their mind' });
    expect(cancelled.status).toBe(200);
    const detail = await support.call('GET', `/admin/trials/${trial.id}`);
    expect(detail.body.status).toBe('cancelled');
    expect(detail.body.history.at(-1)).toMatchObject({ actor: 'operator', to_status: 'cancelled', reason: 'Customer changed their mind' });
    const owner = await createOperator(shop(), 'trials-operator-token-0123456789abcdef', 'owner');
    const audit = await owner.call('GET', `/admin/audit?entity_type=trial&entity_id=${trial.id}`);
    expect(audit.body.items[0]).toMatchObject({ action: 'trial.status', actor_label: support.email, after: { status: 'cancelled' } });
    expect((await support.call('GET', `/admin/trials/${randomUUID()}`)).status).toBe(404);
  });
});
