import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCustomer, restCall, type TestCustomer } from '@ember/test-support';
import { describe, expect, it } from 'vitest';
import { offlinePurchasesCommand } from '../../cli/offline-purchases.js';
import type { Db } from '../../platform/db.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';

let server: TestServer;
let db: Db;
const TOKEN = 'offline-purchases-operator-token-0123456789';
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { ADMIN_TOKEN: TOKEN });

const ADMIN = { authorization: `Bearer ${TOKEN}` };
const send = (purchases: unknown[], headers: Record<string, string> = ADMIN) => restCall(server, 'POST', '/admin/offline-purchases', { purchases }, { store: 'gb', headers });
const action = () => `TILL-${randomUUID()}`;

function purchase(customer: { uuid: string } | { email: string }, over: Record<string, unknown> = {}) {
  return {
    action_id: action(), datetime: '2026-11-20T15:04:05+00:00', type: 'purchase', store_code: 'gb', customer,
    items: [{ sku: 'EMBER-STICKS-AMBER-CARTON', quantity: 2, price: 1250, name: 'Ember Sticks Amber Carton' }, { sku: 'EMBER-CLEANING-KIT', quantity: 1, price: 550 }],
    currency: 'GBP', ...over,
  };
}

async function balance(c: TestCustomer): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT COALESCE(sum(points), 0)::int AS n FROM loyalty_ledger WHERE consumer_uuid = $1`, [c.uuid]);
  return rows[0]!.n;
}

describe('importing purchases made in stores', () => {
  it('credits a customer\'s purchase once, by uuid or e-mail, and shows it in the points history', async () => {
    const c = await createCustomer(server, { store: 'gb' });
    const p = purchase({ uuid: c.uuid });
    const first = await send([p]);
    expect(first.status).toBe(200);
    // £30.50 earns 30 points at the order rule's 1 point per whole pound.
    expect(first.body).toEqual({ result: 'SUCCESS', purchases: [{ action_id: p.action_id, outcome: 'credited', points: 30 }] });
    expect(await balance(c)).toBe(30);
    const again = await send([p]);
    expect(again.body.purchases[0].outcome).toBe('already_imported');
    expect(await balance(c)).toBe(30);

    const history = await restCall(server, 'GET', `/api/loyalty/consumers/${c.uuid}/points?page=1&perPage=10`, undefined, { token: c.token, store: 'gb' });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain('In-store purchase');

    const byEmail = await send([purchase({ email: c.email.toUpperCase() })]);
    expect(byEmail.body.purchases[0]).toMatchObject({ outcome: 'credited', points: 30 });
    expect(await balance(c)).toBe(60);
  });

  it('says which purchases it could not take: no customer, an unknown store; MIXED_RESULTS, or FAILURE when none', async () => {
    const c = await createCustomer(server, { store: 'gb' });
    const ok = purchase({ uuid: c.uuid });
    const nobody = purchase({ email: `nobody-${randomUUID()}@example.com` });
    const stranger = purchase({ uuid: randomUUID() });
    const nowhere = purchase({ uuid: c.uuid }, { store_code: 'xx' });
    const mixed = await send([ok, nobody, stranger, nowhere]);
    expect(mixed.body.result).toBe('MIXED_RESULTS');
    expect(mixed.body.purchases.map((p: { outcome: string }) => p.outcome)).toEqual(['credited', 'no_customer', 'no_customer', 'unknown_store']);
    // Not kept: once the person has an account, the same purchase can be imported.
    const { rows } = await db.query(`SELECT 1 FROM offline_purchase WHERE action_id = ANY($1::text[])`, [[nobody.action_id, stranger.action_id, nowhere.action_id]]);
    expect(rows).toHaveLength(0);
    expect((await send([purchase({ email: `nobody-${randomUUID()}@example.com` })])).body.result).toBe('FAILURE');
  });

  it('records a purchase where the club is off without points', async () => {
    const c = await createCustomer(server, { store: 'gb' });
    const p = purchase({ uuid: c.uuid }, { store_code: 'gb_trial' });
    expect((await send([p])).body.purchases[0]).toEqual({ action_id: p.action_id, outcome: 'recorded', points: 0 });
    expect(await balance(c)).toBe(0);
  });

  it('credits a purchase sent ten times at once exactly once', async () => {
    const c = await createCustomer(server, { store: 'gb' });
    const p = purchase({ uuid: c.uuid });
    const answers = await Promise.all(Array.from({ length: 10 }, () => send([p])));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.purchases[0].outcome === 'credited')).toHaveLength(1);
    expect(await balance(c)).toBe(30);
  });

  it('takes the operator\'s token only and refuses malformed purchases whole', async () => {
    const c = await createCustomer(server, { store: 'gb' });
    expect((await send([purchase({ uuid: c.uuid })], {})).status).toBe(401);
    for (const bad of [
      purchase({ uuid: c.uuid }, { action_id: '<x>' }), purchase({ uuid: c.uuid }, { items: [] }), purchase({ uuid: c.uuid }, { type: 'refund' }),
      purchase({ uuid: c.uuid }, { datetime: 'yesterday' }), purchase({ uuid: c.uuid, email: c.email } as never), { ...purchase({ uuid: c.uuid }), points: 1000 },
    ]) {
      expect((await send([bad])).status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect(await balance(c)).toBe(0);
  });

  it('imports a file from the command line, and a second run credits nothing again', async () => {
    const c = await createCustomer(server, { store: 'gb' });
    const file = path.join(tmpdir(), `offline-${randomUUID()}.json`);
    await writeFile(file, JSON.stringify([purchase({ uuid: c.uuid }), purchase({ email: c.email })]));
    const lines: string[] = [];
    const deps = { db, services: server.app.services, out: (l: string) => lines.push(l) };
    expect(await offlinePurchasesCommand([file], deps)).toBe(0);
    expect(JSON.parse(lines.pop()!)).toEqual({ read: 2, credited: 2 });
    expect(await offlinePurchasesCommand([file], deps)).toBe(0);
    expect(JSON.parse(lines.pop()!)).toEqual({ read: 2, already_imported: 2 });
    expect(await balance(c)).toBe(60);
    await writeFile(file, '{"purchases": [{"action_id": 1}]}');
    expect(await offlinePurchasesCommand([file], deps)).toBe(1);
    expect(lines.pop()).toContain('BAD_FILE');
  });

  it('exports a customer\'s purchases and keeps them naming no one once the account is erased', async () => {
    const c = await createCustomer(server, { store: 'gb' });
    const p = purchase({ uuid: c.uuid });
    await send([p]);
    const reauth = await restCall(server, 'POST', `/account/users/${c.uuid}/reauthenticate`, { password: c.password }, { token: c.token });
    const token = reauth.body.token as string;
    const exported = await restCall(server, 'GET', '/account/users/privacy', undefined, { token, store: 'gb' });
    expect(exported.body.offline_purchases).toEqual([expect.objectContaining({ action_id: p.action_id, total_minor: 3050, points: 30 })]);
    expect((await restCall(server, 'POST', `/account/users/${c.uuid}/cancel`, undefined, { token, store: 'gb' })).status).toBe(204);
    const { rows } = await db.query<{ consumer_uuid: string | null }>(`SELECT consumer_uuid FROM offline_purchase WHERE action_id = $1`, [p.action_id]);
    expect(rows[0]!.consumer_uuid).toBeNull();
  });
});

describe('returns made in stores', () => {
  const ret = (original: string, items: unknown[], over: Record<string, unknown> = {}) => ({
    action_id: action(), datetime: '2026-11-22T10:00:00+00:00', type: 'return', store_code: 'gb', original_action_id: original, items, currency: 'GBP', ...over,
  });
  const CARTON = { sku: 'EMBER-STICKS-AMBER-CARTON', quantity: 1, price: 1250 };

  it('takes back the returned share of the points once, and shows it in the points history', async () => {
    const c = await createCustomer(server, { store: 'gb' });
    const p = purchase({ uuid: c.uuid });
    await send([p]);
    expect(await balance(c)).toBe(30);
    // One carton of £30.50: 12.50 / 30.50 of 30 points = 12.
    const r = ret(p.action_id, [CARTON]);
    expect((await send([r])).body).toEqual({ result: 'SUCCESS', purchases: [{ action_id: r.action_id, outcome: 'returned', points: -12 }] });
    expect(await balance(c)).toBe(18);
    expect((await send([r])).body.purchases[0]).toEqual({ action_id: r.action_id, outcome: 'already_imported', points: 0 });
    expect(await balance(c)).toBe(18);
    // The rest of the purchase: the shares add up to the purchase's points, never more.
    const rest = ret(p.action_id, [CARTON, { sku: 'EMBER-CLEANING-KIT', quantity: 1, price: 550 }], { customer: { email: c.email } });
    expect((await send([rest])).body.purchases[0]).toMatchObject({ outcome: 'returned', points: -18 });
    expect(await balance(c)).toBe(0);
    const history = await restCall(server, 'GET', `/api/loyalty/consumers/${c.uuid}/points?page=1&perPage=10`, undefined, { token: c.token, store: 'gb' });
    expect(history.body.items.filter((i: { type: string }) => i.type === 'offline_return').map((i: { points: number }) => i.points)).toEqual([-18, -12]);
  });

  it('refuses a return of more than was bought, of other items, of another customer\'s or of no purchase', async () => {
    const c = await createCustomer(server, { store: 'gb' });
    const other = await createCustomer(server, { store: 'gb' });
    const p = purchase({ uuid: c.uuid });
    await send([p]);
    const outcomes = async (rs: unknown[]) => ((await send(rs)).body.purchases as { outcome: string }[]).map((o) => o.outcome);
    expect(await outcomes([
      ret(p.action_id, [{ ...CARTON, quantity: 3 }]),
      ret(p.action_id, [{ sku: 'EMBER-DEVICE-ONE', quantity: 1, price: 100 }]),
      ret(p.action_id, [CARTON], { currency: 'EUR' }),
      ret(p.action_id, [CARTON], { customer: { uuid: other.uuid } }),
      ret(`TILL-${randomUUID()}`, [CARTON]),
    ])).toEqual(['exceeds_purchase', 'exceeds_purchase', 'exceeds_purchase', 'unknown_purchase', 'unknown_purchase']);
    // Two cartons bought: two returns of one each are taken, a third is not.
    expect(await outcomes([ret(p.action_id, [CARTON]), ret(p.action_id, [CARTON]), ret(p.action_id, [CARTON])])).toEqual(['returned', 'returned', 'exceeds_purchase']);
    // A return cannot itself be returned.
    const r = ret(p.action_id, [{ sku: 'EMBER-CLEANING-KIT', quantity: 1, price: 550 }]);
    await send([r]);
    expect(await outcomes([ret(r.action_id, [{ sku: 'EMBER-CLEANING-KIT', quantity: 1, price: 550 }])])).toEqual(['unknown_purchase']);
    expect((await send([{ ...ret(p.action_id, [CARTON]), original_action_id: undefined }])).status).toBe(400);
  });

  it('never takes more than is spendable, and ten returns of the last item at once take it once', async () => {
    const c = await createCustomer(server, { store: 'gb' });
    const p = purchase({ uuid: c.uuid }, { items: [{ sku: 'EMBER-STICKS-AMBER-CARTON', quantity: 1, price: 5000 }] });
    await send([p]);
    expect(await balance(c)).toBe(50);
    // Points spent elsewhere meanwhile: the balance stays at zero or above.
    await db.query(`INSERT INTO loyalty_ledger (consumer_uuid, points, source_type, source_key, event) VALUES ($1, -45, 'adjustment', $2, 'Spent')`, [c.uuid, randomUUID()]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => send([ret(p.action_id, [{ sku: 'EMBER-STICKS-AMBER-CARTON', quantity: 1, price: 5000 }])])));
    expect(answers.map((a) => a.body.purchases[0].outcome).sort()).toEqual([...Array(9).fill('exceeds_purchase'), 'returned']);
    expect(await balance(c)).toBe(0);
  });
});

