import { createCustomer, createProduct, restCall } from '@ember/test-support';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import { ADDRESSES, makeDue, subscribe } from './subscriptions.fixtures.js';
import { runRenewals } from '../../workflows/subscription-renewal.js';

let server: TestServer;
let db: Db;
const ADMIN = 'subscriptions-suite-admin-token-0123456789abcdef';
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { PAYMENTS_SANDBOX_NOTIFY_DELAY_MS: '0', ADMIN_TOKEN: ADMIN, PAYMENTS_MERCHANT_ACCOUNT: `sub_api_${process.pid}` });

const shop = () => ({ url: server.url, app: server.app });
const today = () => new Date().toISOString().slice(0, 10);
const daysFrom = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function mine(token: string, store = 'gb') {
  const r = await restCall(server, 'GET', '/api/subscriptions/user', undefined, { token, store });
  expect(r.status).toBe(200);
  return r.body.subscriptions as any[];
}

describe('subscription plans', () => {
  it('lists each market\'s plan with its frequencies, commitment, products priced per delivery and the delivery methods a subscription may not use', async () => {
    for (const [store, currency, price, minimum] of [['gb', 'GBP', 45, 2], ['de', 'EUR', 59, 2], ['ch', 'CHF', 68, 3]] as const) {
      const r = await restCall(server, 'GET', '/api/subscriptions/configurations', undefined, { store });
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
      const plan = r.body.plans.find((p: { code: string }) => p.code === 'sticks');
      expect(plan).toMatchObject({
        plan_type: 'REGULAR', frequencies_weeks: [2, 4, 6, 8], default_frequency_weeks: 4, minimum_deliveries: minimum,
        price_rules: { product_price: 'catalog', shipping_method: { carrier_code: 'tablerate', method_code: 'standard' } },
        disabled_shipping_methods: [{ carrier_code: 'express', method_code: 'next_day' }],
      });
      const amber = plan.products.find((p: { sku: string }) => p.sku === 'SUB-AMBER-CARTON');
      expect(amber).toMatchObject({ price: { value: price, currency }, flavor: 'amber' });
      expect(plan.products.map((p: { sku: string }) => p.sku)).toEqual(expect.arrayContaining(['SUB-AMBER-CARTON', 'SUB-TEAK-CARTON', 'SUB-TURQUOISE-CARTON', 'SUB-MINT-CARTON']));
    }
  });
});

describe('a subscription started at checkout', () => {
  it('starts with the order, its card saved with consent, its address, and the first delivery counted; only its owner sees or changes it', async () => {
    const s = await subscribe(shop(), db);
    const [sub] = await mine(s.customer.token);
    expect(sub).toMatchObject({
      id: s.subscriptionId, status: 'active', plan_code: 'sticks', plan_type: 'REGULAR', store_code: 'gb', frequency_weeks: 4,
      next_delivery_date: daysFrom(today(), 28), deliveries: 1, minimum_deliveries: 2, can_cancel: false,
      products: [{ sku: s.product.sku, qty: 1, options: [], price: { value: 45, currency: 'GBP' } }],
      price: { value: 45, currency: 'GBP' },
      address: { firstname: 'Sam', city: 'London', postcode: 'W1F 9PS', country_code: 'GB' },
      card: { brand: 'visa', last4: '1111' },
    });
    expect(sub.history.map((h: { kind: string }) => h.kind)).toEqual(['created']);
    // The card the renewals use is listed with the customer's cards, and cannot be removed while in use.
    const cards = await restCall(server, 'GET', '/api/payments/cards', undefined, { token: s.customer.token });
    expect(cards.body.cards).toEqual([{ id: sub.card.id, brand: 'visa', last4: '1111', exp_month: 10, exp_year: new Date().getUTCFullYear() + 3, is_default: true, in_use: true }]);
    const removing = await restCall(server, 'DELETE', `/api/payments/cards/${sub.card.id}`, undefined, { token: s.customer.token });
    expect([removing.status, removing.body.error.code]).toEqual([409, 'CARD_IN_USE']);

    // Another customer learns nothing: every call answers as for a subscription or card that does not exist.
    const other = await createCustomer(server);
    expect(await mine(other.token)).toEqual([]);
    for (const [method, path, body] of [
      ['PUT', `/api/subscriptions/${s.subscriptionId}`, { frequency_weeks: 6 }],
      ['PUT', `/api/subscriptions/${s.subscriptionId}/pause`, {}],
      ['PUT', `/api/subscriptions/${s.subscriptionId}/resume`, {}],
      ['PUT', `/api/subscriptions/${s.subscriptionId}/cancel`, { reason: 'other' }],
      ['GET', `/api/payments/cards/${sub.card.id}`, undefined],
      ['DELETE', `/api/payments/cards/${sub.card.id}`, undefined],
      ['PUT', `/api/payments/cards/${sub.card.id}/default`, undefined],
    ] as const) {
      const r = await restCall(server, method, path, body, { token: other.token });
      expect([method, path, r.status, r.body.error?.code]).toEqual([method, path, 404, 'NOT_FOUND']);
    }
    // Without a session: 401.
    expect((await restCall(server, 'GET', '/api/subscriptions/user')).status).toBe(401);
    expect((await restCall(server, 'PUT', `/api/subscriptions/${s.subscriptionId}/pause`, {})).status).toBe(401);
    expect((await mine(s.customer.token))[0].frequency_weeks).toBe(4);
  });

  it('starts none for a one-off order, and none twice: a second subscription is refused while one is ongoing', async () => {
    const s = await subscribe(shop(), db);
    const again = await createProduct(db, { kind: 'subscription', subscription: true, stores: ['gb'] });
    const cart = (await restCall(server, 'POST', '/graphql', { query: '{ customerCart { id } }' }, { token: s.customer.token })).body.data.customerCart.id;
    const added = await restCall(server, 'POST', '/graphql', {
      query: 'mutation ($c: String!, $i: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $i) { user_errors { code message } } }',
      variables: { c: cart, i: [{ sku: again.sku, quantity: 1 }] },
    }, { token: s.customer.token });
    expect(added.body.data.addProductsToCart.user_errors).toEqual([{ code: 'ONGOING_SUBSCRIPTION', message: 'You already have an ongoing subscription.' }]);
    expect((await mine(s.customer.token)).length).toBe(1);
  });
});

