import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-app.js';
import { AppError } from '../../platform/errors.js';
import { exportAccount } from '../../workflows/account-privacy.js';
import { draftFor, makeProduct, placeOrder, registerCustomer, stockOf } from '../../test/orders-fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('createOrder (the port checkout calls inside placeOrder)', () => {
  it('writes the order with items, addresses, totals, attributes and history, and queues the confirmation in the same transaction', async () => {
    const { app } = server;
    const product = await makeProduct(app.db, 10);
    const customer = await registerCustomer(server);
    const draft = draftFor({ product, customerUuid: customer.uuid, email: customer.email, quantity: 2 });
    const placed = await placeOrder(app, draft);

    expect(placed.entity_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(placed.order_number).toMatch(/^GB-\d{9}$/);
    expect(await stockOf(app.db, product.id)).toBe(8);

    const view = await app.services.orders.viewForCustomer(customer.uuid, placed.order_number);
    expect(view.order).toMatchObject({
      entity_id: placed.entity_id,
      status: 'pending_payment',
      currency: 'GBP',
      grand_total: 2500 - 100 + 399,
      discount_total: 100,
      shipping_incl_tax: 399,
      store_code: 'gb',
      website_code: 'uk',
      customer_uuid: customer.uuid,
    });
    expect(view.items).toHaveLength(1);
    expect(view.items[0]).toMatchObject({ sku: product.sku, qty_ordered: 2, row_total_incl_tax: 2500, selected_options: [{ label: 'Colour', value: 'Slate' }] });
    expect(view.addresses.map((a) => a.kind).sort()).toEqual(['billing', 'shipping']);
    expect(view.addresses[0]!.street).toEqual(['Baker Street', '221b', '']);
    expect(view.discounts).toMatchObject([{ label: 'Welcome', amount: 100, coupon_code: 'WELCOME' }]);
    expect(view.taxes).toMatchObject([{ label: 'VAT', rate_percent: 20 }]);
    expect(view.attributes).toEqual([{ code: 'delivery_note', value: 'Leave at the door' }]);
    expect(view.history).toMatchObject([{ from_status: null, to_status: 'pending_payment', actor: 'checkout' }]);

    const mail = await app.services.messaging.listRecent({ recipient: customer.email, limit: 5 });
    const confirmation = mail.find((m) => m.template === 'order_confirmation');
    expect(confirmation?.subject).toBe(`Your Ember order ${placed.order_number}`);
    expect(confirmation?.body).toContain('£27.99');
  });

  it('numbers orders per store view, one after the other', async () => {
    const { app } = server;
    const product = await makeProduct(app.db, 10);
    const a = await placeOrder(app, draftFor({ product, customerUuid: null, quantity: 1 }));
    const b = await placeOrder(app, draftFor({ product, customerUuid: null, quantity: 1 }));
    expect(Number(b.order_number.slice(3))).toBeGreaterThan(Number(a.order_number.slice(3)));
    expect(a.entity_id).not.toBe(b.entity_id);
  });

  it('writes the German confirmation for a German store view', async () => {
    const { app } = server;
    const product = await makeProduct(app.db, 5);
    const email = `kunde+${randomUUID().slice(0, 8)}@example.com`;
    const draft = { ...draftFor({ product, customerUuid: null, email, quantity: 1 }), store_code: 'de', website_code: 'de', currency: 'EUR' };
    const placed = await placeOrder(app, draft);
    expect(placed.order_number).toMatch(/^DE-\d{9}$/);
    const [mail] = await app.services.messaging.listRecent({ recipient: email, limit: 1 });
    expect(mail).toMatchObject({ template: 'order_confirmation', language: 'de', subject: `Ihre Ember-Bestellung ${placed.order_number}` });
  });

  it('keeps one order per cart when the same cart is ordered in parallel, and reserves its stock once', async () => {
    const { app } = server;
    const product = await makeProduct(app.db, 50);
    const cartId = `cart-${randomUUID()}`;
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => placeOrder(app, draftFor({ product, customerUuid: null, cartId, quantity: 3 }))));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    for (const r of lost) expect((r.reason as AppError).code).toBe('CART_NOT_ACTIVE');
    const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders_order WHERE cart_id = $1`, [cartId]);
    expect(rows[0]!.n).toBe(1);
    expect(await stockOf(app.db, product.id)).toBe(47);
    const found = await app.db.transaction((tx) => app.services.orders.findOrderByCart(tx, cartId));
    expect(found).toEqual((won[0] as PromiseFulfilledResult<unknown>).value);
  });

  it('refuses a second order row for a cart at the database level', async () => {
    const { app } = server;
    const product = await makeProduct(app.db, 5);
    const placed = await placeOrder(app, draftFor({ product, customerUuid: null, quantity: 1 }));
    const { rows } = await app.db.query<{ cart_id: string }>(`SELECT cart_id FROM orders_order WHERE entity_id = $1`, [placed.entity_id]);
    await expect(
      app.db.query(
        `INSERT INTO orders_order (entity_id, order_number, store_code, website_code, sequence_value, cart_id, email, language, status,
           currency, subtotal_incl_tax, subtotal_excl_tax, discount_total, shipping_incl_tax, tax_total, grand_total, payment_method_code)
         VALUES ($1, $2, 'gb', 'uk', 999999999, $3, 'x@example.com', 'en', 'pending', 'GBP', 0, 0, 0, 0, 0, 0, 'checkmo')`,
        [randomUUID(), `GB-T${Date.now()}`, rows[0]!.cart_id],
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it("includes the customer's orders in their data-subject export, and nobody else's", async () => {
    const { app } = server;
    const product = await makeProduct(app.db, 5);
    const customer = await registerCustomer(server);
    const placed = await placeOrder(app, draftFor({ product, customerUuid: customer.uuid, email: customer.email, quantity: 1 }));
    await placeOrder(app, draftFor({ product, customerUuid: null, quantity: 1 }));
    const data = await exportAccount(app.db, app.services, customer.uuid);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ number: placed.order_number, grand_total: 1250 - 100 + 399, currency: 'GBP', items: [{ sku: product.sku, quantity: 1 }] });
    expect(data.orders[0]!.addresses).toHaveLength(2);
  });

  it('finds no order for a cart that has none', async () => {
    const { app } = server;
    expect(await app.db.transaction((tx) => app.services.orders.findOrderByCart(tx, `cart-${randomUUID()}`))).toBeNull();
  });

  it('refuses a draft whose totals do not add up and writes nothing', async () => {
    const { app } = server;
    const product = await makeProduct(app.db, 5);
    const draft = draftFor({ product, customerUuid: null, quantity: 1 });
    draft.totals.grand_total += 1;
    await expect(placeOrder(app, draft)).rejects.toThrow(/grand_total/);
    expect(await app.db.transaction((tx) => app.services.orders.findOrderByCart(tx, draft.cart_id))).toBeNull();
    expect(await stockOf(app.db, product.id)).toBe(5);
  });
});
