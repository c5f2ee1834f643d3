import { randomUUID } from 'node:crypto';
import { BATCH_CODE_ALPHABET } from '@ember/contracts';
import { addToCart, createCustomer, createOperator, createProduct, gql, newGuestCart, newJar, restCall, type TestOperator } from '@ember/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import { inTransaction } from '../../platform/transaction.js';
import { CouponBatchService, drawCodes } from './cart.console.batches.js';

const TOKEN = 'batch-console-token-0123456789abcdef012345';
let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { ADMIN_TOKEN: TOKEN });

const APPLY = `mutation ($c: String!, $code: String!) { applyCouponToCart(input: {cart_id: $c, coupon_code: $code}) {
  cart { applied_coupons { code } prices { discounts { amount { value } } } } } }`;
let marketing: TestOperator;
let support: TestOperator;
let owner: TestOperator;
beforeAll(async () => {
  [marketing, support, owner] = await Promise.all([createOperator(server, TOKEN, 'marketing'), createOperator(server, TOKEN, 'support'), createOperator(server, TOKEN, 'owner')]);
});

async function coupon(body: object = {}): Promise<{ id: number; code: string }> {
  const made = await marketing.call('POST', '/admin/promotions/coupons', { code: `B${randomUUID().slice(0, 8)}`, label: 'Batch model', discount_type: 'percent', discount_value: 1000, store_code: 'gb', ...body });
  expect(made.status).toBe(201);
  return made.body;
}
const prefix = () => `T${randomUUID().replace(/[^0-9]/g, '').slice(0, 5)}-`;

