import { createCustomer, createOrder, createProduct, restCall, type TestCustomer, type TestProduct } from '@ember/test-support';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { transactionsOn } from '../../platform/transaction.js';
import { runPaymentJobs } from '../payments/payments.routes.js';

/** A shop the fixtures drive: the test server's URL and its app (for its jobs). */
export interface Shop {
  url: string;
  app: FastifyInstance;
}

export const ADDRESSES: Record<string, Record<string, unknown>> = {
  gb: { firstname: 'Sam', lastname: 'Subscriber', street: ['12 Carnaby Street'], city: 'London', postcode: 'W1F 9PS', country_code: 'GB', telephone: '+447975550123' },
  de: { firstname: 'Sina', lastname: 'Abonnentin', street: ['Friedrichstraße', '68'], city: 'Berlin', postcode: '10117', country_code: 'DE', telephone: '+4930000000' },
  ch: { firstname: 'Silvan', lastname: 'Abonnent', street: ['Bahnhofstrasse', '42'], city: 'Zürich', postcode: '8001', country_code: 'CH', telephone: '+41441234567' },
};

/** The expiry a test card form takes: a few years ahead. */
const cardForm = (number: string, expMonth = 10) =>
  new URLSearchParams({ card_number: number, exp_month: String(expMonth), exp_year: String(new Date().getUTCFullYear() + 3), cvc: '321' }).toString();

/** Pays an order on the sandbox's card page with a test card, saving it (tokenize); approves a challenge when the card asks for one. */
export async function payAndSaveCard(shop: { url: string }, token: string, orderId: string, cardNumber: string, store = 'gb', expMonth = 10): Promise<void> {
  const opened = await restCall(shop, 'PUT', '/api/payments/generate-token', { order_id: orderId, tokenize: true }, { token, store, headers: { 'idempotency-key': `pay-${orderId}` } });
  if (opened.status !== 200) throw new Error(`generate-token: ${opened.status} ${JSON.stringify(opened.body)}`);
  const page = await fetch(`${shop.url}${opened.body.redirect_url}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: cardForm(cardNumber, expMonth), redirect: 'manual',
  });
  if (page.status !== 303) throw new Error(`card page: ${page.status}`);
  const next = page.headers.get('location') ?? '';
  if (next.includes('/payments-sandbox/challenge/')) await approveChallenge(shop, next);
}

/** The bank's challenge page, approved by the card holder. */
export async function approveChallenge(shop: { url: string }, location: string, decision: 'approve' | 'fail' = 'approve'): Promise<void> {
  const path = location.startsWith('http') ? new URL(location).pathname : location;
  const res = await fetch(`${shop.url}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ decision }).toString(), redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`challenge page: ${res.status}`);
}

/**
 * Lets the app's jobs catch up: the sandbox's notifications, then the order events of the test's
 * orders (`orderIds`; all when none are named), so subscriptions learn of a payment at once.
 */
export async function settleJobs(app: FastifyInstance, orderIds: string[] | null = null): Promise<void> {
  await runPaymentJobs(app);
  await app.services.orders.deliverEvents(transactionsOn(app.db), 500, orderIds);
}

export interface Subscribed {
  customer: TestCustomer;
  product: TestProduct;
  subscriptionId: string;
  order: { entity_id: string; order_number: string };
}

/**
 * A customer who subscribed at checkout, as a shopper does: an order with a subscription product,
 * paid with a test card they agreed to save; the subscription then has its card and first delivery.
 */
export async function subscribe(
  shop: Shop, db: Db,
  opts: { store?: 'gb' | 'de' | 'ch'; card?: string; product?: TestProduct; customer?: TestCustomer; quantity?: number; ageVerified?: boolean } = {},
): Promise<Subscribed> {
  const store = opts.store ?? 'gb';
  const product = opts.product ?? await createProduct(db, { kind: 'subscription', subscription: true, stores: [store], price: 4500, stock: 50 });
  const customer = opts.customer ?? await createCustomer(shop, { store });
  if (opts.ageVerified) {
    const v = await restCall(shop, 'POST', '/age-verification/verify', { method_code: 'database_check', country_code: store.toUpperCase() }, { token: customer.token, store });
    if (v.body.status !== 'verified') throw new Error(`age verification: ${JSON.stringify(v.body)}`);
  }
  const order = await createOrder(shop, { customer, store, items: [{ sku: product.sku, quantity: opts.quantity ?? 1 }], address: ADDRESSES[store] as never });
  await payAndSaveCard(shop, customer.token, order.entity_id, opts.card ?? '4111111111111111', store);
  await settleJobs(shop.app, [order.entity_id]);
  const { rows } = await db.query<{ id: string }>('SELECT id::text AS id FROM subscription_subscription WHERE origin_order_id = $1', [order.entity_id]);
  if (!rows[0]) throw new Error('no subscription started');
  return { customer, product, subscriptionId: rows[0].id, order };
}

