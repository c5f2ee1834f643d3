import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createProduct, stockOf } from '@ember/test-support';
import { restCall, startTestServer, type TestServer } from '../../test/test-app.js';
import { draftFor, placeOrder } from '../../test/orders-fixtures.js';
import { orderStatusCommand } from '../../cli/order-status.js';
import type { Tx } from '../../platform/db.js';
import { inTransaction } from '../../platform/transaction.js';

const ADMIN_TOKEN = `admin-${randomUUID()}-${randomUUID()}`;
const GRAND = 1250 - 100 + 399;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_TOKEN });
});
afterAll(async () => {
  await server.close();
});

async function guestOrder(quantity = 1, initialStatus: 'pending_payment' | 'pending' = 'pending_payment') {
  const product = await createProduct(server.app.db, { stock: 10 });
  const draft = draftFor({ product, customerUuid: null, quantity, initialStatus });
  const placed = await placeOrder(server.app, draft);
  return { product, draft, placed };
}

const tx = <T>(fn: (tx: Tx) => Promise<T>) => inTransaction(server.app.db, fn);

describe('the order side of payments (OrderPaymentPort)', () => {
  it("finds a customer's order only for that customer, and a guest order only by its cart's masked id", async () => {
    const { app } = server;
    const product = await createProduct(app.db, { stock: 10 });
    const customer = await createCustomer(server);
    const mine = await placeOrder(app, draftFor({ product, customerUuid: customer.uuid, quantity: 1 }));
    const orders = app.services.orders;
    expect(await tx((t) => orders.findPayableOrder(t, mine.entity_id, { customerUuid: customer.uuid, cartId: null }))).toMatchObject({
      entity_id: mine.entity_id,
      order_number: mine.order_number,
      grand_total: GRAND,
      currency: 'GBP',
      status: 'pending_payment',
      customer_uuid: customer.uuid,
      payment_method_code: 'checkmo',
    });
    expect(await tx((t) => orders.findPayableOrder(t, mine.entity_id, { customerUuid: randomUUID(), cartId: null }))).toBeNull();
    const { rows } = await app.db.query<{ cart_id: string }>(`SELECT cart_id FROM orders_order WHERE entity_id = $1`, [mine.entity_id]);
    expect(await tx((t) => orders.findPayableOrder(t, mine.entity_id, { customerUuid: null, cartId: rows[0]!.cart_id }))).toBeNull();

    const guest = await guestOrder();
    expect(await tx((t) => orders.findPayableOrder(t, guest.placed.entity_id, { customerUuid: null, cartId: guest.draft.cart_id }))).toMatchObject({ entity_id: guest.placed.entity_id });
    expect(await tx((t) => orders.findPayableOrder(t, guest.placed.entity_id, { customerUuid: null, cartId: 'another-cart' }))).toBeNull();
    expect(await tx((t) => orders.findPayableOrder(t, guest.placed.entity_id, { customerUuid: customer.uuid, cartId: null }))).toBeNull();
    expect(await tx((t) => orders.findPayableOrder(t, randomUUID(), { customerUuid: null, cartId: guest.draft.cart_id }))).toBeNull();
    expect(await tx((t) => orders.findPayableOrder(t, 'not-a-uuid', { customerUuid: null, cartId: guest.draft.cart_id }))).toBeNull();
    expect(await tx((t) => orders.findOrderForProvider(t, guest.placed.entity_id))).toMatchObject({ entity_id: guest.placed.entity_id });
  });

  it('refuses a payment of another amount or currency and leaves the order unpaid', async () => {
    const { placed } = await guestOrder();
    const orders = server.app.services.orders;
    const pay = (amount: number, currency: string) => tx((t) => orders.markPaid(t, placed.entity_id, { payment_uuid: randomUUID(), provider_reference: 'psp-1', amount, currency }));
    await expect(pay(GRAND - 1, 'GBP')).rejects.toMatchObject({ code: 'PAYMENT_MISMATCH' });
    await expect(pay(GRAND, 'EUR')).rejects.toMatchObject({ code: 'PAYMENT_MISMATCH' });
    await expect(pay(GRAND + 0.5, 'GBP')).rejects.toMatchObject({ code: 'PAYMENT_MISMATCH' });
    const { rows } = await server.app.db.query<{ status: string; paid_at: Date | null; amount_paid: number | null }>(
      `SELECT status, paid_at, amount_paid FROM orders_order WHERE entity_id = $1`,
      [placed.entity_id],
    );
    expect(rows[0]).toEqual({ status: 'pending_payment', paid_at: null, amount_paid: null });
  });

  it('marks an order paid once for exactly its amount; a repeated callback changes nothing; another payment is refused', async () => {
    const { placed } = await guestOrder();
    const orders = server.app.services.orders;
    const payment = { payment_uuid: randomUUID(), provider_reference: 'psp-2', amount: GRAND, currency: 'GBP' };
    await tx((t) => orders.markPaid(t, placed.entity_id, payment));
    await tx((t) => orders.markPaid(t, placed.entity_id, payment));
    await expect(tx((t) => orders.markPaid(t, placed.entity_id, { ...payment, payment_uuid: randomUUID() }))).rejects.toMatchObject({ code: 'ORDER_NOT_PAYABLE' });
    const row = await orders.findByRef(server.app.db, placed.entity_id);
    expect(row).toMatchObject({ status: 'payment_completed', amount_paid: GRAND, payment_uuid: payment.payment_uuid, payment_reference: 'psp-2' });
    const [view] = await orders.views(server.app.db, [row!]);
    expect(view!.history.map((h) => [h.to_status, h.actor])).toEqual([['pending_payment', 'checkout'], ['payment_completed', 'payment']]);
  });

  it('records a failed payment with its reason, accepts payment after it, and never lets a late failure undo a payment', async () => {
    const { placed } = await guestOrder();
    const orders = server.app.services.orders;
    await tx((t) => orders.markPaymentFailed(t, placed.entity_id, { code: 'card_declined', message: 'Declined by the issuer' }));
    expect(await orders.findByRef(server.app.db, placed.entity_id)).toMatchObject({ status: 'payment_failed', status_reason_code: 'card_declined', status_reason_message: 'Declined by the issuer' });
    await tx((t) => orders.markPaid(t, placed.entity_id, { payment_uuid: randomUUID(), provider_reference: 'psp-3', amount: GRAND, currency: 'GBP' }));
    await tx((t) => orders.markPaymentFailed(t, placed.entity_id, { code: 'late', message: 'A late report' }));
    expect(await orders.findByRef(server.app.db, placed.entity_id)).toMatchObject({ status: 'payment_completed', status_reason_code: null });
  });

  it('refuses to take payment for a cancelled order', async () => {
    const { placed } = await guestOrder();
    const orders = server.app.services.orders;
    await tx((t) => orders.changeStatus(t, placed.order_number, { to: 'canceled', actor: 'operator' }));
    await expect(tx((t) => orders.markPaid(t, placed.entity_id, { payment_uuid: randomUUID(), provider_reference: 'psp-4', amount: GRAND, currency: 'GBP' }))).rejects.toMatchObject({ code: 'ORDER_NOT_PAYABLE' });
  });
});

