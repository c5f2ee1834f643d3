import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../platform/db.js';
import { serveForSuite, type TestServer } from '../test/test-app.js';
import { draftFor, makeProduct, placeOrder, stockOf } from '../test/orders-fixtures.js';
import type { PlacedOrder } from '../modules/orders/orders.contract.js';
import { registerCustomer, withoutRequestId, type Customer } from './security-fixtures.js';

/*
 * Checklist item 5: an order number or entity id is not a credential. Customer A (and an anonymous
 * caller) walks the numbers around B's order, reads, exports, cancels and re-pays it, and B's order
 * and the stock stay as they were.
 */

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

async function gqlWith(query: string, variables: Record<string, unknown>, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', store: 'gb' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: any[] } };
}

let a: Customer;
let b: Customer;
let product: { id: number; sku: string };
let order: PlacedOrder;

async function orderState(number: string) {
  const { rows } = await db.query('SELECT to_jsonb(o) AS row FROM orders_order o WHERE order_number = $1', [number]);
  return { order: rows[0], stock: await stockOf(db, product.id) };
}

/** The order number `step` places after (or before) `number`, keeping its store prefix and width. */
function neighbour(number: string, step: number): string {
  const m = /^(.*?)(\d+)$/.exec(number)!;
  return m[1]! + String(Number(m[2]) + step).padStart(m[2]!.length, '0');
}

beforeAll(async () => {
  [a, b] = await Promise.all([registerCustomer(server), registerCustomer(server)]);
  product = await makeProduct(db, 10);
  order = await placeOrder(server.app, draftFor({ product, customerUuid: b.uuid, email: b.email }));
});

describe("another customer's order (checklist 5)", () => {
  it("finds nothing for A or an anonymous caller walking the order numbers around B's, and never B's e-mail or items", async () => {
    const query = 'query ($n: String!) { customerOrder(number: $n) { number email items { product_sku } } }';
    for (const token of [a.token, undefined]) {
      for (let step = -3; step <= 3; step++) {
        const res = await gqlWith(query, { n: neighbour(order.order_number, step) }, token);
        expect(res.body.data?.customerOrder ?? null).toBeNull();
        expect(res.body.errors?.[0]?.extensions?.code).toBe(token ? 'ORDER_NOT_FOUND' : 'UNAUTHORISED');
        expect(JSON.stringify(res.body)).not.toContain(b.email);
        expect(JSON.stringify(res.body)).not.toContain(product.sku);
      }
    }
  });

  it("refuses A's cancelOrder and setPaymentMethodOnOrder on B's order exactly like an unknown id, and the order and stock stay", async () => {
    const before = await orderState(order.order_number);
    const cancel = 'mutation ($id: ID!) { cancelOrder(input: { order_id: $id, reason: "Not mine" }) { error order { status_code } } }';
    const repay = 'mutation ($id: ID!) { setPaymentMethodOnOrder(input: { order_id: $id, payment_method: { code: "checkmo" } }) { order { number } } }';
    const unknownId = Buffer.from('999999999').toString('base64');
    for (const op of [cancel, repay]) {
      for (const token of [a.token, undefined]) {
        const foreign = await gqlWith(op, { id: order.entity_id }, token);
        const missing = await gqlWith(op, { id: unknownId }, token);
        expect(foreign.body.errors?.length).toBeGreaterThan(0);
        expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
      }
    }
    expect(await orderState(order.order_number)).toEqual(before);
  });

  it('lets B, the owner, still see the order afterwards', async () => {
    const own = await gqlWith('query ($n: String!) { customerOrder(number: $n) { number status } }', { n: order.order_number }, b.token);
    expect(own.body.data.customerOrder.number).toBe(order.order_number);
  });
});