describe('coupon code batches', () => {
  it('draws codes from the unambiguous alphabet, unbiased by construction', () => {
    const codes = drawCodes('X-', 12, 500);
    expect(new Set(codes).size).toBe(500);
    for (const c of codes) expect(c).toMatch(new RegExp(`^X-[${BATCH_CODE_ALPHABET}]{12}$`));
    expect(BATCH_CODE_ALPHABET).toHaveLength(32);
    expect(BATCH_CODE_ALPHABET).not.toMatch(/[01IO]/);
  });

  it('generates unique codes of the asked format, each working in a cart like a single coupon, once, and audits it', async () => {
    const rule = await coupon({ uses_per_customer: 1 });
    const p = prefix();
    const made = await marketing.call('POST', '/admin/promotions/batches', { coupon_code: rule.code.toLowerCase(), quantity: 2000, prefix: p.toLowerCase(), code_length: 8, uses_per_code: 1 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ rule_id: rule.id, rule_code: rule.code, prefix: p, code_length: 8, quantity: 2000, uses_per_code: 1, is_active: true, codes_used: 0, total_uses: 0 });
    const { rows } = await db.query<{ code: string; uses_per_coupon: number; discount_value: number; store_code: string; uses_per_customer: number }>(
      'SELECT code, uses_per_coupon, discount_value, store_code, uses_per_customer FROM cart_rule WHERE batch_id = $1', [made.body.id]);
    expect(rows).toHaveLength(2000);
    expect(new Set(rows.map((r) => r.code)).size).toBe(2000);
    for (const r of rows) {
      expect(r.code).toMatch(new RegExp(`^${p}[${BATCH_CODE_ALPHABET}]{8}$`));
      expect(r).toMatchObject({ uses_per_coupon: 1, discount_value: 1000, store_code: 'gb', uses_per_customer: 1 });
    }

    // A shopper types one in lower case; it gives the rule's 10 %.
    const product = await createProduct(db, { stores: ['gb'], price: 3000, stock: 5 });
    const jar = newJar();
    const cart = await newGuestCart(server, { store: 'gb', jar });
    await addToCart(server, cart, [{ sku: product.sku, quantity: 1 }], { store: 'gb', jar });
    const one = rows[17]!.code;
    const applied = await gql(server, APPLY, { c: cart, code: one.toLowerCase() }, { store: 'gb', jar });
    expect(applied.body.errors).toBeUndefined();
    expect(applied.body.data.applyCouponToCart.cart.applied_coupons).toEqual([{ code: one }]);
    expect(applied.body.data.applyCouponToCart.cart.prices.discounts[0].amount.value).toBe(3);

    // Used up, it is counted on the batch and refused to the next cart.
    await db.query('UPDATE cart_rule SET times_used = 1 WHERE code = $1', [one]);
    const page = await support.call('GET', `/admin/promotions/batches/${made.body.id}/codes?used=true`);
    expect(page.body).toMatchObject({ items: [{ code: one, times_used: 1, uses_per_coupon: 1, is_active: true }], page_info: { total: 1 } });
    expect((await support.call('GET', `/admin/promotions/batches/${made.body.id}`)).body).toMatchObject({ codes_used: 1, total_uses: 1 });
    const all = await support.call('GET', `/admin/promotions/batches/${made.body.id}/codes?page_size=100&page=3`);
    expect(all.body.items).toHaveLength(100);
    expect(all.body.page_info.total).toBe(2000);
    const cart2 = await newGuestCart(server, { store: 'gb', jar });
    await addToCart(server, cart2, [{ sku: product.sku, quantity: 1 }], { store: 'gb', jar });
    expect((await gql(server, APPLY, { c: cart2, code: one }, { store: 'gb', jar })).body.errors?.length ?? 0).toBeGreaterThan(0);

    const listed = await support.call('GET', `/admin/promotions/batches?rule_id=${rule.id}`);
    expect(listed.body.items.map((b: { id: number }) => b.id)).toEqual([made.body.id]);
    const log = await owner.call('GET', `/admin/audit?entity_type=coupon_batch&entity_id=${made.body.id}`);
    expect(log.body.items[0]).toMatchObject({ action: 'coupon_batch.create', actor_label: marketing.email, after: expect.objectContaining({ quantity: 2000, rule_id: rule.id }) });
  });

  it('generates 10,000 codes in one request, and streams them as CSV', async () => {
    const rule = await coupon();
    const started = Date.now();
    const made = await marketing.call('POST', '/admin/promotions/batches', { coupon_code: rule.code, quantity: 10_000, prefix: prefix(), uses_per_code: null });
    const ms = Date.now() - started;
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ quantity: 10_000, code_length: 10, uses_per_code: null });
    console.info(`generated 10,000 codes in ${ms} ms`);

    const res = await fetch(`${server.url}/admin/promotions/batches/${made.body.id}/codes.csv`, { headers: { cookie: support.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain(`coupon-batch-${made.body.id}.csv`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A byte-order mark first, so spreadsheet programs read UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('code,times_used,uses_per_code,is_active');
    expect(lines).toHaveLength(10_001);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(10_000);
    expect(lines[1]).toMatch(new RegExp(`^${made.body.prefix}[${BATCH_CODE_ALPHABET}]{10},0,,true$`));
    const log = await owner.call('GET', `/admin/audit?entity_type=coupon_batch&entity_id=${made.body.id}`);
    expect(log.body.items[0]).toMatchObject({ action: 'coupon_batch.export', actor_label: support.email });
  });

  it('deactivates a batch: none of its codes applies any more', async () => {
    const rule = await coupon();
    const made = await marketing.call('POST', '/admin/promotions/batches', { coupon_code: rule.code, quantity: 5 });
    const codes = (await support.call('GET', `/admin/promotions/batches/${made.body.id}/codes`)).body.items as { code: string }[];
    expect(codes).toHaveLength(5);
    // The coupons list shows the coupon the batch copies, not the batch's codes.
    const listed = await support.call('GET', `/admin/promotions/coupons?q=${encodeURIComponent(codes[0]!.code)}`);
    expect(listed.body.items).toEqual([]);
    const model = await support.call('GET', `/admin/promotions/coupons?q=${encodeURIComponent(rule.code)}`);
    expect(model.body.items.map((c: { code: string }) => c.code)).toEqual([rule.code]);
    expect((await support.call('POST', `/admin/promotions/batches/${made.body.id}/deactivate`)).status).toBe(403);
    const off = await marketing.call('POST', `/admin/promotions/batches/${made.body.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM cart_rule WHERE batch_id = $1 AND is_active', [made.body.id]);
    expect(rows[0]!.n).toBe(0);
    const product = await createProduct(db, { stores: ['gb'], price: 3000, stock: 5 });
    const jar = newJar();
    const cart = await newGuestCart(server, { store: 'gb', jar });
    await addToCart(server, cart, [{ sku: product.sku, quantity: 1 }], { store: 'gb', jar });
    expect((await gql(server, APPLY, { c: cart, code: codes[0]!.code }, { store: 'gb', jar })).body.errors?.length ?? 0).toBeGreaterThan(0);
    const log = await owner.call('GET', `/admin/audit?entity_type=coupon_batch&entity_id=${made.body.id}`);
    expect(log.body.items[0]).toMatchObject({ action: 'coupon_batch.deactivate', before: expect.objectContaining({ is_active: true }), after: expect.objectContaining({ is_active: false, codes_switched_off: 5 }) });
  });

  it('draws a taken code again, and refuses the batch whole when too few codes are free', async () => {
    const rule = await coupon();
    const taken = await coupon();
    const body = { coupon_code: rule.code, quantity: 3, prefix: '', code_length: 8, uses_per_code: 1 };
    // The first draw brings the other coupon's code, and one code twice; the next draws are fresh.
    const twice = drawCodes('', 8, 1)[0]!;
    const draws: string[][] = [[taken.code, twice, twice]];
    const made = await inTransaction(db, (tx) => new CouponBatchService().create(tx, body, (p, l, n) => draws.shift() ?? drawCodes(p, l, n)));
    const { rows } = await db.query<{ code: string }>('SELECT code FROM cart_rule WHERE batch_id = $1', [made.id]);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.code)).toContain(twice);
    expect(rows.map((r) => r.code)).not.toContain(taken.code);
    // Only taken codes, round after round: nothing of the batch stays.
    const before = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM cart_rule_batch')).rows[0]!.n;
    await expect(inTransaction(db, (tx) => new CouponBatchService().create(tx, body, () => [taken.code]))).rejects.toMatchObject({ code: 'ALREADY_EXISTS' });
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM cart_rule_batch')).rows[0]!.n).toBe(before);
  });

  it('refuses bad batches with 400, unknown ones with 404, and other roles', async () => {
    const rule = await coupon();
    const bad = (body: object) => marketing.call('POST', '/admin/promotions/batches', { coupon_code: rule.code, quantity: 10, ...body });
    for (const body of [{ quantity: 0 }, { quantity: 10_001 }, { code_length: 7 }, { code_length: 21 }, { prefix: 'HAS SPACE' }, { prefix: 'ABCDEFGHIJKLM' },
      { prefix: 'AB--' }, { coupon_code: 'NO-SUCH-COUPON-AT-ALL' }, { uses_per_code: 0 }, { extra: true }]) {
      const r = await bad(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_FAILED');
    }
    const made = await bad({ quantity: 1 });
    const generated = (await support.call('GET', `/admin/promotions/batches/${made.body.id}/codes`)).body.items[0].code as string;
    expect((await bad({ coupon_code: generated })).status).toBe(400);
    expect((await support.call('GET', '/admin/promotions/batches/999999')).status).toBe(404);
    expect((await support.call('GET', '/admin/promotions/batches/999999/codes')).status).toBe(404);
    expect((await marketing.call('POST', '/admin/promotions/batches/999999/deactivate')).status).toBe(404);
    expect((await support.call('POST', '/admin/promotions/batches', { coupon_code: rule.code, quantity: 1 })).status).toBe(403);
    const fulfilment = await createOperator(server, TOKEN, 'fulfilment');
    expect((await fulfilment.call('GET', '/admin/promotions/batches')).status).toBe(403);
    expect((await fulfilment.call('GET', `/admin/promotions/batches/${made.body.id}/codes.csv`)).status).toBe(403);
    const customer = await createCustomer(server);
    expect((await restCall(server, 'GET', '/admin/promotions/batches', undefined, { token: customer.token })).status).toBe(401);
    expect((await restCall(server, 'POST', '/admin/promotions/batches', { coupon_code: rule.code, quantity: 1 }, { token: customer.token })).status).toBe(401);
  });
});
