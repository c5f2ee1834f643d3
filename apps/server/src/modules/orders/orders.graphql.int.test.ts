import { randomUUID } from 'node:crypto';
import { createCustomer, createProduct, stockOf } from '@ember/test-support';
import { BANK_TRANSFER_METHOD } from '../payments/payments.methods.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-app.js';
import { draftFor, placeOrder } from '../../test/orders-fixtures.js';
import { inTransaction } from '../../platform/transaction.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function gql(query: string, variables: Record<string, unknown> = {}, opts: { token?: string; store?: string } = {}) {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      store: opts.store ?? 'gb',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: any[] } };
}

const ORDER_FIELDS = `
  id entity_id number order_date status status_code is_cancelable store_code website_code order_type email carrier shipping_method shipping_method_code
  status_reason { reason_code reason_message }
  items {
    __typename id product_name product_sku product_type status quantity_ordered quantity_shipped quantity_canceled
    product_sale_price { value currency } row_total_including_tax { value currency }
    gift_data { is_gift parent_gift_sku } selected_options { label value }
    ... on BundleOrderItem { bundle_options { label values { product_sku quantity price { value } } } }
  }
  total {
    subtotal { value } subtotal_including_tax { value } grand_total { value currency } total_shipping { value } total_tax { value }
    total_refunded { value } grand_total_after_refund { value }
    discounts { amount { value } label coupon { code } } taxes { title rate amount { value } }
  }
  shipments { number tracking { carrier number track_url } }
  payment_methods { name type method_code }
  invoices { number url }
  shipping_address { firstname street city postcode country_code local_details { name value } }
  billing_address { lastname }
  applied_coupons { code }
  additional_attributes { code ... on AttributeValue { value } }
  comments { message }
`;

async function customerWithOrder(quantity = 2) {
  const { app } = server;
  const product = await createProduct(app.db, { stock: 20 });
  const customer = await createCustomer(server);
  const placed = await placeOrder(app, draftFor({ product, customerUuid: customer.uuid, email: customer.email, quantity }));
  return { product, customer, placed };
}

