import { describe, expect, it } from 'vitest';
import { createCustomer, gql } from '@ember/test-support';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import { deliveredOrder, operator, RETURNS_ENV } from './returns.fixtures.js';

/** Adobe Commerce's RMA GraphQL over the returns service: requestReturn, customer.returns, CustomerOrder.returns. */

let server: TestServer;
serveForSuite((s) => {
  server = s;
}, RETURNS_ENV);

const REQUEST = `mutation ($input: RequestReturnInput!) {
  requestReturn(input: $input) {
    return { uid number status items { uid quantity request_quantity status order_item { id product_sku product_name } } comments { text author_name created_at } }
    returns { total_count items { number } }
  }
}`;
const MINE = `query ($n: String!) {
  customer {
    returns(pageSize: 10, currentPage: 1) { total_count page_info { current_page total_pages } items { number status comments { text } } }
    orders(filter: { number: { eq: $n } }) { items { number returns { total_count items { number status } } } }
  }
}`;
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('returns over GraphQL', () => {
  it('requests a return with the order’s and its line’s uids and lists it on the customer and the order', async () => {
    const o = await deliveredOrder(server);
    const input = { order_uid: b64(o.entity_id), items: [{ order_item_uid: b64(`order-item/${o.item_uid}`), quantity_to_return: 1 }], reason: 'wrong_item', comment_text: 'Wrong colour' };
    const res = await gql(server, REQUEST, { input }, { token: o.customer.token, store: 'gb' });
    expect(res.body.errors).toBeUndefined();
    const made = res.body.data.requestReturn;
    expect(made.return).toMatchObject({
      status: 'PENDING',
      items: [{ quantity: 1, request_quantity: 1, status: 'PENDING', order_item: { id: b64(`order-item/${o.item_uid}`), product_sku: o.product.sku } }],
      comments: [{ text: 'PENDING: Wrong colour', author_name: 'Customer' }],
    });
    expect(made.returns).toMatchObject({ total_count: 1, items: [{ number: made.return.number }] });

    await operator(server, made.return.number, 'authorize');
    const mine = await gql(server, MINE, { n: o.order_number }, { token: o.customer.token, store: 'gb' });
    expect(mine.body.errors).toBeUndefined();
    expect(mine.body.data.customer.returns).toMatchObject({ total_count: 1, page_info: { current_page: 1, total_pages: 1 }, items: [{ number: made.return.number, status: 'AUTHORIZED' }] });
    expect(mine.body.data.customer.returns.items[0].comments.map((c: { text: string }) => c.text)).toEqual(['PENDING: Wrong colour', 'AUTHORIZED']);
    expect(mine.body.data.customer.orders.items[0].returns).toMatchObject({ total_count: 1, items: [{ number: made.return.number, status: 'AUTHORIZED' }] });
  });

  it('refuses a guest, another customer’s order, and more than was bought', async () => {
    const o = await deliveredOrder(server);
    const input = (quantity: number) => ({ order_uid: o.order_number, items: [{ order_item_uid: o.item_uid, quantity_to_return: quantity }] });
    const guest = await gql(server, REQUEST, { input: input(1) }, { store: 'gb' });
    expect(guest.body.errors?.[0]?.extensions.category).toBe('graphql-authorization');
    const other = await createCustomer(server);
    const foreign = await gql(server, REQUEST, { input: input(1) }, { token: other.token, store: 'gb' });
    expect(foreign.body.errors?.[0]?.extensions).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    const over = await gql(server, REQUEST, { input: input(3) }, { token: o.customer.token, store: 'gb' });
    expect(over.body.errors?.[0]?.extensions).toMatchObject({ code: 'ITEM_QTY' });
    const half = await gql(server, REQUEST, { input: input(1.5) }, { token: o.customer.token, store: 'gb' });
    expect(half.body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
