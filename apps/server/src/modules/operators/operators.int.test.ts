import { randomUUID } from 'node:crypto';
import { CONSOLE_COUNT_CAP } from '@ember/contracts';
import { createCustomer, createOperator, restCall, totpCode, type TestOperator } from '@ember/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { inTransaction } from '../../platform/transaction.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import { operatorsCommand } from '../../cli/operators.js';
import { redactForAudit, TOTP_FAILURES_PER_SESSION } from './operators.service.js';

const TOKEN = 'operators-suite-token-0123456789abcdef0123';
let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { ADMIN_TOKEN: TOKEN });

const cookieOf = (res: { headers: Headers }) => res.headers.getSetCookie().find((c) => c.startsWith('ember_operator='));
const newOperator = async (role = 'owner', password = `pw-${randomUUID()}`) => {
  const email = `op-${randomUUID()}@ops.example.com`;
  const res = await restCall(server, 'POST', '/admin/operators', { email, name: 'Oda Operator', role, password }, { token: TOKEN });
  expect(res.status).toBe(201);
  return { email, password, uuid: res.body.uuid as string };
};
const login = async (email: string, password: string) => {
  const res = await restCall(server, 'POST', '/admin/session', { email, password }, { origin: true });
  const set = cookieOf(res);
  return { res, cookie: set?.split(';')[0], setCookie: set };
};

/** A store view's current cache time: a change to the same value touches nothing other suites read. */
const cacheTime = async (store: string): Promise<number> =>
  (await restCall(server, 'GET', '/api/platform/configuration', undefined, { store })).body.settings.default_cache_time_ms;

let owner: TestOperator;
beforeAll(async () => {
  owner = await createOperator(server, TOKEN, 'owner');
});

describe('signing in', () => {
  it('asks a new operator for the password, then the enrolment of an authenticator, then a code', async () => {
    const op = await newOperator('support');
    const first = await login(op.email, op.password);
    expect(first.res.status).toBe(200);
    expect(first.res.body).toMatchObject({ stage: 'enrol', operator: null, permissions: [] });
    expect(first.setCookie).toMatch(/HttpOnly/i);
    expect(first.setCookie).toMatch(/SameSite=Strict/i);
    // Nothing of the console opens before the second factor.
    expect((await restCall(server, 'GET', '/admin/orders', undefined, { cookie: first.cookie })).status).toBe(401);

    const enrol = await restCall(server, 'GET', '/admin/session/enrolment', undefined, { cookie: first.cookie });
    expect(enrol.status).toBe(200);
    expect(enrol.body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Ember%20Shop:/);
    expect(enrol.body.qr_svg).toMatch(/^<svg /);
    const csrf = first.res.body.csrf_token;

    const wrong = await restCall(server, 'POST', '/admin/session/totp', { code: '000000' === totpCode(enrol.body.secret) ? '111111' : '000000' }, { cookie: first.cookie, headers: { 'x-csrf-token': csrf } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('VERIFICATION_CODE_INVALID');
    // The second step carries the CSRF token of the first.
    expect((await restCall(server, 'POST', '/admin/session/totp', { code: totpCode(enrol.body.secret) }, { cookie: first.cookie })).status).toBe(403);

    const ok = await restCall(server, 'POST', '/admin/session/totp', { code: ` ${totpCode(enrol.body.secret).replace(/(\d{3})/, '$1 ')}` }, { cookie: first.cookie, headers: { 'x-csrf-token': csrf } });
    expect(ok.status).toBe(200);
    expect(ok.body.stage).toBe('signed_in');
    expect(ok.body.operator).toMatchObject({ email: op.email, role: 'support', totp_enrolled: true });
    expect(ok.body.permissions).toContain('orders:refund');
    expect(ok.body.permissions).not.toContain('catalogue:write');
    expect(ok.body.csrf_token).not.toBe(csrf);

    const again = await restCall(server, 'GET', '/admin/session', undefined, { cookie: first.cookie });
    expect(again.body).toMatchObject({ stage: 'signed_in', csrf_token: ok.body.csrf_token });

    // The same code a second time (another session, the same 30 s step) is refused: each code is good once.
    const second = await login(op.email, op.password);
    expect(second.res.body.stage).toBe('totp');
    const replay = await restCall(server, 'POST', '/admin/session/totp', { code: totpCode(enrol.body.secret) }, { cookie: second.cookie, headers: { 'x-csrf-token': second.res.body.csrf_token } });
    expect(replay.status).toBe(400);
    // Once enrolled, the enrolment cannot be asked again (a stolen password does not re-enrol).
    expect((await restCall(server, 'GET', '/admin/session/enrolment', undefined, { cookie: second.cookie })).status).toBe(409);
  });

  it('answers a wrong password and an unknown address alike, and limits attempts per address', async () => {
    const op = await newOperator('fulfilment');
    const wrong = await login(op.email, 'not-the-password-at-all');
    const unknown = await login(`nobody-${randomUUID()}@ops.example.com`, 'whatever-password');
    expect(wrong.res.status).toBe(401);
    expect(unknown.res.status).toBe(401);
    expect(wrong.res.body.error.message).toBe(unknown.res.body.error.message);
    expect(wrong.cookie).toBeUndefined();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(op.email, 'still-the-wrong-password')).res.status);
    expect(statuses.at(-1)).toBe(429);
    // The budget is the address's: even the right password waits.
    expect((await login(op.email, op.password)).res.status).toBe(429);
  });

  it('drops a session after five wrong codes', async () => {
    const op = await newOperator('marketing');
    const { cookie, res } = await login(op.email, op.password);
    await restCall(server, 'GET', '/admin/session/enrolment', undefined, { cookie });
    for (let i = 0; i < TOTP_FAILURES_PER_SESSION; i++) {
      await restCall(server, 'POST', '/admin/session/totp', { code: '999999' }, { cookie, headers: { 'x-csrf-token': res.body.csrf_token } });
    }
    expect((await restCall(server, 'GET', '/admin/session', undefined, { cookie })).status).toBe(401);
  });

  it('refuses a disabled operator and ends their sessions', async () => {
    const op = await createOperator(server, TOKEN, 'support');
    expect((await op.call('GET', '/admin/session')).status).toBe(200);
    const off = await owner.call('PATCH', `/admin/operators/${op.uuid}`, { status: 'disabled' });
    expect(off.status).toBe(200);
    expect((await op.call('GET', '/admin/session')).status).toBe(401);
    expect((await login(op.email, op.password)).res.status).toBe(401);
  });

  it('ends a session idle longer than its timeout, and on sign-out', async () => {
    const op = await createOperator(server, TOKEN, 'support');
    await db.query(`UPDATE operator_session SET last_seen_at = now() - interval '31 minutes' WHERE operator_uuid = $1`, [op.uuid]);
    expect((await op.call('GET', '/admin/session')).status).toBe(401);
    const fresh = await createOperator(server, TOKEN, 'support');
    expect((await fresh.call('DELETE', '/admin/session')).status).toBe(204);
    expect((await fresh.call('GET', '/admin/session')).status).toBe(401);
  });
});

