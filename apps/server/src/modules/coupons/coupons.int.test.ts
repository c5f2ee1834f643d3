import { createCustomer, restCall, type TestCustomer } from '@ember/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';

let server: TestServer;
let db: Db;
const ADMIN = { authorization: 'Bearer coupons-operator-token-0123456789abcdef' };
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { ADMIN_TOKEN: 'coupons-operator-token-0123456789abcdef' });

// This suite's own offers (the database is shared with other suites on PostgreSQL).
const tag = `${process.pid % 100000}`;
const SMALL = `test-small-${tag}`;
const ENDED = `test-ended-${tag}`;
const WIDE = `test-wide-${tag}`;

const offer = (id: string, c?: TestCustomer, store = 'gb') => restCall(server, 'GET', `/coupons/external/providers/${id}`, undefined, { token: c?.token, store });
const ask = (id: string, c: TestCustomer, store = 'gb') => restCall(server, 'POST', `/coupons/external/providers/${id}/request`, {}, { token: c.token, store });

async function provider(id: string, codes: number, opts: { ended?: boolean; stores?: string[] } = {}) {
  await db.query(`INSERT INTO coupon_provider (id, store_codes, starts_at, ends_at) VALUES ($1, $2, $3, $4)`,
    [id, opts.stores ?? ['gb'], opts.ended ? new Date(Date.now() - 2 * 86_400_000) : null, opts.ended ? new Date(Date.now() - 86_400_000) : null]);
  await db.query(`INSERT INTO coupon_provider_text (provider_id, language, name, description, terms) VALUES ($1, 'en', 'Test offer', 'A test', 'Terms'), ($1, 'de', 'Testangebot', 'Ein Test', 'Bedingungen')`, [id]);
  if (codes) await db.query(`INSERT INTO coupon_code (provider_id, code) SELECT $1, 'T' || $2 || '-' || n FROM generate_series(1, $3::int) AS n`, [id, tag, codes]);
}

beforeAll(async () => {
  await provider(SMALL, 2);
  await provider(ENDED, 5, { ended: true });
  await provider(WIDE, 40, { stores: ['gb', 'de'] });
});

describe('an offer', () => {
  it('shows a guest the seeded partner offer in the store view\'s language, without a code', async () => {
    const en = await offer('cinema-night');
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({ id: 'cinema-night', name: 'A night at the cinema', available: true, code: null });
    expect(en.headers.get('cache-control')).toBe('no-store');
    expect((await offer('cinema-night', undefined, 'de')).body.name).toBe('Ein Abend im Kino');
  });

  it('answers an unknown offer, or one that does not run in the store view, 404; a malformed id 400', async () => {
    expect((await offer('no-such-offer')).status).toBe(404);
    expect((await offer(SMALL, undefined, 'de')).status).toBe(404);
    expect((await offer('cinema-night', undefined, 'gb_trial')).status).toBe(404);
    expect((await offer('Bad_Id!')).status).toBe(400);
  });
});

