import { describe, expect, it } from 'vitest';
import { createCustomer } from '@ember/test-support';
import { restCall, serveForSuite, type TestServer } from '../../test/test-app.js';
import type { Db } from '../../platform/db.js';
import { inTransaction } from '../../platform/transaction.js';
import { ADMIN, deliveredDaysAgo, deliveredOrder, operator, requestReturn, RETURNS_ENV } from './returns.fixtures.js';

/** The customer's side of returns and the operator's state machine, through the REST APIs. */

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, RETURNS_ENV);

const claimOf = async (itemUid: string) =>
  (await db.query<{ qty_claimed: number }>('SELECT qty_claimed FROM returns_order_item WHERE order_item_uid = $1::uuid', [itemUid])).rows[0]?.qty_claimed ?? 0;

describe('asking for a return', () => {
  it('lets a customer return part of a delivered order within the window and shows it PENDING with its history', async () => {
    const o = await deliveredOrder(server);
    const before = await restCall(server, 'GET', `/api/returns/orders/${o.order_number}`, undefined, { token: o.customer.token });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ is_eligible: true, ineligible_reason: null, items: [{ uid: o.item_uid, quantity_ordered: 2, returnable_quantity: 2 }], returns: [] });

    const res = await requestReturn(server, o.customer.token, { order_number: o.order_number, items: [{ order_item_uid: o.item_uid, quantity: 1 }], reason: 'damaged', comment: 'Cracked case' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'PENDING', order_number: o.order_number, reason: 'damaged', comment: 'Cracked case', method: { type: 'label', label_reference: null },
      items: [{ order_item_uid: o.item_uid, request_quantity: 1, status: 'PENDING' }],
      history: [{ status: 'PENDING', author: 'customer', comment: 'Cracked case' }],
    });
    const after = await restCall(server, 'GET', `/api/returns/orders/${o.order_number}`, undefined, { token: o.customer.token });
    expect(after.body.items[0].returnable_quantity).toBe(1);
    expect(after.body.returns.map((r: { number: string }) => r.number)).toEqual([res.body.number]);
    const mine = await restCall(server, 'GET', '/api/returns', undefined, { token: o.customer.token });
    expect(mine.body).toMatchObject({ total: 1, items: [{ number: res.body.number }] });
  });

  it('refuses a return once the window has closed, and before the order is delivered', async () => {
    const late = await deliveredOrder(server);
    await deliveredDaysAgo(server.app, late.entity_id, 15);
    const res = await requestReturn(server, late.customer.token, { order_number: late.order_number, items: [{ order_item_uid: late.item_uid, quantity: 1 }] });
    expect([res.status, res.body.error.code]).toEqual([409, 'NOT_ELIGIBLE']);
    const view = await restCall(server, 'GET', `/api/returns/orders/${late.order_number}`, undefined, { token: late.customer.token });
    expect(view.body).toMatchObject({ is_eligible: false, ineligible_reason: 'window_closed' });

    const inTime = await deliveredOrder(server);
    await deliveredDaysAgo(server.app, inTime.entity_id, 13);
    expect((await requestReturn(server, inTime.customer.token, { order_number: inTime.order_number, items: [{ order_item_uid: inTime.item_uid, quantity: 1 }] })).status).toBe(201);

    const undelivered = await deliveredOrder(server, { deliver: false });
    const early = await requestReturn(server, undelivered.customer.token, { order_number: undelivered.order_number, items: [{ order_item_uid: undelivered.item_uid, quantity: 1 }] });
    expect([early.status, early.body.error.code]).toEqual([409, 'NOT_ELIGIBLE']);
  });

  it('refuses more than was bought less what earlier returns claim', async () => {
    const o = await deliveredOrder(server);
    const body = (quantity: number) => ({ order_number: o.order_number, items: [{ order_item_uid: o.item_uid, quantity }] });
    const over = await requestReturn(server, o.customer.token, body(3));
    expect([over.status, over.body.error.code]).toEqual([400, 'ITEM_QTY']);
    expect((await requestReturn(server, o.customer.token, body(1))).status).toBe(201);
    const second = await requestReturn(server, o.customer.token, body(2));
    expect([second.status, second.body.error.code]).toEqual([400, 'ITEM_QTY']);
    expect((await requestReturn(server, o.customer.token, body(1))).status).toBe(201);
    expect(await claimOf(o.item_uid)).toBe(2);
  });

  it('lets two requests at the same time claim no more than was bought together', async () => {
    const o = await deliveredOrder(server);
    const body = { order_number: o.order_number, items: [{ order_item_uid: o.item_uid, quantity: 2 }] };
    const results = await Promise.all([requestReturn(server, o.customer.token, body), requestReturn(server, o.customer.token, body), requestReturn(server, o.customer.token, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    expect(await claimOf(o.item_uid)).toBe(2);
    // The database holds the limit on its own too.
    await expect(db.query('UPDATE returns_order_item SET qty_claimed = qty_claimed + 1 WHERE order_item_uid = $1::uuid', [o.item_uid])).rejects.toThrow();
  });

  it('answers another customer’s order like a missing one, and a guest with 401', async () => {
    const o = await deliveredOrder(server);
    const other = await createCustomer(server);
    const res = await requestReturn(server, other.token, { order_number: o.order_number, items: [{ order_item_uid: o.item_uid, quantity: 1 }] });
    expect([res.status, res.body.error.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect((await restCall(server, 'GET', `/api/returns/orders/${o.order_number}`, undefined, { token: other.token })).status).toBe(404);
    const guest = await requestReturn(server, undefined, { order_number: o.order_number, items: [{ order_item_uid: o.item_uid, quantity: 1 }] });
    expect([guest.status, guest.body.error.code]).toEqual([401, 'UNAUTHORISED']);
    const mine = await requestReturn(server, o.customer.token, { order_number: o.order_number, items: [{ order_item_uid: o.item_uid, quantity: 1 }] });
    expect((await restCall(server, 'GET', `/api/returns/${mine.body.number}`, undefined, { token: other.token })).status).toBe(404);
    expect((await restCall(server, 'GET', `/api/returns/${mine.body.number}`, undefined, { token: o.customer.token })).status).toBe(200);
  });

  it('answers bad input with 400 in the shop’s error vocabulary', async () => {
    const o = await deliveredOrder(server);
    const base = { order_number: o.order_number, items: [{ order_item_uid: o.item_uid, quantity: 1 }] };
    for (const body of [
      { ...base, reason: 'bored' },
      { ...base, items: [{ order_item_uid: o.item_uid, quantity: 0 }] },
      { ...base, items: [] },
      { ...base, extra: true },
      { ...base, method: { type: 'drone' } },
      { ...base, method: { type: 'drop_off' } },
      { ...base, comment: '<script>' },
      { ...base, items: [{ order_item_uid: 'not-a-uuid', quantity: 1 }] },
    ]) {
      const res = await requestReturn(server, o.customer.token, body);
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
    const unknownItem = await requestReturn(server, o.customer.token, { ...base, items: [{ order_item_uid: '00000000-0000-4000-8000-000000000000', quantity: 1 }] });
    expect([unknownItem.status, unknownItem.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const unknownStore = await requestReturn(server, o.customer.token, { ...base, method: { type: 'drop_off', store_id: 'no-such-store' } });
    expect([unknownStore.status, unknownStore.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('takes a drop-off store of the store locator and names it on the return', async () => {
    const o = await deliveredOrder(server);
    const { rows } = await db.query<{ store_id: string }>("SELECT store_id FROM store_locator_store_view WHERE store_code = 'gb' ORDER BY position LIMIT 1");
    const res = await requestReturn(server, o.customer.token, {
      order_number: o.order_number, items: [{ order_item_uid: o.item_uid, quantity: 2 }], method: { type: 'drop_off', store_id: rows[0]!.store_id },
    });
    expect(res.status).toBe(201);
    expect(res.body.method).toMatchObject({ type: 'drop_off', store: { id: rows[0]!.store_id } });
    expect(res.body.method.store.name.length).toBeGreaterThan(0);
  });
});

describe('the operator’s steps', () => {
  async function pending(quantity = 2) {
    const o = await deliveredOrder(server);
    const r = await requestReturn(server, o.customer.token, { order_number: o.order_number, items: [{ order_item_uid: o.item_uid, quantity }] });
    return { o, number: r.body.number as string, itemUid: r.body.items[0].uid as string };
  }

  it('needs an operator credential to read or change returns', async () => {
    const { number } = await pending();
    expect((await restCall(server, 'GET', '/admin/returns')).status).toBe(401);
    expect((await restCall(server, 'POST', `/admin/returns/${number}/authorize`, {})).status).toBe(401);
    expect((await restCall(server, 'GET', `/admin/returns/${number}`, undefined, { headers: { authorization: 'Bearer wrong-token-wrong-token-wrong-token' } })).status).toBe(401);
  });

  it('authorizes a label return, makes its label, e-mails it and audits the step', async () => {
    const { o, number } = await pending();
    const res = await operator(server, number, 'authorize');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'AUTHORIZED', items: [{ status: 'AUTHORIZED', authorized_quantity: 2 }] });
    expect(res.body.method.label_reference).toMatch(/^TEST-RL-/);
    expect(res.body.history.map((h: { status: string }) => h.status)).toEqual(['PENDING', 'AUTHORIZED']);
    expect(res.body.history[1]).toMatchObject({ author: 'operator', actor_label: 'ADMIN_TOKEN' });
    const label = await fetch(`${server.url}/api/returns/${number}/label`, { headers: { authorization: `Bearer ${o.customer.token}` } });
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(await label.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const mail = await db.query<{ body: string }>("SELECT body FROM messaging_outbox WHERE recipient = $1 AND template = 'return_authorized'", [o.customer.email]);
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]!.body).toContain(res.body.method.label_reference);
    expect(mail.rows[0]!.body).toContain(`/gb/account#/orders/${o.order_number}`);
    const audit = await db.query<{ action: string; before: { status: string }; after: { status: string } }>(
      "SELECT action, before, after FROM operator_audit WHERE entity_type = 'return' AND entity_id = $1", [number],
    );
    expect(audit.rows).toMatchObject([{ action: 'return.authorize', before: { status: 'PENDING' }, after: { status: 'AUTHORIZED' } }]);
    // The customer sees the history without the operator's name.
    const seen = await restCall(server, 'GET', `/api/returns/${number}`, undefined, { token: o.customer.token });
    expect(seen.body.history[1]).toEqual({ status: 'AUTHORIZED', created_at: expect.any(String), author: 'operator', comment: null });
  });

  it('authorizes part of an item, then receives, rejects and closes along the state machine only', async () => {
    const { o, number, itemUid } = await pending(2);
    expect((await operator(server, number, 'receive', { items: [{ uid: itemUid, quantity: 1 }] })).body.error.code).toBe('RETURN_NOT_CHANGEABLE');
    expect((await operator(server, number, 'approve', { items: [{ uid: itemUid, condition: 'resellable' }] })).status).toBe(409);
    const auth = await operator(server, number, 'authorize', { items: [{ uid: itemUid, quantity: 1 }] });
    expect(auth.body).toMatchObject({ status: 'PARTIALLY_AUTHORIZED', items: [{ authorized_quantity: 1, status: 'AUTHORIZED' }] });
    expect(await claimOf(o.item_uid)).toBe(1);
    expect((await operator(server, number, 'authorize')).status).toBe(409);
    expect((await operator(server, number, 'deny', { reason: 'Too late' })).status).toBe(409);
    const tooMany = await operator(server, number, 'receive', { items: [{ uid: itemUid, quantity: 2 }] });
    expect([tooMany.status, tooMany.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const received = await operator(server, number, 'receive', { items: [{ uid: itemUid, quantity: 1 }] });
    expect(received.body).toMatchObject({ status: 'RECEIVED', items: [{ received_quantity: 1, status: 'RECEIVED' }] });
    expect((await operator(server, number, 'receive', { items: [{ uid: itemUid, quantity: 1 }] })).status).toBe(409);
    const rejected = await operator(server, number, 'reject', { items: [{ uid: itemUid }], comment: 'Used' });
    expect(rejected.body).toMatchObject({ status: 'REJECTED', items: [{ status: 'REJECTED' }] });
    expect(await claimOf(o.item_uid)).toBe(0);
    const closed = await operator(server, number, 'close');
    expect(closed.body.status).toBe('CLOSED');
    for (const [step, body] of [['close', {}], ['authorize', {}], ['reject', { items: [{ uid: itemUid }] }]] as const) {
      expect((await operator(server, number, step, body)).status, step).toBe(409);
    }
    expect((await restCall(server, 'GET', `/api/returns/${number}`, undefined, { token: o.customer.token })).body.history.map((h: { status: string }) => h.status))
      .toEqual(['PENDING', 'PARTIALLY_AUTHORIZED', 'RECEIVED', 'REJECTED', 'CLOSED']);
  });

  it('denies a whole return with its reason and frees its quantities for a new request', async () => {
    const { o, number } = await pending(2);
    const denied = await operator(server, number, 'deny', { reason: 'Opened and used' });
    expect(denied.body).toMatchObject({ status: 'DENIED', items: [{ status: 'DENIED' }] });
    expect(denied.body.history.at(-1)).toMatchObject({ status: 'DENIED', comment: 'Opened and used' });
    expect((await operator(server, number, 'deny', { reason: 'again' })).status).toBe(409);
    expect(await claimOf(o.item_uid)).toBe(0);
    expect((await requestReturn(server, o.customer.token, { order_number: o.order_number, items: [{ order_item_uid: o.item_uid, quantity: 2 }] })).status).toBe(201);
    expect((await operator(server, number, 'deny', {})).status).toBe(400);
  });

  it('lists returns by status, store and order number, and shows one', async () => {
    const { o, number } = await pending(1);
    const byOrder = await restCall(server, 'GET', `/admin/returns?order_number=${o.order_number}`, undefined, { headers: ADMIN });
    expect(byOrder.body).toMatchObject({ total: 1, page: 1, items: [{ number, store_code: 'gb', customer_uuid: o.customer.uuid, status: 'PENDING' }] });
    const byStatus = await restCall(server, 'GET', `/admin/returns?status=PENDING&store=gb&page_size=100&from=2020-01-01`, undefined, { headers: ADMIN });
    expect(byStatus.body.items.every((r: { status: string }) => r.status === 'PENDING')).toBe(true);
    expect(byStatus.body.items.some((r: { number: string }) => r.number === number)).toBe(true);
    expect((await restCall(server, 'GET', `/admin/returns?status=LOST`, undefined, { headers: ADMIN })).status).toBe(400);
    expect((await restCall(server, 'GET', `/admin/returns/${number}`, undefined, { headers: ADMIN })).body.number).toBe(number);
    expect((await restCall(server, 'GET', `/admin/returns/RMA999999999`, undefined, { headers: ADMIN })).status).toBe(404);
  });
});

describe('privacy', () => {
  it('exports the customer’s returns and, at erasure, keeps them naming no one and without their words', async () => {
    const o = await deliveredOrder(server);
    const made = await requestReturn(server, o.customer.token, { order_number: o.order_number, items: [{ order_item_uid: o.item_uid, quantity: 1 }], comment: 'Personal note' });
    const part = server.app.services.privacy.parts().find((p) => p.module === 'returns')!;
    const subject = { uuid: o.customer.uuid, identifiers: [o.customer.email] };
    const exported = (await part.export(db, subject)) as { returns: { number: string; comment: string | null }[] };
    expect(exported.returns).toMatchObject([{ number: made.body.number, comment: 'Personal note' }]);
    await inTransaction(server.app.db, (tx) => part.erase(tx, subject));
    expect(((await part.export(db, subject)) as { returns: unknown[] }).returns).toEqual([]);
    const { rows } = await db.query<{ customer_uuid: string | null; comment: string | null; items: number; notes: string | null }>(
      `SELECT r.customer_uuid::text AS customer_uuid, r.comment, (SELECT count(*)::int FROM returns_item i WHERE i.return_id = r.id) AS items,
              (SELECT string_agg(h.comment, '') FROM returns_history h WHERE h.return_id = r.id) AS notes
         FROM returns_request r WHERE r.number = $1`, [made.body.number],
    );
    expect(rows).toEqual([{ customer_uuid: null, comment: null, items: 1, notes: null }]);
  });
});