describe('who reaches /admin', () => {
  it('refuses a customer\'s token, a made-up bearer and no credential with 401', async () => {
    const customer = await createCustomer(server);
    expect((await restCall(server, 'GET', '/admin/operators', undefined, { token: customer.token })).status).toBe(401);
    expect((await restCall(server, 'GET', '/admin/operators', undefined, { token: 'x'.repeat(40) })).status).toBe(401);
    expect((await restCall(server, 'GET', '/admin/operators')).status).toBe(401);
    // The credential is judged before the request: a stranger learns nothing of a route's schema.
    expect((await restCall(server, 'PATCH', `/admin/operators/${randomUUID()}`, {}, { token: customer.token })).status).toBe(401);
    expect((await restCall(server, 'GET', '/admin/audit?page=0')).status).toBe(401);
    // A customer's session cookie is not an operator's.
    expect((await restCall(server, 'GET', '/admin/audit', undefined, { cookie: `ember_session=${customer.token}` })).status).toBe(401);
  });

  it('refuses a change without the CSRF token, and one from another origin', async () => {
    const noCsrf = await restCall(server, 'POST', '/admin/operators', { email: `x-${randomUUID()}@ops.example.com`, name: 'X', role: 'support', password: 'a-long-password-1' }, { cookie: owner.cookie });
    expect(noCsrf.status).toBe(403);
    const foreign = await restCall(server, 'POST', '/admin/operators', { email: `x-${randomUUID()}@ops.example.com`, name: 'X', role: 'support', password: 'a-long-password-1' }, { cookie: owner.cookie, origin: 'https://evil.example', headers: { 'x-csrf-token': owner.csrf } });
    expect(foreign.status).toBe(403);
  });

  it('gives each role its own areas', async () => {
    const support = await createOperator(server, TOKEN, 'support');
    const marketing = await createOperator(server, TOKEN, 'marketing');
    const compliance = await createOperator(server, TOKEN, 'compliance');
    expect((await support.call('GET', '/admin/operators')).status).toBe(403);
    expect((await support.call('PATCH', `/admin/operators/${marketing.uuid}`, { role: 'owner' })).status).toBe(403);
    expect((await support.call('GET', '/admin/audit')).status).toBe(403);
    expect((await compliance.call('GET', '/admin/audit')).status).toBe(200);
    // Selling rules are compliance's: marketing cannot change them.
    const change = { settings: { default_cache_time_ms: await cacheTime('gb') } };
    expect((await marketing.call('PUT', '/admin/platform/configuration/gb', change)).status).toBe(403);
    expect((await marketing.call('GET', '/admin/platform/configuration/gb/history')).status).toBe(403);
    expect((await compliance.call('GET', '/admin/platform/configuration/gb/history')).status).toBe(200);
    // A support operator cannot load coupon codes (promotions are marketing's).
    expect((await support.call('POST', '/admin/coupons/providers/cinema-night/codes', { codes: ['SUPPORT-1'] })).status).toBe(403);
  });
});

