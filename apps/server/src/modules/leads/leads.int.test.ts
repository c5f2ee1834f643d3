import { randomUUID } from 'node:crypto';
import { createCustomer, createProduct, restCall } from '@ember/test-support';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { inTransaction, transactionsOn } from '../../platform/transaction.js';
import { draftFor, placeOrder } from '../../test/orders-fixtures.js';
import { serveForSuite, startTestServer, type TestServer } from '../../test/test-app.js';
import { readLeadLink, signLeadLink } from './leads.link.js';

let server: TestServer;
let db: Db;
const ADMIN = 'leads-suite-admin-token-0123456789abcdef';
const SECRET = 'leads-suite-link-secret-0123456789abcdef';
const ORIGIN = 'https://shop.example';
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { ADMIN_TOKEN: ADMIN, LEADS_LINK_SECRET: SECRET, LEADS_LINK_TTL_DAYS: '7', PUBLIC_BASE_URL: ORIGIN });

const DAY_MS = 86_400_000;
const newEmail = (prefix = 'lead') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
const leadBody = (over: Record<string, unknown> = {}) => ({
  email: newEmail(), first_name: 'Lena', source: 'event', campaign_code: 'FEST-2026', purposes: ['email_marketing', 'sms_marketing'], ...over,
});
const register = (body: unknown, store = 'gb', headers: Record<string, string> = {}) =>
  restCall(server, 'POST', '/admin/leads', body, { token: ADMIN, store, headers });
const validate = (token: string, store = 'gb', target: TestServer = server) => restCall(target, 'POST', `/api/leads/consents/validate/${token}`, undefined, { store });
const purchasesOf = (id: string, target: TestServer = server) => restCall(target, 'GET', `/api/leads/${id}/actions/purchase`);

/** The lead e-mails to an address, newest first. */
async function leadMails(recipient: string): Promise<{ subject: string; body: string; language: string }[]> {
  const r = await restCall(server, 'GET', `/dev/mailbox/messages?recipient=${encodeURIComponent(recipient)}`);
  return r.body.messages.filter((m: { template: string }) => m.template === 'lead_confirmation');
}

/** The link of the newest confirmation e-mail to an address, and its token. */
async function linkTo(recipient: string): Promise<{ link: string; token: string }> {
  const [mail] = await leadMails(recipient);
  const link = /https?:\/\/\S+\/leads\/confirm\/\S+/.exec(mail!.body)![0];
  return { link, token: link.slice(link.lastIndexOf('/') + 1) };
}

async function registered(body = leadBody(), store = 'gb') {
  const r = await register(body, store);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { id: r.body.id as string, email: body.email as string, ...(await linkTo(body.email as string)) };
}

async function grantedPurposes(customer: { uuid: string; token: string }): Promise<string[]> {
  const r = await restCall(server, 'GET', `/account/users/${customer.uuid}/consents`, undefined, { token: customer.token });
  return (r.body as { purpose_id: string; granted: boolean }[]).filter((c) => c.granted).map((c) => c.purpose_id).sort();
}