describe('changing a subscription', () => {
  it('swaps a flavour, changes quantity, frequency, date and address, skips a delivery, each kept in the history', async () => {
    const s = await subscribe(shop(), db);
    const swap = await createProduct(db, { kind: 'subscription', subscription: true, stores: ['gb'], price: 4700 });
    const put = (body: unknown) => restCall(server, 'PUT', `/api/subscriptions/${s.subscriptionId}`, body, { token: s.customer.token });

    const swapped = await put({ products: [{ sku: swap.sku, qty: 2 }] });
    expect(swapped.status).toBe(200);
    expect(swapped.body.products).toMatchObject([{ sku: swap.sku, qty: 2, price: { value: 94, currency: 'GBP' } }]);
    expect(swapped.body.price).toEqual({ value: 94, currency: 'GBP' });

    const frequency = await put({ frequency_weeks: 6 });
    expect(frequency.body.frequency_weeks).toBe(6);
    const day = daysFrom(today(), 10);
    expect((await put({ next_delivery_date: day })).body.next_delivery_date).toBe(day);
    const skipped = await put({ skip_next: true });
    expect(skipped.body.next_delivery_date).toBe(daysFrom(day, 42));

    // The subscription delivers to an entry of the address book, which is flagged isSubscription.
    const added = await restCall(server, 'POST', `/account/users/${s.customer.uuid}/addresses`, { ...ADDRESSES.gb, street: ['1 New Road'], city: 'Leeds', postcode: 'LS1 1AA' }, { token: s.customer.token });
    expect(added.status).toBeLessThan(300);
    const book = await restCall(server, 'GET', `/account/users/${s.customer.uuid}/addresses`, undefined, { token: s.customer.token });
    const entry = (book.body.addresses ?? book.body).find((a: { city: string }) => a.city === 'Leeds');
    const moved = await put({ address_id: entry.id });
    expect(moved.body.address).toMatchObject({ id: entry.id, city: 'Leeds', street: ['1 New Road'] });
    const after = await restCall(server, 'GET', `/account/users/${s.customer.uuid}/addresses`, undefined, { token: s.customer.token });
    expect((after.body.addresses ?? after.body).filter((a: { isSubscription: boolean }) => a.isSubscription).map((a: { id: number }) => a.id)).toEqual([entry.id]);

    const history = (await mine(s.customer.token))[0].history.map((h: { kind: string; actor: string }) => `${h.kind}:${h.actor}`);
    expect(history).toEqual(['updated:customer', 'skipped:customer', 'updated:customer', 'updated:customer', 'updated:customer', 'created:customer']);
  });

  it('refuses what the plan does not allow, in the spec\'s words, and changes nothing', async () => {
    const s = await subscribe(shop(), db);
    const put = (body: unknown) => restCall(server, 'PUT', `/api/subscriptions/${s.subscriptionId}`, body, { token: s.customer.token });
    const outside = await createProduct(db, { kind: 'subscription', subscription: true, stores: ['gb'], plan: null });
    const twice = await put({ products: [{ sku: s.product.sku, qty: 1 }, { sku: s.product.sku, qty: 1 }] });
    expect([twice.status, twice.body.error.code, twice.body.error.details]).toEqual([409, 'SUBSCRIPTION_PRODUCT_EXISTS', { error_code: '4', sku: s.product.sku }]);
    const cases: [unknown, number, string][] = [
      [{ products: [{ sku: outside.sku, qty: 1 }] }, 400, 'VALIDATION_FAILED'],
      [{ products: [{ sku: s.product.sku, qty: 4 }] }, 400, 'VALIDATION_FAILED'],
      [{ products: [] }, 400, 'VALIDATION_FAILED'],
      [{ frequency_weeks: 3 }, 400, 'VALIDATION_FAILED'],
      [{ next_delivery_date: today() }, 400, 'VALIDATION_FAILED'],
      [{ next_delivery_date: daysFrom(today(), 400) }, 400, 'VALIDATION_FAILED'],
      [{ next_delivery_date: '2026-02-30' }, 400, 'VALIDATION_FAILED'],
      [{ address_id: 999999 }, 404, 'NOT_FOUND'],
      [{ card_id: '00000000-0000-4000-8000-000000000000' }, 404, 'NOT_FOUND'],
      [{ status: 'active' }, 400, 'VALIDATION_FAILED'],
      [{ frequency_weeks: '4' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const r = await put(body);
      expect([JSON.stringify(body), r.status, r.body.error?.code]).toEqual([JSON.stringify(body), status, code]);
    }
    expect((await restCall(server, 'PUT', '/api/subscriptions/not-a-uuid', { frequency_weeks: 4 }, { token: s.customer.token })).status).toBe(400);
    // Bad bodies on the other calls: a huge or control-character comment, a wrong type, none at all.
    for (const [action, body] of [
      ['cancel', { reason: 'other', comment: 'x'.repeat(100_000) }], ['cancel', { reason: 'other', comment: 'a\u0007b' }], ['cancel', { reason: 42 }],
      ['cancel', undefined], ['pause', { until: 12 }], ['pause', { until: '2026-13-01' }], ['resume', { next_delivery_date: ['x'] }],
    ] as const) {
      const r = await restCall(server, 'PUT', `/api/subscriptions/${s.subscriptionId}/${action}`, body, { token: s.customer.token });
      expect([action, JSON.stringify(body)?.slice(0, 40), [400, 413].includes(r.status)]).toEqual([action, JSON.stringify(body)?.slice(0, 40), true]);
    }
    const [sub] = await mine(s.customer.token);
    expect(sub).toMatchObject({ frequency_weeks: 4, next_delivery_date: daysFrom(today(), 28), products: [{ sku: s.product.sku, qty: 1 }] });
    expect(sub.history.map((h: { kind: string }) => h.kind)).toEqual(['created']);
  });

  it('pauses until a date or open, resumes, and cancels with a reason once the minimum commitment is delivered', async () => {
    const s = await subscribe(shop(), db);
    const call = (action: string, body: unknown) => restCall(server, 'PUT', `/api/subscriptions/${s.subscriptionId}/${action}`, body, { token: s.customer.token });
    expect((await call('pause', { until: daysFrom(today(), 7 * 13) })).body.error.code).toBe('VALIDATION_FAILED');
    const until = daysFrom(today(), 14);
    expect((await call('pause', { until })).body).toMatchObject({ status: 'paused', paused_until: until, pause_reason: 'customer' });
    expect((await call('pause', {})).body).toMatchObject({ status: 'paused', paused_until: null });
    expect((await call('cancel', { reason: 'too_much_stock' })).body.error).toMatchObject({ code: 'SUBSCRIPTION_COMMITMENT', details: { minimum_deliveries: 2, deliveries: 1 } });
    const resumed = await call('resume', {});
    expect(resumed.body).toMatchObject({ status: 'active', paused_until: null, next_delivery_date: daysFrom(today(), 28) });
    expect((await call('resume', {})).body.error.code).toBe('SUBSCRIPTION_NOT_CHANGEABLE');

    // The second delivery is renewed: the commitment is met and the customer may cancel.
    await makeDue(db, s.subscriptionId);
    const report = await runRenewals(db, server.app.services, { only: [s.subscriptionId] });
    expect(report.failed).toEqual([]);
    expect((await mine(s.customer.token))[0]).toMatchObject({ deliveries: 2, can_cancel: true });
    expect((await call('cancel', { reason: 'other', comment: '<script>' })).status).toBe(400);
    const cancelled = await call('cancel', { reason: 'switching_product', comment: 'Trying the Nova' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', next_delivery_date: null, cancel_reason: 'switching_product: Trying the Nova' });
    for (const [action, body] of [['pause', {}], ['resume', {}], ['cancel', { reason: 'other' }]] as const) {
      expect((await call(action, body)).body.error.code).toBe('SUBSCRIPTION_NOT_CHANGEABLE');
    }
    expect((await restCall(server, 'PUT', `/api/subscriptions/${s.subscriptionId}`, { frequency_weeks: 2 }, { token: s.customer.token })).body.error.code).toBe('SUBSCRIPTION_NOT_CHANGEABLE');
    const kinds = cancelled.body.history.map((h: { kind: string; from_status: string | null; to_status: string | null }) => [h.kind, h.from_status, h.to_status]);
    expect(kinds[0]).toEqual(['cancelled', 'active', 'cancelled']);
    expect(kinds).toContainEqual(['paused', 'active', 'paused']);
    expect(kinds).toContainEqual(['resumed', 'paused', 'active']);
    // The card is free again.
    const cards = await restCall(server, 'GET', '/api/payments/cards', undefined, { token: s.customer.token });
    expect(cards.body.cards[0].in_use).toBe(false);
    expect((await restCall(server, 'DELETE', `/api/payments/cards/${cards.body.cards[0].id}`, undefined, { token: s.customer.token })).body.cards).toEqual([]);
  });

  it('lets an operator change the state with a reason, kept as the operator\'s in the history, and refuses without the token', async () => {
    const s = await subscribe(shop(), db);
    const path = `/admin/subscriptions/${s.subscriptionId}/status`;
    expect((await restCall(server, 'PUT', path, { status: 'paused', reason: 'Customer asked by phone' })).status).toBe(401);
    const paused = await restCall(server, 'PUT', path, { status: 'paused', reason: 'Customer asked by phone' }, { headers: { authorization: `Bearer ${ADMIN}` } });
    expect(paused.status).toBe(200);
    expect(paused.body.history[0]).toMatchObject({ kind: 'paused', actor: 'operator', reason: 'Customer asked by phone', to_status: 'paused' });
    // An operator brings the next delivery forward: the renewal is placed and paid at once.
    expect((await restCall(server, 'PUT', path, { status: 'active', reason: 'Customer called back' }, { headers: { authorization: `Bearer ${ADMIN}` } })).body.status).toBe('active');
    const renew = `/admin/subscriptions/${s.subscriptionId}/renew`;
    expect((await restCall(server, 'POST', renew, { reason: 'Asked for it early' })).status).toBe(401);
    const renewed = await restCall(server, 'POST', renew, { reason: 'Asked for it early' }, { headers: { authorization: `Bearer ${ADMIN}` } });
    expect(renewed.body).toEqual({ placed: 1, paid: 1, declined: 0, awaiting: 0, refused: 0 });
    const [after] = await mine(s.customer.token);
    expect(after).toMatchObject({ deliveries: 2, can_cancel: true, next_delivery_date: daysFrom(today(), 28) });
    expect(after.history.map((h: { kind: string }) => h.kind).slice(0, 2)).toEqual(['renewal_placed', 'brought_forward']);
    // An operator may cancel before the commitment.
    const cancelled = await restCall(server, 'PUT', path, { status: 'cancelled', reason: 'Moved abroad' }, { headers: { authorization: `Bearer ${ADMIN}` } });
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    expect(cancelled.body.history[0]).toMatchObject({ kind: 'cancelled', actor: 'operator', reason: 'Moved abroad', from_status: 'active', to_status: 'cancelled' });
  });
});