describe('customer.orders', () => {
  it("lists the signed-in customer's orders with items, totals, payment and addresses in Magento's shapes", async () => {
    const { customer, placed, product } = await customerWithOrder();
    const res = await gql(`{ customer { orders(pageSize: 5) { total_count page_info { current_page page_size total_pages } items { ${ORDER_FIELDS} } } } }`, {}, { token: customer.token });
    expect(res.body.errors).toBeUndefined();
    const orders = res.body.data.customer.orders;
    expect(orders.total_count).toBe(1);
    expect(orders.page_info).toEqual({ current_page: 1, page_size: 5, total_pages: 1 });
    const o = orders.items[0];
    expect(o).toMatchObject({
      entity_id: placed.entity_id,
      number: placed.order_number,
      status: 'Pending payment',
      status_code: 'pending_payment',
      is_cancelable: true,
      store_code: 'gb',
      website_code: 'uk',
      order_type: 'REGULAR',
      carrier: 'Royal Mail',
      shipping_method_code: 'tablerate_standard',
      payment_methods: [{ type: 'checkmo', method_code: 'checkmo' }],
      invoices: [],
      applied_coupons: [{ code: 'WELCOME' }],
      additional_attributes: [{ code: 'delivery_note', value: 'Leave at the door' }],
      comments: [{ message: 'Pending payment' }],
    });
    expect(o.order_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(o.items).toEqual([
      expect.objectContaining({
        __typename: 'OrderItem',
        product_sku: product.sku,
        quantity_ordered: 2,
        product_sale_price: { value: 12.5, currency: 'GBP' },
        row_total_including_tax: { value: 25, currency: 'GBP' },
        gift_data: { is_gift: false, parent_gift_sku: null },
        selected_options: [{ label: 'Colour', value: 'Slate' }],
      }),
    ]);
    expect(o.total).toMatchObject({
      subtotal_including_tax: { value: 25 },
      grand_total: { value: 27.99, currency: 'GBP' },
      total_shipping: { value: 3.99 },
      total_refunded: { value: 0 },
      grand_total_after_refund: { value: 27.99 },
      discounts: [{ amount: { value: 1 }, label: 'Welcome', coupon: { code: 'WELCOME' } }],
      taxes: [{ title: 'VAT', rate: 20 }],
    });
    expect(o.shipping_address).toMatchObject({ street: ['Baker Street', '221b', ''], country_code: 'GB', local_details: [{ name: 'premise', value: 'Flat 2' }] });
  });

  it('filters by number, pages and sorts, and keeps to the store view unless the scope widens it', async () => {
    const { app } = server;
    const product = await createProduct(app.db, { stock: 20 });
    const customer = await createCustomer(server);
    const a = await placeOrder(app, draftFor({ product, customerUuid: customer.uuid, quantity: 1 }));
    const b = await placeOrder(app, draftFor({ product, customerUuid: customer.uuid, quantity: 1 }));
    const de = await placeOrder(app, { ...draftFor({ product, customerUuid: customer.uuid, quantity: 1 }), store_code: 'de', website_code: 'de', currency: 'EUR' });
    const q = `query($f: CustomerOrdersFilterInput, $s: CustomerOrderSortInput, $scope: ScopeTypeEnum, $size: Int, $page: Int) {
      customer { orders(filter: $f, sort: $s, scope: $scope, pageSize: $size, currentPage: $page) { total_count items { number } } } }`;
    const byNumber = await gql(q, { f: { number: { eq: b.order_number } } }, { token: customer.token });
    expect(byNumber.body.data.customer.orders.items.map((o: { number: string }) => o.number)).toEqual([b.order_number]);
    const matched = await gql(q, { f: { number: { match: b.order_number.slice(3) } } }, { token: customer.token });
    expect(matched.body.data.customer.orders.items).toEqual([{ number: b.order_number }]);
    const wildcard = await gql(q, { f: { number: { match: '%' } } }, { token: customer.token });
    expect(wildcard.body.data.customer.orders.total_count).toBe(0);
    const asc = await gql(q, { s: { sort_field: 'NUMBER', sort_direction: 'ASC' }, size: 1, page: 2 }, { token: customer.token });
    expect(asc.body.data.customer.orders).toEqual({ total_count: 2, items: [{ number: b.order_number }] });
    const global = await gql(q, { scope: 'GLOBAL' }, { token: customer.token });
    expect(global.body.data.customer.orders.items.map((o: { number: string }) => o.number).sort()).toEqual([a, b, de].map((o) => o.order_number).sort());
    const trial = await gql(q, { f: { order_type: { eq: 'TRIAL' } }, scope: 'GLOBAL' }, { token: customer.token });
    expect(trial.body.data.customer.orders.total_count).toBe(0);
  });

  it("answers another customer's order exactly like a missing one", async () => {
    const { placed } = await customerWithOrder();
    const stranger = await createCustomer(server);
    const single = await gql(`query($n: String!) { customerOrder(number: $n) { number } }`, { n: placed.order_number }, { token: stranger.token });
    expect(single.body.errors?.[0]?.extensions).toEqual({ category: 'graphql-no-such-entity', code: 'ORDER_NOT_FOUND' });
    const missing = await gql(`query($n: String!) { customerOrder(number: $n) { number } }`, { n: 'GB-999999999' }, { token: stranger.token });
    expect(missing.body.errors?.[0]?.extensions).toEqual(single.body.errors?.[0]?.extensions);
    expect(missing.body.errors?.[0]?.message).toBe(single.body.errors?.[0]?.message);
    const listed = await gql(`query($n: String!) { customer { orders(filter: { number: { eq: $n } }) { total_count items { number } } } }`, { n: placed.order_number }, { token: stranger.token });
    expect(listed.body.data.customer.orders).toEqual({ total_count: 0, items: [] });
    const exported = await gql(`query($n: String!) { exportedOrder(orderNumber: $n) { number } }`, { n: placed.order_number }, { token: stranger.token });
    expect(exported.body.errors?.[0]?.extensions.code).toBe('ORDER_NOT_FOUND');
    const cancel = await gql(`mutation($id: ID!) { cancelOrder(input: { order_id: $id, reason: "x" }) { error } }`, { id: placed.entity_id }, { token: stranger.token });
    expect(cancel.body.errors?.[0]?.extensions.code).toBe('ORDER_NOT_FOUND');
  });

  it('fetches one order by number and exports it for its owner', async () => {
    const { customer, placed } = await customerWithOrder();
    const single = await gql(`query($n: String!) { customerOrder(number: $n) { number entity_id } exportedOrder(orderNumber: $n) { number email items { sku quantity row_total { value } } grand_total { value currency } } }`, { n: placed.order_number }, { token: customer.token });
    expect(single.body.errors).toBeUndefined();
    expect(single.body.data.customerOrder).toEqual({ number: placed.order_number, entity_id: placed.entity_id });
    expect(single.body.data.exportedOrder).toMatchObject({ number: placed.order_number, email: customer.email, grand_total: { value: 27.99, currency: 'GBP' } });
  });

  it('refuses orders without a bearer token', async () => {
    const res = await gql(`{ customerOrder(number: "GB-000000001") { number } }`);
    expect(res.body.errors?.[0]?.extensions.code).toBe('UNAUTHORISED');
  });
});

describe('order reference data', () => {
  it('lists every spec status with its store-view label and cancelable flag', async () => {
    const en = await gql(`{ orderStatuses { status_value status_label cancelable } }`);
    const values = en.body.data.orderStatuses.map((s: { status_value: string }) => s.status_value);
    for (const s of ['new', 'processing', 'confirmed', 'pending_payment', 'payment_failed', 'payment_completed', 'shipped', 'shipped_to_warehouse', 'delivered', 'on_hold', 'delivered_to_pick_up_point', 'pending', 'pending_cancellation', 'canceled', 'returned', 'complete']) {
      expect(values).toContain(s);
    }
    expect(en.body.data.orderStatuses.find((s: { status_value: string }) => s.status_value === 'shipped')).toEqual({ status_value: 'shipped', status_label: 'Shipped', cancelable: false });
    const de = await gql(`{ orderStatuses { status_value status_label cancelable } }`, {}, { store: 'de' });
    expect(de.body.data.orderStatuses.find((s: { status_value: string }) => s.status_value === 'pending')).toEqual({ status_value: 'pending', status_label: 'Ausstehend', cancelable: true });
  });

  it("lists the store view's order attributes with placement and validation, and refuses other entity types", async () => {
    const { app } = server;
    const code = `note_${randomUUID().slice(0, 8)}`;
    await app.db.query(
      `INSERT INTO orders_attribute (store_code, code, label, input_type, is_required, min_length, max_length, validate_regex, placeholder, placement, sort_order)
       VALUES ('gb', $1, 'Delivery note', 'textarea', true, 2, 200, '^[^<>]*$', 'Leave at the door', 'shippingAddress_after', 10)`,
      [code],
    );
    const res = await gql(`{ attributesList(entityType: SALES_ORDER) { items { code label entity_type frontend_input is_required
      ... on OrderAttributeMetadata { placement sort_order placeholder validate_rules { name value } } } errors { type } } }`);
    expect(res.body.data.attributesList.errors).toEqual([]);
    expect(res.body.data.attributesList.items).toContainEqual({
      code,
      label: 'Delivery note',
      entity_type: 'SALES_ORDER',
      frontend_input: 'TEXTAREA',
      is_required: true,
      placement: 'shippingAddress_after',
      sort_order: 10,
      placeholder: 'Leave at the door',
      validate_rules: [
        { name: 'MIN_TEXT_LENGTH', value: '2' },
        { name: 'MAX_TEXT_LENGTH', value: '200' },
        { name: 'INPUT_VALIDATION', value: '^[^<>]*$' },
      ],
    });
    const de = await gql(`{ attributesList(entityType: SALES_ORDER) { items { code } } }`, {}, { store: 'de' });
    expect(de.body.data.attributesList.items.map((i: { code: string }) => i.code)).not.toContain(code);
    const other = await gql(`{ attributesList(entityType: CUSTOMER) { items { code } errors { type } } }`);
    expect(other.body.data.attributesList).toEqual({ items: [], errors: [{ type: 'ENTITY_NOT_FOUND' }] });
    await expect(
      app.db.query(`INSERT INTO orders_attribute (store_code, code, label, input_type, placement) VALUES ('gb', $1, 'X', 'text', 'footer')`, [`${code}_x`]),
    ).rejects.toMatchObject({ code: '23514' });
    // A required attribute left active would refuse every later gb order in a shared database.
    await app.db.query('UPDATE orders_attribute SET is_active = false WHERE code = $1', [code]);
  });

  it('answers the delivery limits of the store view', async () => {
    // The demo seed has these rows; a database seeded before them gets them here.
    await server.app.db.query(
      `INSERT INTO orders_delivery_limit (id, store_code, mode, country_id, name) VALUES ('de-at', 'de', 'ALLOW', 'AT', 'Österreich') ON CONFLICT DO NOTHING`,
    );
    const res = await gql(`{ orderDeliveryLimits { mode limits { id country_id name } } }`, {}, { store: 'de' });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.orderDeliveryLimits.mode).toBe('ALLOW');
    expect(res.body.data.orderDeliveryLimits.limits).toContainEqual({ id: 'de-at', country_id: 'AT', name: 'Österreich' });
    const ch = await gql(`{ orderDeliveryLimits { mode limits { id } } }`, {}, { store: 'gb_trial' });
    expect(ch.body.data.orderDeliveryLimits).toEqual({ mode: null, limits: [] });
  });
});