describe('operator accounts', () => {
  it('lets an owner add operators and change their role, refusing a taken address and bad input', async () => {
    const email = `new-${randomUUID()}@ops.example.com`;
    const made = await owner.call('POST', '/admin/operators', { email, name: 'Nia New', role: 'fulfilment', password: 'first-password-123' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ email, role: 'fulfilment', status: 'active', totp_enrolled: false });
    expect((await owner.call('POST', '/admin/operators', { email, name: 'Nia', role: 'support', password: 'first-password-123' })).status).toBe(409);
    expect((await owner.call('POST', '/admin/operators', { email: 'no', name: '', role: 'king', password: 'short' })).status).toBe(400);
    expect((await owner.call('PATCH', `/admin/operators/${made.body.uuid}`, {})).status).toBe(400);
    expect((await owner.call('PATCH', `/admin/operators/${randomUUID()}`, { role: 'support' })).status).toBe(404);
    const changed = await owner.call('PATCH', `/admin/operators/${made.body.uuid}`, { role: 'support' });
    expect(changed.body.role).toBe('support');
    const list = await owner.call('GET', '/admin/operators');
    expect(list.body.items.find((o: { uuid: string }) => o.uuid === made.body.uuid)).toMatchObject({ role: 'support' });
    expect(JSON.stringify(list.body)).not.toMatch(/password|argon2|totp_secret/);
  });

  it('never demotes or disables the last active owner', async () => {
    const { services } = server.app;
    await expect(inTransaction(db, async (tx) => {
      await tx.query(`UPDATE operator_account SET status = 'disabled' WHERE role = 'owner' AND uuid <> $1`, [owner.uuid]);
      await services.operators.update(tx, owner.uuid, { role: 'support' });
    })).rejects.toMatchObject({ code: 'OPERATION_NOT_ALLOWED' });
    expect((await owner.call('GET', '/admin/session')).body.operator.role).toBe('owner');
  });

  it('keeps no password or TOTP secret in the clear', async () => {
    const { rows } = await db.query<{ password_hash: string; totp_secret_sealed: string }>(`SELECT password_hash, totp_secret_sealed FROM operator_account WHERE uuid = $1`, [owner.uuid]);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]!.totp_secret_sealed).toMatch(/^v1\./);
    expect(rows[0]!.totp_secret_sealed).not.toContain(owner.secret);
  });
});