async function leadHistory(uuid: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM consent_history WHERE user_uuid = $1 AND source = 'lead'`, [uuid]);
  return rows[0]!.n;
}

describe('POST /admin/leads', () => {
  it('registers a lead and e-mails a signed link built from the configured origin, in the store view\'s language', async () => {
    const body = leadBody();
    // A forged forwarded host never reaches the link.
    const r = await register(body, 'gb', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ store_code: 'gb', source: 'event', campaign_code: 'FEST-2026', status: 'pending', purposes: ['email_marketing', 'sms_marketing'], confirmed_at: null });
    expect(Object.keys(r.body)).not.toContain('email');
    const [mail] = await leadMails(body.email);
    expect(mail).toMatchObject({ subject: 'Confirm how Ember may keep in touch', language: 'en' });
    expect(mail!.body).toContain('Hello Lena');
    expect(mail!.body).toContain('- News by e-mail\n- News by text message');
    const { link, token } = await linkTo(body.email);
    expect(link.startsWith(`${ORIGIN}/gb/leads/confirm/`)).toBe(true);
    expect(mail!.body).not.toContain('evil.example');
    // The token names the lead and expires after the configured days; the answer tells the same expiry.
    const read = readLeadLink(SECRET, token)!;
    expect(read.leadId).toBe(r.body.id);
    expect(read.expiresAt.toISOString()).toBe(r.body.link_expires_at);
    expect(Math.abs(read.expiresAt.getTime() - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);
    expect(readLeadLink('another-secret-of-at-least-32-characters!', token)).toBeNull();

    const de = leadBody();
    expect((await register(de, 'de')).status).toBe(201);
    const [german] = await leadMails(de.email);
    expect(german).toMatchObject({ subject: 'Bestätigen Sie, wie Ember in Kontakt bleiben darf', language: 'de' });
    expect(german!.body).toContain('- Neuigkeiten per E-Mail');
    expect((await linkTo(de.email)).link.startsWith(`${ORIGIN}/de/leads/confirm/`)).toBe(true);
  });

  it('answers the same lead for the same person and campaign, e-mails a fresh link while pending, and refuses other purposes', async () => {
    const body = leadBody({ source: 'promoter', campaign_code: 'PROMO.ANNA' });
    const first = await register(body);
    const again = await register(body);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.id).toBe(first.body.id);
    expect(await leadMails(body.email)).toHaveLength(2);
    const other = await register({ ...body, purposes: ['post_marketing'] });
    expect([other.status, other.body.error.code]).toEqual([409, 'ALREADY_EXISTS']);
    // Another campaign is another lead.
    expect((await register({ ...body, campaign_code: 'PROMO.BEN' })).body.id).not.toBe(first.body.id);
  });

  it('takes marketing purposes only, and an operator\'s token only', async () => {
    for (const purposes of [['terms_and_privacy'], ['surveys'], ['no_such_purpose'], []]) {
      const r = await register(leadBody({ purposes }));
      expect([purposes, r.status, r.body.error.code]).toEqual([purposes, 400, 'VALIDATION_FAILED']);
    }
    const body = leadBody();
    expect((await restCall(server, 'POST', '/admin/leads', body, { store: 'gb' })).status).toBe(401);
    expect((await restCall(server, 'POST', '/admin/leads', body, { store: 'gb', token: `${ADMIN}x` })).status).toBe(401);
    expect(await leadMails(body.email)).toEqual([]);
  });
});

describe('POST /api/leads/consents/validate/{hash}', () => {
  it('confirms once and grants the purposes to the account of that address in the website; a second call answers the same and records nothing', async () => {
    const customer = await createCustomer(server, { store: 'gb' });
    const lead = await registered(leadBody({ email: customer.email }));
    expect(await grantedPurposes(customer)).not.toContain('email_marketing');

    const first = await validate(lead.token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ confirmed: true, purposes: ['email_marketing', 'sms_marketing'] });
    expect(await grantedPurposes(customer)).toEqual(expect.arrayContaining(['email_marketing', 'sms_marketing']));
    expect(await leadHistory(customer.uuid)).toBe(2);

    const second = await validate(lead.token);
    expect([second.status, second.body]).toEqual([200, first.body]);
    expect(await leadHistory(customer.uuid)).toBe(2);
    // Registering the confirmed lead again sends nothing more.
    const again = await register(leadBody({ email: customer.email }));
    expect(again.body).toMatchObject({ id: lead.id, status: 'confirmed', link_expires_at: null });
    expect(await leadMails(customer.email)).toHaveLength(1);
  });

  it('grants nothing to an account of another website, and applies confirmed purposes when someone registers with the address later', async () => {
    const german = await createCustomer(server, { store: 'de' });
    const lead = await registered(leadBody({ email: german.email }));
    expect((await validate(lead.token)).status).toBe(200);
    expect(await grantedPurposes(german)).not.toContain('sms_marketing');
    expect(await leadHistory(german.uuid)).toBe(0);

    const later = await registered(leadBody({ purposes: ['post_marketing'] }));
    expect((await validate(later.token)).status).toBe(200);
    const joined = await createCustomer(server, { store: 'gb', email: later.email });
    expect(await grantedPurposes(joined)).toContain('post_marketing');
    expect(await leadHistory(joined.uuid)).toBe(1);
    // A pending lead's purposes are not given: nobody confirmed them.
    const pending = await registered(leadBody());
    expect(await grantedPurposes(await createCustomer(server, { store: 'gb', email: pending.email }))).not.toContain('email_marketing');
  });

  it('refuses a tampered, malformed or foreign link (400 LEAD_LINK_INVALID, said in the store view\'s language) before any lookup', async () => {
    const lead = await registered();
    const [payload, signature] = lead.token.split('.') as [string, string];
    const flipped = `${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const otherLead = signLeadLink(SECRET, randomUUID(), new Date(Date.now() + DAY_MS));
    const foreign = signLeadLink('a-key-that-is-not-the-shops-0123456789', lead.id, new Date(Date.now() + DAY_MS));
    for (const token of [flipped, foreign, otherLead, 'abc', `${lead.token}x`, `${payload}.`, encodeURIComponent('<script>')]) {
      const r = await validate(token);
      expect([token, r.status, r.body.error.code]).toEqual([token, 400, 'LEAD_LINK_INVALID']);
    }
    const german = await validate(flipped, 'de');
    expect(german.body.error.message).toBe('Dieser Bestätigungslink ist ungültig. Bitte öffnen Sie den Link aus Ihrer E-Mail genau so, wie er gesendet wurde.');
    // The genuine link still works.
    expect((await validate(lead.token)).status).toBe(200);
  });

  it('refuses an expired link with 410 LEAD_LINK_EXPIRED and leaves the lead pending; a confirmed lead\'s old link still answers confirmed', async () => {
    const lead = await registered();
    const expired = signLeadLink(SECRET, lead.id, new Date(Date.now() - 1000));
    const r = await validate(expired);
    expect([r.status, r.body.error.code, r.body.error.message]).toEqual([410, 'LEAD_LINK_EXPIRED', 'This confirmation link has expired. Ask us for a new one.']);
    const { rows } = await db.query<{ status: string }>('SELECT status FROM leads_lead WHERE id = $1', [lead.id]);
    expect(rows[0]!.status).toBe('pending');
    expect((await validate(lead.token)).status).toBe(200);
    expect((await validate(expired)).body).toEqual({ confirmed: true, purposes: ['email_marketing', 'sms_marketing'] });
  });
});

