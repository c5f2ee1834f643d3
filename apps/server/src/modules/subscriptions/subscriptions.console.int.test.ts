import { randomUUID } from 'node:crypto';
import { createCustomer, createOperator, restCall, type TestOperator } from '@ember/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import { makeDue, subscribe } from './subscriptions.fixtures.js';
import { runRenewals } from '../../workflows/subscription-renewal.js';

let server: TestServer;
let db: Db;
const TOKEN = 'subscriptions-console-token-0123456789abcdef';
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { PAYMENTS_SANDBOX_NOTIFY_DELAY_MS: '0', ADMIN_TOKEN: TOKEN, PAYMENTS_MERCHANT_ACCOUNT: `sub_console_${process.pid}` });

const shop = () => ({ url: server.url, app: server.app });
let support: TestOperator;
beforeAll(async () => {
  support = await createOperator(server, TOKEN, 'support');
});

describe('the console\'s subscriptions', () => {
  it('finds a customer\'s subscription, shows its renewals with the declined attempt and its retry, and audits a pause', async () => {
    // A card the sandbox saves and later declines off-session.
    const s = await subscribe(shop(), db, { card: '4000000000000341' });
    const found = await support.call('GET', `/admin/subscriptions?q=${s.customer.uuid}`);
    expect(found.status).toBe(200);
    expect(found.body.items).toEqual([expect.objectContaining({ id: s.subscriptionId, customer_uuid: s.customer.uuid, status: 'active', deliveries: 1 })]);
    expect(found.body.page_info.total).toBe(1);

    // The renewal's charge is declined and a retry is planned: the dunning shows.
    await makeDue(db, s.subscriptionId);
    await runRenewals(db, server.app.services, { only: [s.subscriptionId] });
    const detail = await support.call('GET', `/admin/subscriptions/${s.subscriptionId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.items).toEqual([{ sku: s.product.sku, quantity: 1 }]);
    expect(detail.body).toMatchObject({ status: 'past_due', deliveries: 1 });
    expect(detail.body.renewals).toEqual([expect.objectContaining({ attempt: 1, status: 'declined', reason: 'card_declined', order_number: expect.any(String), retry_at: expect.any(String) })]);
    expect(detail.body.history.map((h: { kind: string }) => h.kind)).toContain('renewal_placed');

    const paused = await support.call('PUT', `/admin/subscriptions/${s.subscriptionId}/status`, { status: 'paused', reason: 'Customer on holiday' });
    expect(paused.status).toBe(200);
    const audit = await (await createOperator(server, TOKEN, 'owner')).call('GET', `/admin/audit?entity_type=subscription&entity_id=${s.subscriptionId}`);
    expect(audit.body.items[0]).toMatchObject({ action: 'subscription.status', actor_label: support.email, before: { status: 'past_due' }, after: { status: 'paused' } });
    const pausedList = await support.call('GET', `/admin/subscriptions?status=paused&q=${s.customer.uuid}`);
    expect(pausedList.body.items.map((i: { id: string }) => i.id)).toEqual([s.subscriptionId]);
    expect((await support.call('GET', `/admin/subscriptions?status=past_due&q=${s.customer.uuid}`)).body.items).toEqual([]);
  });

  it('answers 404 for an unknown one, 400 for bad filters, and keeps other roles and customers out', async () => {
    expect((await support.call('GET', `/admin/subscriptions/${randomUUID()}`)).status).toBe(404);
    expect((await support.call('GET', '/admin/subscriptions?status=sleeping')).status).toBe(400);
    expect((await support.call('GET', '/admin/subscriptions?q=%27%3B--')).status).toBe(400);
    expect((await support.call('GET', '/admin/trials?status=nope')).status).toBe(400);
    const fulfilment = await createOperator(server, TOKEN, 'fulfilment');
    expect((await fulfilment.call('GET', '/admin/subscriptions')).status).toBe(403);
    expect((await fulfilment.call('GET', '/admin/trials')).status).toBe(403);
    const customer = await createCustomer(server);
    expect((await restCall(server, 'GET', '/admin/subscriptions', undefined, { token: customer.token })).status).toBe(401);
    // A fulfilment operator cannot change a subscription either.
    expect((await fulfilment.call('PUT', `/admin/subscriptions/${randomUUID()}/status`, { status: 'paused', reason: 'No' })).status).toBe(403);
  });
});