describe('operator status changes over /admin', () => {
  const admin = (path: string, body?: unknown, token?: string) => restCall(server, body === undefined ? 'GET' : 'POST', `/admin${path}`, body, { token });

  it('answers 401 without the operator token or with a wrong one, and changes nothing', async () => {
    const { placed } = await guestOrder();
    const body = { status: 'on_hold' };
    const none = await admin(`/orders/${placed.order_number}/status`, body);
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('UNAUTHORISED');
    expect((await admin(`/orders/${placed.order_number}/status`, body, `${ADMIN_TOKEN}x`)).status).toBe(401);
    expect((await admin(`/orders/${placed.order_number}/status`, body, 'short')).status).toBe(401);
    expect((await admin(`/orders/${placed.order_number}`, undefined, 'wrong')).status).toBe(401);
    // A customer's session token is not an operator token.
    const customer = await createCustomer(server);
    expect((await admin(`/orders/${placed.order_number}/status`, body, customer.token)).status).toBe(401);
    expect((await server.app.services.orders.findByRef(server.app.db, placed.entity_id))?.status).toBe('pending_payment');
  });

  it('moves an order through processing, shipped with tracking, and delivered, recording each step', async () => {
    const { placed } = await guestOrder(2, 'pending');
    const steps = [
      { status: 'processing' },
      { status: 'shipped', tracking: { carrier: 'DPD', number: 'DPD123456', track_url: 'https://track.example/DPD123456' } },
      { status: 'delivered', comment: 'Signed for by the customer' },
    ];
    for (const step of steps) {
      const res = await admin(`/orders/${placed.order_number}/status`, step, ADMIN_TOKEN);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(step.status);
    }
    const read = await admin(`/orders/${placed.order_number}`, undefined, ADMIN_TOKEN);
    expect(read.body.history.map((h: { from_status: string | null; to_status: string; actor: string }) => [h.from_status, h.to_status, h.actor])).toEqual([
      [null, 'pending', 'checkout'],
      ['pending', 'processing', 'operator'],
      ['processing', 'shipped', 'operator'],
      ['shipped', 'delivered', 'operator'],
    ]);
    expect(read.body.shipments).toEqual([{ number: `${placed.order_number}-S1`, tracks: [{ carrier: 'DPD', number: 'DPD123456', track_url: 'https://track.example/DPD123456' }] }]);
    const [view] = await server.app.services.orders.views(server.app.db, [(await server.app.services.orders.findByRef(server.app.db, placed.entity_id))!]);
    expect(view!.items[0]).toMatchObject({ qty_shipped: 2 });
    const mail = await server.app.services.messaging.listRecent({ recipient: view!.order.email, limit: 5 });
    const shippedMail = mail.find((m) => m.template === 'order_shipped');
    expect(shippedMail?.subject).toBe(`Your Ember order ${placed.order_number} is on its way`);
    expect(shippedMail?.body).toContain('https://track.example/DPD123456');
  });

  it('refuses transitions the status rules do not allow, shipping without tracking, and unknown orders', async () => {
    const { placed } = await guestOrder();
    const skip = await admin(`/orders/${placed.order_number}/status`, { status: 'delivered' }, ADMIN_TOKEN);
    expect(skip.status).toBe(409);
    expect(skip.body.error.code).toBe('ORDER_STATUS_NOT_ALLOWED');
    await tx((t) => server.app.services.orders.markPaid(t, placed.entity_id, { payment_uuid: randomUUID(), provider_reference: 'psp-5', amount: GRAND, currency: 'GBP' }));
    expect((await admin(`/orders/${placed.order_number}/status`, { status: 'processing' }, ADMIN_TOKEN)).status).toBe(200);
    const untracked = await admin(`/orders/${placed.order_number}/status`, { status: 'shipped' }, ADMIN_TOKEN);
    expect(untracked.status).toBe(400);
    const insecure = await admin(`/orders/${placed.order_number}/status`, { status: 'shipped', tracking: { carrier: 'DPD', number: '1', track_url: 'http://x.example' } }, ADMIN_TOKEN);
    expect(insecure.status).toBe(400);
    const back = await admin(`/orders/${placed.order_number}/status`, { status: 'pending_payment' }, ADMIN_TOKEN);
    expect(back.status).toBe(409);
    const unknown = await admin(`/orders/GB-000000000/status`, { status: 'processing' }, ADMIN_TOKEN);
    expect(unknown.status).toBe(404);
    const read = await admin(`/orders/${placed.order_number}`, undefined, ADMIN_TOKEN);
    expect(read.body.status).toBe('processing');
    expect(read.body.history).toHaveLength(3);
    expect(read.body.shipments).toEqual([]);
  });

  it('lets the database refuse a disallowed status change even when code bypasses the service', async () => {
    const { placed } = await guestOrder();
    await expect(server.app.db.query(`UPDATE orders_order SET status = 'delivered' WHERE entity_id = $1`, [placed.entity_id])).rejects.toMatchObject({ code: '23514' });
  });

  it('puts the stock back when an operator cancels, once', async () => {
    const { placed, product } = await guestOrder(3);
    expect(await stockOf(server.app.db, product.id)).toBe(7);
    expect((await admin(`/orders/${placed.order_number}/status`, { status: 'canceled', reason_code: 'fraud_suspected' }, ADMIN_TOKEN)).status).toBe(200);
    expect((await admin(`/orders/${placed.order_number}/status`, { status: 'canceled' }, ADMIN_TOKEN)).status).toBe(409);
    expect(await stockOf(server.app.db, product.id)).toBe(10);
    const row = await server.app.services.orders.findByRef(server.app.db, placed.entity_id);
    const mail = await server.app.services.messaging.listRecent({ recipient: row!.email, limit: 5 });
    expect(mail.filter((m) => m.template === 'order_canceled')).toHaveLength(1);
  });

  it('takes no bearer token when none is configured: only an operator\'s console session reaches /admin', async () => {
    const plain = await startTestServer();
    try {
      const res = await restCall(plain, 'POST', '/admin/orders/GB-000000001/status', { status: 'processing' }, { token: ADMIN_TOKEN });
      expect(res.status).toBe(401);
      expect((await restCall(plain, 'GET', '/admin/stock/STK-AMBER-PACK', undefined, { token: ADMIN_TOKEN })).status).toBe(401);
    } finally {
      await plain.close();
    }
  });
});