describe('GET /api/leads/{uuid}/actions/purchase', () => {
  const pay = (entityId: string, amount: number) =>
    inTransaction(db, (tx) => server.app.services.orders.markPaid(tx, entityId, { payment_uuid: randomUUID(), provider_reference: `psp-${randomUUID().slice(0, 8)}`, amount, currency: 'GBP' }));
  const deliver = (ids: string[]) => server.app.services.orders.deliverEvents(transactionsOn(db), 100, ids);
  const order = async (product: { id: number; sku: string }, email: string, quantity = 1) => {
    const draft = draftFor({ product, customerUuid: null, email, quantity });
    return { ...(await placeOrder(server.app, draft)), total: draft.totals.grand_total };
  };

  it('tells what a lead bought with their address in the website after they were met, once per order, without order numbers, amounts or personal data', async () => {
    const product = await createProduct(db, { stores: ['gb'] });
    const email = newEmail('buyer');
    const before = await order(product, email);
    const lead = await registered(leadBody({ email }));
    // A lead of the same address in another website, met later, is not credited with a gb order.
    const elsewhere = await registered(leadBody({ email }), 'de');
    await pay(before.entity_id, before.total);
    const unpaid = await order(product, email);
    const paid = await order(product, email, 3);
    await pay(paid.entity_id, paid.total);
    const stranger = await order(product, newEmail('stranger'));
    await pay(stranger.entity_id, stranger.total);
    await deliver([before.entity_id, unpaid.entity_id, paid.entity_id, stranger.entity_id]);

    const r = await purchasesOf(lead.id);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ purchased: true, purchases: [{ purchased_at: expect.any(String), items: [{ sku: product.sku, quantity: 3 }] }] });
    expect(Date.parse(r.body.purchases[0].purchased_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(r.body)).not.toMatch(/GB-|@|grand|total/);
    expect((await purchasesOf(elsewhere.id)).body).toEqual({ purchased: false, purchases: [] });

    // Later events of the same order (it moves on) credit nothing again.
    await inTransaction(db, (tx) => server.app.services.orders.changeStatus(tx, paid.order_number, { to: 'processing', actor: 'operator' }));
    await deliver([paid.entity_id]);
    expect((await purchasesOf(lead.id)).body.purchases).toHaveLength(1);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads_purchase WHERE lead_id = $1', [lead.id]);
    expect(rows[0]!.n).toBe(1);
  });

  it('answers an unknown lead exactly like one that bought nothing, and an id that is not a UUID with 400', async () => {
    const unknown = await purchasesOf(randomUUID());
    const lead = await registered();
    const none = await purchasesOf(lead.id);
    expect([unknown.status, unknown.body]).toEqual([200, { purchased: false, purchases: [] }]);
    expect([none.status, none.body]).toEqual([unknown.status, unknown.body]);
    expect(unknown.headers.get('cache-control')).toBe('no-store');
    const malformed = await purchasesOf('not-a-uuid');
    expect([malformed.status, malformed.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('privacy', () => {
  it('exports the customer\'s leads with their purchases, and the account\'s cancellation erases them', async () => {
    const customer = await createCustomer(server, { store: 'gb' });
    const lead = await registered(leadBody({ email: customer.email }));
    expect((await validate(lead.token)).status).toBe(200);
    const product = await createProduct(db, { stores: ['gb'] });
    const draft = draftFor({ product, customerUuid: null, email: customer.email, quantity: 1 });
    const placed = await placeOrder(server.app, draft);
    await inTransaction(db, (tx) => server.app.services.orders.markPaid(tx, placed.entity_id, { payment_uuid: randomUUID(), provider_reference: 'psp-privacy', amount: draft.totals.grand_total, currency: 'GBP' }));
    await server.app.services.orders.deliverEvents(transactionsOn(db), 100, [placed.entity_id]);

    const reauth = await restCall(server, 'POST', `/account/users/${customer.uuid}/reauthenticate`, { password: customer.password }, { token: customer.token });
    expect(reauth.status).toBe(200);
    const token = reauth.body.token as string;
    const exported = await restCall(server, 'GET', '/account/users/privacy', undefined, { token, store: 'gb' });
    expect(exported.status).toBe(200);
    expect(exported.body.leads).toEqual([expect.objectContaining({
      id: lead.id, email: customer.email, first_name: 'Lena', status: 'confirmed', campaign_code: 'FEST-2026',
      purchases: [expect.objectContaining({ order_number: placed.order_number, items: [{ sku: product.sku, quantity: 1 }] })],
    })]);

    expect((await restCall(server, 'POST', `/account/users/${customer.uuid}/cancel`, undefined, { token, store: 'gb' })).status).toBe(204);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads_lead WHERE email = $1', [customer.email]);
    expect(rows[0]!.n).toBe(0);
    expect((await purchasesOf(lead.id)).body).toEqual({ purchased: false, purchases: [] });
    expect((await validate(lead.token)).body.error.code).toBe('LEAD_LINK_INVALID');
  });
});

describe('the database', () => {
  it('holds a lead\'s shape and credits an order once, to one lead, whatever the code does', async () => {
    const insert = (over: Record<string, unknown> = {}) => {
      const l = { id: randomUUID(), store_code: 'gb', source: 'event', campaign_code: 'DB-CHECK', email: newEmail('db'), first_name: 'Dora', purposes: ['email_marketing'], status: 'pending', confirmed_at: null, ...over };
      return db.query(
        'INSERT INTO leads_lead (id, store_code, source, campaign_code, email, first_name, purposes, status, confirmed_at) VALUES ($1, $2, $3, $4, $5, $6, $7::text[], $8, $9)',
        [l.id, l.store_code, l.source, l.campaign_code, l.email, l.first_name, l.purposes, l.status, l.confirmed_at],
      ).then(() => l);
    };
    for (const bad of [
      { source: 'radio' }, { purposes: [] }, { purposes: ['email_marketing', 'email_marketing'] }, { purposes: ['sms_marketing', 'email_marketing', 'sms_marketing'] },
      { purposes: ['Email'] }, { email: 'Upper@example.com' }, { status: 'confirmed' }, { confirmed_at: new Date() }, { campaign_code: 'bad code' }, { store_code: 'xx' },
    ]) await expect(insert(bad), JSON.stringify(bad)).rejects.toThrow();
    const lead = await insert();
    await expect(insert({ email: lead.email })).rejects.toThrow(/leads_lead_once_per_campaign/);

    const product = await createProduct(db, { stores: ['gb'] });
    const placed = await placeOrder(server.app, draftFor({ product, customerUuid: null, email: lead.email }));
    const purchase = (leadId: string, items: unknown = [{ sku: product.sku, quantity: 1 }]) => db.query(
      'INSERT INTO leads_purchase (lead_id, order_entity_id, order_number, purchased_at, items) VALUES ($1, $2, $3, now(), $4::jsonb)',
      [leadId, placed.entity_id, placed.order_number, JSON.stringify(items)],
    );
    for (const items of [[], [{ sku: product.sku }], [{ sku: product.sku, quantity: 0 }], [{ sku: product.sku, quantity: 1.5 }], [{ sku: 1, quantity: 1 }], {}]) {
      await expect(purchase(lead.id, items), JSON.stringify(items)).rejects.toThrow();
    }
    await purchase(lead.id);
    const other = await insert({ campaign_code: 'DB-OTHER', email: lead.email });
    await expect(purchase(lead.id)).rejects.toThrow();
    await expect(purchase(other.id)).rejects.toThrow(/leads_purchase_order_once/);
  });
});

describe('rate limits', () => {
  it('counts every link check and purchase question per client address, and answers 429 with Retry-After past the budget', async () => {
    const strict = await startTestServer({ RATE_LIMIT_IP_FACTOR: '1', LEADS_LINK_SECRET: SECRET });
    try {
      const checks: number[] = [];
      for (let i = 0; i < 21; i++) checks.push((await validate('abc', 'gb', strict)).status);
      expect(checks.slice(0, 20).every((s) => s === 400)).toBe(true);
      const refused = await validate('abc', 'gb', strict);
      expect([checks[20], refused.status, refused.body.error.code]).toEqual([429, 429, 'RATE_LIMITED']);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);

      const id = randomUUID();
      const asked: number[] = [];
      for (let i = 0; i < 121; i++) asked.push((await purchasesOf(id, strict)).status);
      expect(asked.slice(0, 120).every((s) => s === 200)).toBe(true);
      expect(asked[120]).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