/** Makes a subscription's next delivery due today. */
export async function makeDue(db: Db, subscriptionId: string, day = new Date().toISOString().slice(0, 10)): Promise<void> {
  await db.query(`UPDATE subscription_subscription SET next_delivery_date = $2::date WHERE id = $1`, [subscriptionId, day]);
}

/** The retries of a subscription's declined renewal, due now. */
export async function makeRetryDue(db: Db, subscriptionId: string): Promise<void> {
  await db.query(`UPDATE subscription_renewal SET retry_at = now() - interval '1 second' WHERE subscription_id = $1 AND retry_at IS NOT NULL`, [subscriptionId]);
}

/**
 * `count` more customers with a subscription like `model`'s, due on `day` (today by default), written
 * by SQL (accounts, saved cards of the same test card, subscriptions and their products), for the
 * renewal job's load and concurrency runs; or, with `customers`, subscriptions for those accounts.
 * Returns their subscription ids.
 */
export async function cloneDue(
  db: Pick<Db, 'query'>, model: { subscriptionId: string }, count: number, tag: string, opts: { customers?: string[]; day?: string } = {},
): Promise<string[]> {
  const uuids = opts.customers ?? (await db.query<{ uuid: string }>(
    `INSERT INTO identity_user (uuid, email, firstname, lastname, date_of_birth, store_code)
     SELECT gen_random_uuid(), 'bulk-' || $2 || '-' || g || '@example.com', 'Bulk', 'Buyer', date '1988-03-03', s.store_code
       FROM generate_series(1, $1) g, subscription_subscription s WHERE s.id = $3::uuid
     RETURNING uuid::text AS uuid`,
    [count, tag, model.subscriptionId],
  )).rows.map((r) => r.uuid);
  if (!opts.customers) {
    // Accounts made here are age-verified as the model's customer is, by the same method.
    await db.query(
      `INSERT INTO age_verification_request (uuid, user_uuid, email, country_code, method_code, provider, provider_reference, firstname, lastname,
                                             date_of_birth, status, verified_date_of_birth, minimum_age, expires_at, completed_at)
       SELECT gen_random_uuid(), u.uuid, u.email, r.country_code, r.method_code, r.provider, 'bulk-' || u.uuid, u.firstname, u.lastname,
              u.date_of_birth, 'verified', u.date_of_birth, r.minimum_age, r.expires_at, now()
         FROM identity_user u, subscription_subscription s
         JOIN LATERAL (SELECT * FROM age_verification_request v WHERE v.user_uuid = s.customer_uuid AND v.status = 'verified' LIMIT 1) r ON true
        WHERE s.id = $2::uuid AND u.uuid = ANY($1::uuid[])`,
      [uuids, model.subscriptionId],
    );
    await db.query(
      `UPDATE identity_user SET is_age_verified = true WHERE uuid = ANY($1::uuid[]) AND EXISTS (SELECT 1 FROM age_verification_request v WHERE v.user_uuid = identity_user.uuid)`,
      [uuids],
    );
  }
  await db.query(
    `INSERT INTO payments_saved_card (id, customer_uuid, provider, token, brand, last4, exp_month, exp_year, is_default)
     SELECT gen_random_uuid(), u, c.provider, c.token, c.brand, c.last4, c.exp_month, c.exp_year, NOT EXISTS (SELECT 1 FROM payments_saved_card d WHERE d.customer_uuid = u AND d.is_default)
       FROM unnest($1::uuid[]) u, subscription_subscription s JOIN payments_saved_card c ON c.id = s.card_id WHERE s.id = $2::uuid
     ON CONFLICT (customer_uuid, provider, token) DO NOTHING`,
    [uuids, model.subscriptionId],
  );
  const subs = await db.query<{ id: string }>(
    `INSERT INTO subscription_subscription (id, customer_uuid, store_code, plan_code, plan_type, status, frequency_weeks, next_delivery_date, address,
                                            card_id, currency, minimum_deliveries, deliveries, origin_order_id)
     SELECT gen_random_uuid(), u, s.store_code, s.plan_code, s.plan_type, 'active', s.frequency_weeks, COALESCE($3::date, current_date), s.address,
            (SELECT k.id FROM payments_saved_card k JOIN payments_saved_card c ON c.id = s.card_id AND k.token = c.token WHERE k.customer_uuid = u),
            s.currency, s.minimum_deliveries, 1, gen_random_uuid()
       FROM unnest($1::uuid[]) u, subscription_subscription s WHERE s.id = $2::uuid
     RETURNING id::text AS id`,
    [uuids, model.subscriptionId, opts.day ?? null],
  );
  const ids = subs.rows.map((r) => r.id);
  await db.query(
    `INSERT INTO subscription_item (subscription_id, sku, quantity) SELECT x, i.sku, i.quantity FROM unnest($1::uuid[]) x, subscription_item i WHERE i.subscription_id = $2::uuid`,
    [ids, model.subscriptionId],
  );
  return ids;
}