describe('the audit log', () => {
  it('counts its matches up to the console cap and says when there are more', async () => {
    const kind = `cap_${randomUUID().replace(/[^a-f]/g, '').slice(0, 12)}`;
    await db.query(
      `INSERT INTO operator_audit (actor_kind, actor_label, action, entity_type, entity_id)
       SELECT 'system', 'cap test', 'cap.write', $1, 'row-' || i FROM generate_series(1, $2::int) i`,
      [kind, CONSOLE_COUNT_CAP + 3],
    );
    const capped = await owner.call('GET', `/admin/audit?entity_type=${kind}&page_size=10&page=2`);
    expect(capped.status).toBe(200);
    expect(capped.body.page_info).toMatchObject({ total: CONSOLE_COUNT_CAP, total_capped: true, page: 2 });
    expect(capped.body.items).toHaveLength(10);
    // One record's entries are few: counted exactly, with no cap named.
    const one = await owner.call('GET', `/admin/audit?entity_type=${kind}&entity_id=row-7`);
    expect(one.body.page_info.total).toBe(1);
    expect(one.body.page_info.total_capped).toBeUndefined();
  });

  it('records every change with who, what, when and before/after, searchable', async () => {
    const op = await createOperator(server, TOKEN, 'marketing');
    await owner.call('PATCH', `/admin/operators/${op.uuid}`, { role: 'support' });
    const byEntity = await owner.call('GET', `/admin/audit?entity_type=operator&entity_id=${op.uuid}`);
    expect(byEntity.status).toBe(200);
    const actions = byEntity.body.items.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['operator.update', 'operator.create']);
    const [update, create] = byEntity.body.items;
    expect(update).toMatchObject({ actor_kind: 'operator', operator_uuid: owner.uuid, actor_label: owner.email, before: { role: 'marketing' }, after: { role: 'support' } });
    expect(create).toMatchObject({ actor_kind: 'token', operator_uuid: null, actor_label: 'ADMIN_TOKEN' });
    expect(Date.parse(update.at)).toBeGreaterThan(Date.now() - 60_000);
    const byActor = await owner.call('GET', `/admin/audit?q=${encodeURIComponent(owner.email)}&action=operator&page_size=100`);
    expect(byActor.body.items.every((e: { actor_label: string }) => e.actor_label === owner.email)).toBe(true);
    expect(byActor.body.page_info.total).toBeGreaterThanOrEqual(1);
    expect((await owner.call('GET', '/admin/audit?page=0')).status).toBe(400);
    expect((await owner.call('GET', '/admin/audit?from=yesterday')).status).toBe(400);
  });

  it('records a script\'s and an operator\'s changes of other areas', async () => {
    const compliance = await createOperator(server, TOKEN, 'compliance');
    const ms = await cacheTime('de');
    const put = await compliance.call('PUT', '/admin/platform/configuration/de', { settings: { default_cache_time_ms: ms } });
    expect(put.status).toBe(200);
    const log = await owner.call('GET', `/admin/audit?action=config.update&entity_id=de&operator=${compliance.uuid}`);
    expect(log.body.items[0]).toMatchObject({ actor_label: compliance.email, entity_type: 'store_view', after: { settings: { default_cache_time_ms: ms } } });
    const history = await compliance.call('GET', '/admin/platform/configuration/de/history');
    expect(history.body.changes.some((c: { changed_by: string }) => c.changed_by === compliance.email)).toBe(true);
  });

  it('cannot be changed or deleted, even by the shop\'s own database user', async () => {
    await expect(db.query(`UPDATE operator_audit SET actor_label = 'someone else'`)).rejects.toThrow(/append-only/);
    await expect(db.query(`DELETE FROM operator_audit`)).rejects.toThrow(/append-only/);
  });

  it('withholds personal fields and secrets from before and after', () => {
    expect(redactForAudit({ status: 'shipped', customer_email: 'a@b.c', address: { street: ['x'] }, items: [{ sku: 'S', firstname: 'Ann' }], password: 'p', amount: 500 }))
      .toEqual({ status: 'shipped', customer_email: '[withheld]', address: '[withheld]', items: [{ sku: 'S', firstname: '[withheld]' }], password: '[withheld]', amount: 500 });
  });
});

describe('the operators command', () => {
  it('creates the first owner with a password printed once, who then signs in', async () => {
    const lines: string[] = [];
    const email = `cli-${randomUUID()}@ops.example.com`;
    const deps = { db, services: server.app.services, out: (l: string) => lines.push(l) };
    expect(await operatorsCommand(['create', '--email', email, '--name', 'Cleo Cli'], deps)).toBe(0);
    const printed = JSON.parse(lines[0]!);
    expect(printed).toMatchObject({ created: email, role: 'owner' });
    expect(printed.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await login(email, printed.password)).res.body.stage).toBe('enrol');
    expect(await operatorsCommand(['create', '--email', email, '--name', 'Again'], deps)).toBe(1);
    expect(JSON.parse(lines[1]!).error).toBe('ALREADY_EXISTS');
    expect(await operatorsCommand(['create', '--email', 'not-an-address', '--name', 'X'], deps)).toBe(2);
    expect(await operatorsCommand(['create', '--email', `r-${randomUUID()}@ops.example.com`, '--name', 'X', '--role', 'king'], deps)).toBe(2);
    const log = await owner.call('GET', `/admin/audit?action=operator.create&q=${encodeURIComponent('operators create')}`);
    expect(log.body.items.some((e: { actor_kind: string }) => e.actor_kind === 'system')).toBe(true);
  });
});
