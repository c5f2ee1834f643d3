import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createProduct, stockOf } from '@ember/test-support';
import { startTestServer, type TestServer } from '../../test/test-app.js';
import { AppError } from '../../platform/errors.js';
import { draftFor, placeOrder } from '../../test/orders-fixtures.js';
import { inTransaction } from '../../platform/transaction.js';

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
    const product = await createProduct(app.db, { stock: 10 });
    const customer = await createCustomer(server);
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
    const orderMail = mail.filter((m) => m.template.startsWith('order_'));
    expect(orderMail.map((m) => m.template)).toEqual(['order_received']);
    expect(orderMail[0]?.subject).toBe(`We have received your Ember order ${placed.order_number}`);
    expect(orderMail[0]?.body).toContain('Total: £27.99');
  });

  it('numbers orders per store view, one after the other', async () => {
    const { app } = server;
    const product = await createProduct(app.db, { stock: 10 });
    const a = await placeOrder(app, draftFor({ product, customerUuid: null, quantity: 1 }));
    const b = await placeOrder(app, draftFor({ product, customerUuid: null, quantity: 1 }));
    expect(Number(b.order_number.slice(3))).toBeGreaterThan(Number(a.order_number.slice(3)));
    expect(a.entity_id).not.toBe(b.entity_id);
  });

  it('writes the German confirmation for a German store view', async () => {
    const { app } = server;
    const product = await createProduct(app.db, { stock: 5 });
    const email = `kunde+${randomUUID().slice(0, 8)}@example.com`;
    const draft = { ...draftFor({ product, customerUuid: null, email, quantity: 1 }), store_code: 'de', website_code: 'de', currency: 'EUR' };
    const placed = await placeOrder(app, draft);
    expect(placed.order_number).toMatch(/^DE-\d{9}$/);
    const [mail] = await app.services.messaging.listRecent({ recipient: email, limit: 1 });
    expect(mail).toMatchObject({ template: 'order_received', language: 'de', subject: `Wir haben Ihre Ember-Bestellung ${placed.order_number} erhalten` });
  });

  it('keeps one order per cart when the same cart is ordered in parallel, and reserves its stock once', async () => {
    const { app } = server;
    const product = await createProduct(app.db, { stock: 50 });
    const cartId = `cart-${randomUUID()}`;
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => placeOrder(app, draftFor({ product, customerUuid: null, cartId, quantity: 3 }))));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    for (const r of lost) expect((r.reason as AppError).code).toBe('CART_NOT_ACTIVE');
    const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders_order WHERE cart_id = $1`, [cartId]);
    expect(rows[0]!.n).toBe(1);
    expect(await stockOf(app.db, product.id)).toBe(47);
    const found = await inTransaction(app.db, (tx) => app.services.orders.findOrderByCart(tx, cartId));
    expect(found).toEqual((won[0] as PromiseFulfilledResult<unknown>).value);
  });

  it('refuses a second order row for a cart at the database level', async () => {
    const { app } = server;
    const product = await createProduct(app.db, { stock: 5 });
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
    const product = await createProduct(app.db, { stock: 5 });
    const customer = await createCustomer(server);
    const placed = await placeOrder(app, draftFor({ product, customerUuid: customer.uuid, email: customer.email, quantity: 1 }));
    await placeOrder(app, draftFor({ product, customerUuid: null, quantity: 1 }));
    const data = (await app.services.privacy.export(app.db, { uuid: customer.uuid, identifiers: [customer.email] })) as { orders: Awaited<ReturnType<typeof app.services.orders.exportFor>> };
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ number: placed.order_number, grand_total: 1250 - 100 + 399, currency: 'GBP', items: [{ sku: product.sku, quantity: 1 }] });
    expect(data.orders[0]!.addresses).toHaveLength(2);
  });

  it('finds no order for a cart that has none', async () => {
    const { app } = server;
    expect(await inTransaction(app.db, (tx) => app.services.orders.findOrderByCart(tx, `cart-${randomUUID()}`))).toBeNull();
  });

  it('refuses a draft whose totals do not add up and writes nothing', async () => {
    const { app } = server;
    const product = await createProduct(app.db, { stock: 5 });
    const draft = draftFor({ product, customerUuid: null, quantity: 1 });
    draft.totals.grand_total += 1;
    await expect(placeOrder(app, draft)).rejects.toThrow(/grand_total/);
    expect(await inTransaction(app.db, (tx) => app.services.orders.findOrderByCart(tx, draft.cart_id))).toBeNull();
    expect(await stockOf(app.db, product.id)).toBe(5);
  });
});

/** Minor units of a formatted amount in either locale ("£1,234.56", "1.234,56 €"): every currency here has two decimals. */
const minor = (formatted: string) => Number(formatted.replace(/[^0-9]/g, ''));

/** The amounts an order e-mail prints: item lines, then subtotal, discounts, shipping, total and included taxes. */
function printedAmounts(body: string, words: { subtotal: string; discount: string; shipping: string; total: string; tax: string }) {
  const rows = body.split('\n');
  const value = (prefix: string) => rows.filter((r) => r.startsWith(prefix)).map((r) => minor(r.slice(r.lastIndexOf(':') + 1)));
  return {
    items: rows.filter((r) => /^\d+ × /.test(r)).map((r) => minor(r.slice(r.lastIndexOf('  ')))),
    subtotal: value(`${words.subtotal}:`),
    discounts: value(`${words.discount} (`),
    shipping: value(`${words.shipping}:`),
    total: value(`${words.total}:`),
    taxes: value(`${words.tax} `),
  };
}

const WORDS = {
  en: { subtotal: 'Subtotal', discount: 'Discount', shipping: 'Shipping', total: 'Total', tax: 'Including' },
  de: { subtotal: 'Zwischensumme', discount: 'Rabatt', shipping: 'Versand', total: 'Gesamt', tax: 'inkl.' },
};

describe('order e-mails', () => {
  it.each([
    { store: 'gb', website: 'uk', currency: 'GBP', language: 'en' as const },
    { store: 'de', website: 'de', currency: 'EUR', language: 'de' as const },
  ])('print every line and total line of a $store order, adding up to its total, received first and confirmed once paid', async ({ store, website, currency, language }) => {
    const { app } = server;
    const product = await createProduct(app.db, { stock: 10 });
    const email = `mail+${randomUUID().slice(0, 8)}@example.com`;
    const draft = { ...draftFor({ product, customerUuid: null, email, quantity: 3 }), store_code: store, website_code: website, currency };
    const placed = await placeOrder(app, draft);
    await inTransaction(app.db, (tx) =>
      app.services.orders.markPaid(tx, placed.entity_id, { payment_uuid: randomUUID(), provider_reference: 'ref-mail', amount: draft.totals.grand_total, currency }),
    );
    const mails = (await app.services.messaging.listRecent({ recipient: email, limit: 5 })).reverse();
    expect(mails.map((m) => [m.template, m.language])).toEqual([['order_received', language], ['order_confirmed', language]]);
    for (const mail of mails) {
      const printed = printedAmounts(mail.body, WORDS[language]);
      expect(printed.items).toEqual([draft.items[0]!.row_total_incl_tax]);
      expect(printed.subtotal).toEqual([printed.items.reduce((s, n) => s + n, 0)]);
      expect(printed.discounts).toEqual(draft.totals.discounts.map((d) => d.amount));
      expect(printed.discounts.length).toBeGreaterThan(0);
      expect(printed.shipping).toEqual([draft.totals.shipping_incl_tax]);
      expect(printed.total).toEqual([printed.subtotal[0]! - printed.discounts.reduce((s, n) => s + n, 0) + printed.shipping[0]!]);
      expect(printed.total).toEqual([draft.totals.grand_total]);
      expect(printed.taxes).toEqual(draft.totals.taxes.map((t) => t.amount));
    }
  });

  it('confirms an order once however often the payment is reported, and confirms an order with nothing to pay at placement', async () => {
    const { app } = server;
    const product = await createProduct(app.db, { stock: 10 });
    const email = `mail+${randomUUID().slice(0, 8)}@example.com`;
    const draft = draftFor({ product, customerUuid: null, email, quantity: 1 });
    const placed = await placeOrder(app, draft);
    const payment = { payment_uuid: randomUUID(), provider_reference: 'ref-once', amount: draft.totals.grand_total, currency: 'GBP' };
    for (let i = 0; i < 3; i++) await inTransaction(app.db, (tx) => app.services.orders.markPaid(tx, placed.entity_id, payment));
    expect((await app.services.messaging.listRecent({ recipient: email, limit: 10 })).map((m) => m.template).sort()).toEqual(['order_confirmed', 'order_received']);

    const freeEmail = `free+${randomUUID().slice(0, 8)}@example.com`;
    const free = draftFor({ product, customerUuid: null, email: freeEmail, quantity: 1 });
    const discount = free.totals.subtotal_incl_tax + free.totals.shipping_incl_tax;
    const nothingDue = {
      ...free,
      initial_status: 'pending' as const,
      totals: { ...free.totals, discounts: [{ label: 'Gift card', amount: discount, coupon_code: 'GIFT' }], grand_total: 0 },
    };
    await placeOrder(app, nothingDue);
    const [mail] = await app.services.messaging.listRecent({ recipient: freeEmail, limit: 5 });
    expect(mail?.template).toBe('order_confirmed');
    expect(printedAmounts(mail!.body, WORDS.en).total).toEqual([0]);
  });
});