describe('cancelOrder', () => {
  const CANCEL = `mutation($id: ID!) { cancelOrder(input: { order_id: $id, reason: "Changed my mind" }) { error order { status_code is_cancelable items { quantity_canceled } } } }`;

  it('cancels a cancelable order by its number, puts the stock back, and refuses a second cancel', async () => {
    const { customer, placed, product } = await customerWithOrder(3);
    expect(await stockOf(server.app.db, product.id)).toBe(17);
    const first = await gql(CANCEL, { id: placed.order_number }, { token: customer.token });
    expect(first.body.data.cancelOrder).toEqual({ error: null, order: { status_code: 'canceled', is_cancelable: false, items: [{ quantity_canceled: 3 }] } });
    expect(await stockOf(server.app.db, product.id)).toBe(20);
    const second = await gql(CANCEL, { id: placed.entity_id }, { token: customer.token });
    expect(second.body.data.cancelOrder.error).toMatch(/can no longer be cancelled/);
    expect(second.body.data.cancelOrder.order.status_code).toBe('canceled');
    expect(await stockOf(server.app.db, product.id)).toBe(20);
  });

  it('restores stock exactly once under 10 parallel cancels', async () => {
    const { customer, placed, product } = await customerWithOrder(4);
    expect(await stockOf(server.app.db, product.id)).toBe(16);
    const results = await Promise.all(Array.from({ length: 10 }, () => gql(CANCEL, { id: placed.entity_id }, { token: customer.token })));
    const done = results.filter((r) => r.body.data?.cancelOrder?.error === null);
    const refused = results.filter((r) => typeof r.body.data?.cancelOrder?.error === 'string');
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(9);
    expect(await stockOf(server.app.db, product.id)).toBe(20);
    const history = await server.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders_status_history h JOIN orders_order o ON o.id = h.order_id WHERE o.entity_id = $1 AND h.to_status = 'canceled'`,
      [placed.entity_id],
    );
    expect(history.rows[0]!.n).toBe(1);
  });

  it('refuses to cancel once the order is being processed', async () => {
    const { customer, placed, product } = await customerWithOrder(1);
    const { app } = server;
    await inTransaction(app.db, (tx) => app.services.orders.markPaid(tx, placed.entity_id, { payment_uuid: randomUUID(), provider_reference: 'ref-1', amount: 1250 - 100 + 399, currency: 'GBP' }));
    await inTransaction(app.db, (tx) => app.services.orders.changeStatus(tx, placed.order_number, { to: 'processing', actor: 'operator' }));
    const res = await gql(CANCEL, { id: placed.order_number }, { token: customer.token });
    expect(res.body.data.cancelOrder).toMatchObject({ error: expect.any(String), order: { status_code: 'processing' } });
    expect(await stockOf(app.db, product.id)).toBe(19);
  });
});

describe('setPaymentMethodOnOrder', () => {
  const SET = `mutation($id: ID!, $code: String!) { setPaymentMethodOnOrder(input: { order_id: $id, payment_method: { code: $code } }) { success error order { status_code payment_methods { method_code } } } }`;

  it('changes the method while the order waits for payment, and a failed order waits for payment again', async () => {
    const { customer, placed } = await customerWithOrder(1);
    const { app } = server;
    const early = await gql(SET, { id: placed.entity_id, code: BANK_TRANSFER_METHOD }, { token: customer.token });
    expect(early.body.data.setPaymentMethodOnOrder).toEqual({ success: true, error: null, order: { status_code: 'pending_payment', payment_methods: [{ method_code: BANK_TRANSFER_METHOD }] } });
    await inTransaction(app.db, (tx) => app.services.orders.markPaymentFailed(tx, placed.entity_id, { code: 'card_declined', message: 'The card was declined' }));
    const failed = await gql(`query($n: String!) { customerOrder(number: $n) { status_code status_reason { reason_code reason_message } } }`, { n: placed.order_number }, { token: customer.token });
    expect(failed.body.data.customerOrder).toEqual({ status_code: 'payment_failed', status_reason: { reason_code: 'card_declined', reason_message: 'The card was declined' } });
    const bad = await gql(SET, { id: placed.entity_id, code: 'Not A Code' }, { token: customer.token });
    expect(bad.body.data.setPaymentMethodOnOrder.success).toBe(false);
    // Well-formed but not offered by the store view's payments.
    const unoffered = await gql(SET, { id: placed.entity_id, code: 'banktransfer' }, { token: customer.token });
    expect(unoffered.body.data.setPaymentMethodOnOrder).toMatchObject({ success: false, order: { status_code: 'payment_failed' } });
    const ok = await gql(SET, { id: placed.entity_id, code: BANK_TRANSFER_METHOD }, { token: customer.token });
    expect(ok.body.data.setPaymentMethodOnOrder).toEqual({ success: true, error: null, order: { status_code: 'pending_payment', payment_methods: [{ method_code: BANK_TRANSFER_METHOD }] } });
    await inTransaction(app.db, (tx) => app.services.orders.markPaid(tx, placed.entity_id, { payment_uuid: randomUUID(), provider_reference: 'ref-2', amount: 1250 - 100 + 399, currency: 'GBP' }));
    const paid = await gql(SET, { id: placed.entity_id, code: 'ember_card' }, { token: customer.token });
    expect(paid.body.data.setPaymentMethodOnOrder).toMatchObject({ success: false, order: { status_code: 'payment_completed', payment_methods: [{ method_code: BANK_TRANSFER_METHOD }] } });
  });
});