describe('a request', () => {
  it('needs a signed-in customer', async () => {
    const r = await restCall(server, 'POST', `/coupons/external/providers/${WIDE}/request`, {}, { store: 'gb' });
    expect(r.status).toBe(401);
  });

  it('gives a customer one code, the same every time, shown with the offer to them and to no one else', async () => {
    const c = await createCustomer(server, { store: 'gb' });
    const first = await ask(WIDE, c);
    expect(first.status).toBe(200);
    expect(first.body.code).toMatch(new RegExp(`^T${tag}-\\d+$`));
    expect((await ask(WIDE, c)).body.code).toBe(first.body.code);
    expect((await offer(WIDE, c)).body.code).toBe(first.body.code);
    const other = await createCustomer(server, { store: 'gb' });
    expect((await offer(WIDE, other)).body.code).toBeNull();
    // The same customer in another store view of the offer holds the same code.
    expect((await ask(WIDE, c, 'de')).body.code).toBe(first.body.code);
  });

  it('takes one code for 10 parallel requests of one customer, and distinct codes for 10 customers at once', async () => {
    const c = await createCustomer(server, { store: 'gb' });
    const same = await Promise.all(Array.from({ length: 10 }, () => ask(WIDE, c)));
    expect(same.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(same.map((r) => r.body.code)).size).toBe(1);
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM coupon_code WHERE provider_id = $1 AND taken_by = $2`, [WIDE, c.uuid]);
    expect(rows[0]!.n).toBe(1);

    const many = await Promise.all(Array.from({ length: 10 }, () => createCustomer(server, { store: 'gb' })));
    const codes = await Promise.all(many.map((m) => ask(WIDE, m)));
    expect(codes.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(codes.map((r) => r.body.code)).size).toBe(10);
  });

  it('refuses once the pool is empty, keeping the codes already given, and says the offer is not available', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createCustomer(server, { store: 'gb' })));
    const got = await Promise.all([ask(SMALL, a!), ask(SMALL, b!), ask(SMALL, c!)]);
    expect(got.map((r) => r.status).sort()).toEqual([200, 200, 409]);
    const refused = got.find((r) => r.status === 409)!;
    expect(refused.body.error.code).toBe('NOT_ELIGIBLE');
    expect((await offer(SMALL)).body.available).toBe(false);
    const winner = [a!, b!, c!][got.findIndex((r) => r.status === 200)]!;
    expect((await ask(SMALL, winner)).status).toBe(200);
  });

  it('refuses an offer that has ended', async () => {
    const c = await createCustomer(server, { store: 'gb' });
    const r = await ask(ENDED, c);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('NOT_ELIGIBLE');
    expect((await offer(ENDED)).body.available).toBe(false);
  });

  it('refuses a body it does not know', async () => {
    const c = await createCustomer(server, { store: 'gb' });
    const r = await restCall(server, 'POST', `/coupons/external/providers/${WIDE}/request`, { customer: 'someone-else' }, { token: c.token, store: 'gb' });
    expect(r.status).toBe(400);
  });
});

describe('the operator', () => {
  it('loads codes with the operator token only, skipping ones the pool has', async () => {
    const codes = [`A${tag}-1`, `A${tag}-2`, `A${tag}-2`];
    expect((await restCall(server, 'POST', `/admin/coupons/providers/${SMALL}/codes`, { codes }, { store: 'gb' })).status).toBe(401);
    const added = await restCall(server, 'POST', `/admin/coupons/providers/${SMALL}/codes`, { codes }, { store: 'gb', headers: ADMIN });
    expect(added.status).toBe(200);
    expect(added.body.added).toBe(2);
    expect((await restCall(server, 'POST', `/admin/coupons/providers/${SMALL}/codes`, { codes }, { store: 'gb', headers: ADMIN })).body.added).toBe(0);
    expect((await restCall(server, 'POST', '/admin/coupons/providers/no-such-offer/codes', { codes }, { store: 'gb', headers: ADMIN })).status).toBe(404);
    expect((await restCall(server, 'POST', `/admin/coupons/providers/${SMALL}/codes`, { codes: ['<script>'] }, { store: 'gb', headers: ADMIN })).status).toBe(400);
  });
});

describe('privacy', () => {
  it('exports a customer\'s codes, and at cancellation keeps them taken with no one named', async () => {
    const c = await createCustomer(server, { store: 'gb' });
    const code = (await ask(WIDE, c)).body.code as string;
    const reauth = await restCall(server, 'POST', `/account/users/${c.uuid}/reauthenticate`, { password: c.password }, { token: c.token });
    const token = reauth.body.token as string;
    const exported = await restCall(server, 'GET', '/account/users/privacy', undefined, { token, store: 'gb' });
    expect(exported.body.coupon_codes).toEqual([expect.objectContaining({ provider_id: WIDE, code })]);
    expect((await restCall(server, 'POST', `/account/users/${c.uuid}/cancel`, undefined, { token, store: 'gb' })).status).toBe(204);
    const { rows } = await db.query<{ taken_by: string | null; taken_at: Date | null }>(`SELECT taken_by, taken_at FROM coupon_code WHERE provider_id = $1 AND code = $2`, [WIDE, code]);
    expect(rows[0]!.taken_by).toBeNull();
    expect(rows[0]!.taken_at).not.toBeNull();
  });
});
