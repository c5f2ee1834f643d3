import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createOperator, createProduct } from '@ember/test-support';
import { restCall, startTestServer, type TestServer } from '../test/test-app.js';
import { draftFor, placeOrder } from '../test/orders-fixtures.js';

const ADMIN_TOKEN = `console-dashboard-${randomUUID()}`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_TOKEN });
});
afterAll(async () => {
  await server.close();
});

const admin = (method: string, path: string) => restCall(server, method, path, undefined, { token: ADMIN_TOKEN });

describe('GET /admin/dashboard', () => {
  it('counts today\'s orders per store view from its midnight and what waits for people', async () => {
    const before = (await admin('GET', '/admin/dashboard')).body;
    const product = await createProduct(server.app.db, { stock: 3 });
    const customer = await createCustomer(server);
    await placeOrder(server.app, draftFor({ product, customerUuid: customer.uuid, email: customer.email }));
    const r = await admin('GET', '/admin/dashboard');
    expect(r.status).toBe(200);
    const gb = r.body.today.find((t: any) => t.store_code === 'gb');
    const gbBefore = before.today.find((t: any) => t.store_code === 'gb');
    expect(gb).toMatchObject({ timezone: expect.any(String), revenue: { currency: 'GBP' } });
    expect(gb.orders).toBe(gbBefore.orders + 1);
    expect(gb.revenue.amount).toBe(gbBefore.revenue.amount + 2 * 1250 - 100 + 399);
    expect(new Date(gb.since).getTime()).toBeLessThanOrEqual(Date.now());
    expect(r.body.payments_waiting.count).toBe(before.payments_waiting.count + 1);
    expect(r.body.low_stock.length).toBeLessThanOrEqual(20);
    expect(r.body.low_stock.some((s: any) => s.sku === product.sku && s.quantity === 1)).toBe(true);
    expect(r.body.age_checks_waiting).toEqual({ count: expect.any(Number), oldest_at: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string') });
    expect(r.body.outbox.pending).toBeGreaterThan(0);
    expect(Array.isArray(r.body.failed_jobs)).toBe(true);
  });

  it('is refused without a credential or with a customer token (401); every role may read it', async () => {
    const customer = await createCustomer(server);
    expect((await restCall(server, 'GET', '/admin/dashboard')).status).toBe(401);
    expect((await restCall(server, 'GET', '/admin/dashboard', undefined, { token: customer.token })).status).toBe(401);
    for (const role of ['marketing', 'fulfilment', 'compliance'] as const) {
      const op = await createOperator(server, ADMIN_TOKEN, role);
      expect((await op.call('GET', '/admin/dashboard')).status, role).toBe(200);
    }
  });
});