describe('operator stock look-up over /admin', () => {
  const stock = (sku: string, token?: string) => restCall(server, 'GET', `/admin/stock/${encodeURIComponent(sku)}`, undefined, { token });

  it('shows stock as it is now: down when an order is placed, back when it is cancelled', async () => {
    const { placed, product } = await guestOrder(3);
    const before = await stock(product.sku, ADMIN_TOKEN);
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('no-store');
    expect(before.body).toMatchObject({ sku: product.sku, quantity: 7, low_stock_threshold: 5 });
    await restCall(server, 'POST', `/admin/orders/${placed.order_number}/status`, { status: 'canceled' }, { token: ADMIN_TOKEN });
    expect((await stock(product.sku, ADMIN_TOKEN)).body.quantity).toBe(10);
  });

  it('refuses callers without the operator token, and answers not found for unknown and malformed SKUs', async () => {
    const { product } = await guestOrder();
    const customer = await createCustomer(server);
    for (const token of [undefined, 'wrong', `${ADMIN_TOKEN}x`, customer.token]) {
      const res = await stock(product.sku, token);
      expect([res.status, res.body.error.code, res.body.quantity]).toEqual([401, 'UNAUTHORISED', undefined]);
    }
    const unknown = await stock('NO-SUCH-SKU', ADMIN_TOKEN);
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
    expect((await stock('bad sku!', ADMIN_TOKEN)).status).toBe(400);
  });
});

