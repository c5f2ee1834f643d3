import type { FastifyInstance } from 'fastify';
import { createCustomer, createProduct, type TestCustomer } from '@ember/test-support';
import { restCall, testDb, type TestServer } from '../../test/test-app.js';
import { draftFor, placeOrder } from '../../test/orders-fixtures.js';
import { advanceOrder, drainOrderEvents } from '../../test/loyalty-fixtures.js';
import { runPaymentJobs } from '../payments/payments.routes.js';

/** Test helpers of the returns suites: a customer's delivered order, paid by card through the sandbox or by cheque. */

export const ADMIN_TOKEN = 'returns-operator-token-0123456789abcdef';
export const ADMIN = { authorization: `Bearer ${ADMIN_TOKEN}` };
export const RETURNS_ENV = { PAYMENTS_SANDBOX_NOTIFY_DELAY_MS: '0', PAYMENTS_MERCHANT_ACCOUNT: `returns_${process.pid}`, ADMIN_TOKEN };

export interface DeliveredOrder {
  customer: TestCustomer;
  product: { id: number; sku: string };
  order_number: string;
  entity_id: string;
  item_uid: string;
  grand_total: number;
}

/** 2 × 12.50 GBP less 1.00 discount plus 3.99 shipping (27.99), delivered; `paid` by card through the sandbox, else by cheque. */
export async function deliveredOrder(server: TestServer, opts: { paid?: boolean; customer?: TestCustomer; deliver?: boolean } = {}): Promise<DeliveredOrder> {
  const app = server.app;
  const db = await testDb();
  const customer = opts.customer ?? (await createCustomer(server));
  const product = await createProduct(db, { stock: 10 });
  const draft = { ...draftFor({ product, customerUuid: customer.uuid, email: customer.email }), payment_method_code: opts.paid ? 'ember_card' : 'checkmo' };
  const placed = await placeOrder(app, draft);
  if (opts.paid) await pay(server, customer, placed.entity_id);
  if (opts.deliver ?? true) await advanceOrder(app, placed.order_number, opts.paid ? ['processing', 'shipped', 'delivered'] : ['payment_completed', 'processing', 'shipped', 'delivered']);
  else await drainOrderEvents(app);
  const { rows } = await db.query<{ uid: string }>('SELECT i.uid::text AS uid FROM orders_item i JOIN orders_order o ON o.id = i.order_id WHERE o.entity_id = $1::uuid', [placed.entity_id]);
  return { customer, product, order_number: placed.order_number, entity_id: placed.entity_id, item_uid: rows[0]!.uid, grand_total: draft.totals.grand_total };
}

async function pay(server: TestServer, customer: TestCustomer, entityId: string): Promise<void> {
  const opened = await restCall(server, 'PUT', '/api/payments/generate-token', { customer_uuid: customer.uuid, order_id: entityId, tokenize: false }, {
    token: customer.token, headers: { 'idempotency-key': `attempt-${entityId}` },
  });
  if (opened.status !== 200) throw new Error(`generate-token failed: ${JSON.stringify(opened.body)}`);
  const res = await fetch(`${server.url}${opened.body.redirect_url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: '4111111111111111', exp_month: '10', exp_year: String(new Date().getUTCFullYear() + 3), cvc: '321' }).toString(),
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`card submission failed: ${res.status}`);
  await runPaymentJobs(server.app);
}

/** Moves the order's delivery back in time, as if it had been delivered `days` ago. */
export async function deliveredDaysAgo(app: FastifyInstance, entityId: string, days: number): Promise<void> {
  await app.db.query(
    `UPDATE orders_status_history SET created_at = created_at - $2 * interval '1 day'
      WHERE order_id = (SELECT id FROM orders_order WHERE entity_id = $1::uuid) AND to_status = 'delivered'`,
    [entityId, days],
  );
}

/** The customer's return request through the REST API. */
export function requestReturn(server: TestServer, token: string | undefined, body: Record<string, unknown>) {
  return restCall(server, 'POST', '/api/returns', { reason: 'changed_mind', method: { type: 'label' }, ...body }, token ? { token } : {});
}

/** An operator's step through the REST API with the ADMIN_TOKEN. */
export function operator(server: TestServer, number: string, step: string, body: Record<string, unknown> = {}) {
  return restCall(server, 'POST', `/admin/returns/${number}/${step}`, body, { headers: ADMIN });
}
