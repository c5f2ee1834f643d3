import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createProduct } from '@ember/test-support';
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

async function get(path: string, token?: string) {
  const res = await fetch(`${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const buf = Buffer.from(await res.arrayBuffer());
  const json = res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(buf.toString('utf8')) : undefined;
  return { status: res.status, headers: res.headers, buf, json };
}

async function paidOrder(store: 'gb' | 'de' = 'gb') {
  const { app } = server;
  const product = await createProduct(app.db, { stock: 10 });
  const customer = await createCustomer(server);
  const base = draftFor({ product, customerUuid: customer.uuid, email: customer.email, quantity: 2 });
  const draft = store === 'de' ? { ...base, store_code: 'de', website_code: 'de', currency: 'EUR' } : base;
  const placed = await placeOrder(app, draft);
  await inTransaction(app.db, (tx) =>
    app.services.orders.markPaid(tx, placed.entity_id, { payment_uuid: randomUUID(), provider_reference: 'psp', amount: draft.totals.grand_total, currency: draft.currency }),
  );
  return { customer, placed };
}

describe('invoice downloads', () => {
  it('serves the owner a PDF at the url the order lists', async () => {
    const { customer, placed } = await paidOrder();
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', store: 'gb', authorization: `Bearer ${customer.token}` },
      body: JSON.stringify({ query: `query($n: String!) { customerOrder(number: $n) { invoices { number url total { grand_total { value } } } } }`, variables: { n: placed.order_number } }),
    });
    const invoices = ((await res.json()) as any).data.customerOrder.invoices;
    expect(invoices).toEqual([{ number: `INV-${placed.order_number}`, url: `/api/orders/${placed.entity_id}/invoice`, total: { grand_total: { value: 27.99 } } }]);
    const pdf = await get(invoices[0].url, customer.token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="INV-${placed.order_number}.pdf"`);
    expect(pdf.headers.get('cache-control')).toBe('no-store');
    const text = pdf.buf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    expect(text).toContain(`(${placed.order_number}) Tj`);
    expect(text).toContain('(\xa327.99) Tj');
  });

  it('writes a German invoice for a German order', async () => {
    const { customer, placed } = await paidOrder('de');
    const pdf = await get(`/api/orders/${placed.order_number}/invoice`, customer.token);
    expect(pdf.status).toBe(200);
    expect(pdf.buf.toString('latin1')).toContain('(Rechnung) Tj');
    expect(pdf.buf.toString('latin1')).toContain('(27,99 \x80) Tj');
  });

  it('serves the same invoice through both account families, owner-checked from the session', async () => {
    const { customer, placed } = await paidOrder();
    const second = await get(`/account/users/${customer.uuid}/orders/${placed.order_number}/invoice/`, customer.token);
    expect(second.status).toBe(200);
    expect(second.headers.get('content-type')).toBe('application/pdf');
    const legacy = await get(`/account-legacy/orders/${customer.uuid}/${placed.entity_id}/invoice/`, customer.token);
    expect(legacy.status).toBe(200);
    expect(legacy.buf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("answers another customer's invoice exactly like a missing one", async () => {
    const { customer, placed } = await paidOrder();
    const stranger = await createCustomer(server);
    const foreign = await get(`/api/orders/${placed.entity_id}/invoice`, stranger.token);
    const missing = await get(`/api/orders/${randomUUID()}/invoice`, stranger.token);
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toBe('ORDER_NOT_FOUND');
    expect({ ...foreign.json.error, request_id: 0 }).toEqual({ ...missing.json.error, request_id: 0 });
    // The stranger's own uuid with the victim's order, and the victim's uuid with the stranger's session.
    for (const path of [
      `/account/users/${stranger.uuid}/orders/${placed.order_number}/invoice/`,
      `/account-legacy/orders/${stranger.uuid}/${placed.order_number}/invoice/`,
    ]) {
      const res = await get(path, stranger.token);
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe('ORDER_NOT_FOUND');
    }
    for (const path of [`/account/users/${customer.uuid}/orders/${placed.order_number}/invoice/`, `/account-legacy/orders/${customer.uuid}/${placed.order_number}/invoice/`]) {
      const res = await get(path, stranger.token);
      expect(res.status).toBe(404);
      const unknownUser = await get(path.replace(customer.uuid, randomUUID()), stranger.token);
      expect({ ...res.json.error, request_id: 0 }).toEqual({ ...unknownUser.json.error, request_id: 0 });
    }
    expect((await get(`/api/orders/${placed.entity_id}/invoice`)).status).toBe(401);
  });

  it('has no invoice while the order is unpaid', async () => {
    const { app } = server;
    const product = await createProduct(app.db, { stock: 5 });
    const customer = await createCustomer(server);
    const placed = await placeOrder(app, draftFor({ product, customerUuid: customer.uuid, quantity: 1 }));
    const res = await get(`/api/orders/${placed.entity_id}/invoice`, customer.token);
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('ENTITY_NOT_FOUND');
  });
});