describe('the order-status CLI', () => {
  const run = async (argv: string[]) => {
    const lines: string[] = [];
    const code = await orderStatusCommand(argv, { db: server.app.db, services: server.app.services, out: (l) => lines.push(l) });
    return { code, output: lines.join('\n') };
  };

  it('moves an order along the allowed transitions and refuses the others', async () => {
    const { placed } = await guestOrder(1, 'pending');
    expect(await run([placed.order_number, 'processing'])).toEqual({ code: 0, output: JSON.stringify({ number: placed.order_number, status: 'processing' }) });
    const shipped = await run([placed.order_number, 'shipped', '--carrier', 'Royal Mail', '--tracking', 'RM123GB', '--track-url', 'https://track.example/RM123GB']);
    expect(shipped.code).toBe(0);
    const refused = await run([placed.order_number, 'pending']);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.output)).toMatchObject({ error: 'ORDER_STATUS_NOT_ALLOWED' });
    expect((await server.app.services.orders.findByRef(server.app.db, placed.order_number))?.status).toBe('shipped');
  });

  it('refuses malformed arguments with the usage', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['GB-000000001', 'shipped', '--track-url', 'ftp://x'])).code).toBe(2);
    expect((await run(['GB-000000001', 'shipped', '--bogus'])).code).toBe(2);
  });
});
