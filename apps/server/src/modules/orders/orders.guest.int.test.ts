import { randomUUID } from 'node:crypto';
import { createCustomer, createProduct, gql } from '@ember/test-support';
import { BANK_TRANSFER_METHOD } from '../payments/payments.methods.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-app.js';
import { draftFor, placeOrder } from '../../test/orders-fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const GUEST_ORDER = `query ($i: OrderInformationInput!) { guestOrder(input: $i) { number email status_code items { product_sku quantity_ordered } billing_address { lastname postcode } total { grand_total { value currency } } } }`;

async function guestOrder() {
  const product = await createProduct(server.app.db, { stock: 20 });
  const email = `guest+${randomUUID().slice(0, 8)}@example.com`;
  const placed = await placeOrder(server.app, draftFor({ product, customerUuid: null, email }));
  return { product, email, placed };
}

const lookup = (input: Record<string, unknown>) => gql(server, GUEST_ORDER, { i: input }, { store: 'gb' });

describe('guestOrder', () => {
  it('answers a guest their order for its number, e-mail and billing postcode, in any case and spacing', async () => {
    const { email, placed, product } = await guestOrder();
    const res = await lookup({ number: placed.order_number.toLowerCase(), email: email.toUpperCase(), postcode: 'nw16xe' });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.guestOrder).toMatchObject({
      number: placed.order_number, email, status_code: 'pending_payment',
      items: [{ product_sku: product.sku, quantity_ordered: 2 }], billing_address: { lastname: 'Order', postcode: 'NW1 6XE' },
    });
  });

  it("accepts the billing last name instead of the postcode (Magento 2.4.8's input)", async () => {
    const { email, placed } = await guestOrder();
    const res = await lookup({ number: placed.order_number, email, postcode: '', lastname: ' order ' });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.guestOrder.number).toBe(placed.order_number);
  });

  it('answers a wrong number, a wrong e-mail, a wrong postcode and a wrong last name with one identical error', async () => {
    const { email, placed } = await guestOrder();
    const answers = await Promise.all([
      lookup({ number: 'GB-999999999', email, postcode: 'NW1 6XE' }),
      lookup({ number: placed.order_number, email: 'someone.else@example.com', postcode: 'NW1 6XE' }),
      lookup({ number: placed.order_number, email, postcode: 'SW1A 1AA' }),
      lookup({ number: placed.order_number, email, postcode: '', lastname: 'Other' }),
    ]);
    const shapes = answers.map((r) => ({ status: r.status, data: r.body.data, errors: r.body.errors?.map((e: any) => ({ message: e.message, code: e.extensions?.code, category: e.extensions?.category })) }));
    expect(shapes[0]!.errors).toEqual([{ message: expect.any(String), code: 'ORDER_NOT_FOUND', category: 'graphql-no-such-entity' }]);
    for (const s of shapes) expect(s).toEqual(shapes[0]);
  });

  it("never shows a customer's order to a guest lookup, and asks for sign-in only when every fact matched", async () => {
    const product = await createProduct(server.app.db, { stock: 20 });
    const customer = await createCustomer(server);
    const placed = await placeOrder(server.app, draftFor({ product, customerUuid: customer.uuid, email: customer.email }));
    const wrong = await lookup({ number: placed.order_number, email: customer.email, postcode: 'SW1A 1AA' });
    expect(wrong.body.errors?.[0]?.extensions?.code).toBe('ORDER_NOT_FOUND');
    const right = await lookup({ number: placed.order_number, email: customer.email, postcode: 'NW1 6XE' });
    expect(right.body.data?.guestOrder ?? null).toBeNull();
    expect(right.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORISED');
  });

  it('refuses a lookup without postcode and last name, and over-long input, as input errors', async () => {
    const { email, placed } = await guestOrder();
    const none = await lookup({ number: placed.order_number, email, postcode: ' ' });
    expect(none.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    const long = await lookup({ number: 'X'.repeat(65), email, postcode: 'NW1 6XE' });
    expect(long.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    expect(long.status).toBeLessThan(500);
  });

  it('counts lookups per order number: the eleventh within an hour is RATE_LIMITED, right facts or not', async () => {
    const { email, placed } = await guestOrder();
    for (let i = 0; i < 10; i++) {
      const r = await lookup({ number: placed.order_number, email, postcode: `AB${i} 1CD` });
      expect(r.body.errors?.[0]?.extensions?.code).toBe('ORDER_NOT_FOUND');
    }
    const limited = await lookup({ number: placed.order_number, email, postcode: 'NW1 6XE' });
    expect(limited.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(limited.body.data?.guestOrder ?? null).toBeNull();
  });
});

describe("the spec's cancelorder and updatePaymentMethod", () => {
  async function customerWithOrder() {
    const product = await createProduct(server.app.db, { stock: 20 });
    const customer = await createCustomer(server);
    const placed = await placeOrder(server.app, draftFor({ product, customerUuid: customer.uuid, email: customer.email }));
    return { customer, placed };
  }
  const CANCEL = 'mutation ($n: String!) { cancelorder(orderNumber: $n) { error order { number status_code } } }';
  const UPDATE = 'mutation ($o: String!, $m: String!) { updatePaymentMethod(orderId: $o, methodCode: $m) { success error order { number payment_methods { type } } } }';

  it('cancelorder cancels the signed-in customer\'s order by number', async () => {
    const { customer, placed } = await customerWithOrder();
    const res = await gql(server, CANCEL, { n: placed.order_number }, { store: 'gb', token: customer.token });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.cancelorder).toEqual({ error: null, order: { number: placed.order_number, status_code: 'canceled' } });
    const again = await gql(server, CANCEL, { n: placed.order_number }, { store: 'gb', token: customer.token });
    expect(again.body.data.cancelorder.error).toEqual(expect.any(String));
    expect(again.body.data.cancelorder.order.status_code).toBe('canceled');
  });

  it("refuses another customer's order and a guest like a missing one or an unknown customer", async () => {
    const { placed } = await customerWithOrder();
    const other = await createCustomer(server);
    const res = await gql(server, CANCEL, { n: placed.order_number }, { store: 'gb', token: other.token });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('ORDER_NOT_FOUND');
    const anon = await gql(server, CANCEL, { n: placed.order_number }, { store: 'gb' });
    expect(anon.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORISED');
    const pay = await gql(server, UPDATE, { o: placed.order_number, m: BANK_TRANSFER_METHOD }, { store: 'gb', token: other.token });
    expect(pay.body.errors?.[0]?.extensions?.code).toBe('ORDER_NOT_FOUND');
  });

  it('updatePaymentMethod answers success for an order awaiting payment and success false with a reason otherwise', async () => {
    const { customer, placed } = await customerWithOrder();
    const bad = await gql(server, UPDATE, { o: placed.order_number, m: 'no_such_method' }, { store: 'gb', token: customer.token });
    expect(bad.body.data.updatePaymentMethod).toMatchObject({ success: false, error: expect.any(String) });
    const ok = await gql(server, UPDATE, { o: placed.entity_id, m: BANK_TRANSFER_METHOD }, { store: 'gb', token: customer.token });
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.updatePaymentMethod).toMatchObject({ success: true, error: null, order: { number: placed.order_number, payment_methods: [{ type: BANK_TRANSFER_METHOD }] } });
  });
});

describe('attribute metadata errors', () => {
  it('attributesList answers FILTER_NOT_FOUND for a filter order attributes do not have', async () => {
    const res = await gql(server, '{ attributesList(entityType: SALES_ORDER, filters: {is_comparable: true}) { items { code } errors { type message } } }', {}, { store: 'gb' });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.attributesList.items).toEqual([]);
    expect(res.body.data.attributesList.errors).toEqual([{ type: 'FILTER_NOT_FOUND', message: expect.stringContaining('is_comparable') }]);
    const plain = await gql(server, '{ attributesList(entityType: SALES_ORDER) { items { code } errors { type } } }', {}, { store: 'gb' });
    expect(plain.body.data.attributesList.errors).toEqual([]);
  });

  it('customAttributeMetadataV2 answers known order attributes, ATTRIBUTE_NOT_FOUND for an unknown code and ENTITY_NOT_FOUND for another entity', async () => {
    const known = (await gql(server, '{ attributesList(entityType: SALES_ORDER) { items { code } } }', {}, { store: 'gb' })).body.data.attributesList.items;
    expect(known.length).toBeGreaterThan(0);
    const code = known[0].code;
    const res = await gql(
      server,
      'query ($a: [AttributeInput!]) { customAttributeMetadataV2(attributes: $a) { items { code } errors { type message } } }',
      { a: [{ attribute_code: code, entity_type: 'sales_order' }, { attribute_code: 'no_such_attribute', entity_type: 'sales_order' }, { attribute_code: code, entity_type: 'catalog_product' }] },
      { store: 'gb' },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.customAttributeMetadataV2.items).toEqual([{ code }]);
    expect(res.body.data.customAttributeMetadataV2.errors.map((e: any) => e.type)).toEqual(['ATTRIBUTE_NOT_FOUND', 'ENTITY_NOT_FOUND']);
  });
});
