import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { agreementIds, createCustomer, createProduct } from '@ember/test-support';
import { gql, restCall, serveForSuite, type TestServer } from '../../test/test-app.js';
import type { Db } from '../../platform/db.js';
import { acceptTermsAndPay, addProducts, gqlAs, newGuestCart, place, readyForCheckout } from '../cart/cart.fixtures.js';

const ADMIN_TOKEN = `admin-${randomUUID()}-${randomUUID()}`;
let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { ADMIN_TOKEN });

const CMS_PAGE = 'query ($id: String) { cmsPage(identifier: $id) { identifier url_key title content content_heading meta_title meta_description version published_at content_format } }';
const LEGAL_PAGES = '{ legalPages { identifier title content version } }';

async function currentVersion(store: string, kind: string): Promise<{ id: number; version: number; title: string }> {
  const { rows } = await db.query<{ id: number; version: number; title: string }>(
    `SELECT id, version, title FROM content_legal_page WHERE store_code = $1 AND kind = $2 AND published_at <= now()
      ORDER BY published_at DESC, version DESC LIMIT 1`,
    [store, kind],
  );
  return rows[0]!;
}

describe('legal pages', () => {
  it('serves each market its legal pages in its language, the imprint only in de and ch', async () => {
    const identifiers = async (store: string) => (await gql(server, LEGAL_PAGES, {}, { store })).body.data.legalPages.map((p: { identifier: string }) => p.identifier);
    expect(await identifiers('gb')).toEqual(['terms', 'privacy', 'cookies', 'withdrawal']);
    expect(await identifiers('de')).toEqual(['terms', 'privacy', 'cookies', 'withdrawal', 'imprint']);
    expect(await identifiers('ch')).toEqual(['terms', 'privacy', 'cookies', 'withdrawal', 'imprint']);
    // The footer's list carries no bodies.
    const list = (await gql(server, LEGAL_PAGES, {}, { store: 'gb' })).body.data.legalPages;
    expect(list.every((p: { content: string }) => p.content === '')).toBe(true);

    const gb = (await gql(server, CMS_PAGE, { id: 'terms' }, { store: 'gb' })).body.data.cmsPage;
    expect(gb).toMatchObject({ identifier: 'terms', url_key: 'terms', title: 'Terms and conditions', content_format: 'markdown', version: 1 });
    expect(gb.content).toContain('18 or over');
    expect(gb.content).not.toMatch(/<[a-z]/i);
    const de = (await gql(server, CMS_PAGE, { id: 'terms' }, { store: 'de' })).body.data.cmsPage;
    expect(de.title).toBe('Allgemeine Geschäftsbedingungen');
    expect(de.content).toContain('Ember Products GmbH, Lindenstraße 42');
    const ch = (await gql(server, CMS_PAGE, { id: 'imprint' }, { store: 'ch' })).body.data.cmsPage;
    expect(ch.content).toContain('CHE-412.873.590');
    const chWithdrawal = (await gql(server, CMS_PAGE, { id: 'withdrawal' }, { store: 'ch' })).body.data.cmsPage;
    expect(chWithdrawal.content).toContain('freiwillig');
  });

  it('answers an unknown page, or the imprint where the market has none, as no such entity', async () => {
    for (const [store, id] of [['gb', 'imprint'], ['gb', 'no-such-page'], ['de', 'about-us']]) {
      const r = await gql(server, CMS_PAGE, { id }, { store });
      expect(r.body.data.cmsPage).toBeNull();
      expect(r.body.errors?.[0].extensions.category).toBe('graphql-no-such-entity');
    }
    // An identifier no page can have names no page either (a storefront path may hold anything).
    const bad = await gql(server, CMS_PAGE, { id: '../etc/passwd' }, { store: 'gb' });
    expect(bad.body.data.cmsPage).toBeNull();
    expect(bad.body.errors?.[0].extensions.category).toBe('graphql-no-such-entity');
  });

  it('serves the newest published version, never one published in the future', async () => {
    const before = await currentVersion('gb_trial', 'privacy');
    await db.query(
      `INSERT INTO content_legal_page (store_code, kind, language, version, published_at, title, meta_description, body)
       VALUES ('gb_trial', 'privacy', 'en', $1, now() - interval '1 minute', 'Privacy policy', '', '## Updated' || chr(10) || chr(10) || 'New text.'),
              ('gb_trial', 'privacy', 'en', $2, now() + interval '30 days', 'Privacy policy', '', '## Future' || chr(10) || chr(10) || 'Not yet.')`,
      [before.version + 1, before.version + 2],
    );
    const page = (await gql(server, CMS_PAGE, { id: 'privacy' }, { store: 'gb_trial' })).body.data.cmsPage;
    expect(page.version).toBe(before.version + 1);
    expect(page.content).toContain('New text.');
  });
});

describe('terms accepted at registration', () => {
  const body = (email: string) => ({
    firstname: 'Tess', lastname: 'Terms', date_of_birth: '1987-07-07', strategy: 'email_password', strategy_data: { identifier: email, password: 'Terms-Pass-2026' },
  });

  it('refuses a registration without the terms accepted in both account families, with a field error', async () => {
    for (const terms of [undefined, false]) {
      const r = await restCall(server, 'POST', '/account/users/register', { ...body(`t+${randomUUID().slice(0, 8)}@example.com`), terms_accepted: terms }, { store: 'gb' });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_FAILED');
      expect(r.body.error.details.fields).toEqual({ terms_accepted: 'required' });
    }
    const email = `t+${randomUUID().slice(0, 8)}@example.com`;
    const legacy = await restCall(server, 'POST', '/account-legacy/register', { firstname: 'Tess', lastname: 'Terms', dob: '1987-07-07', email, password: 'Terms-Pass-2026' }, { store: 'gb' });
    expect(legacy.status).toBe(400);
    expect(legacy.body.error.details.fields).toEqual({ terms_accepted: 'required' });
    const none = await db.query('SELECT 1 FROM identity_user WHERE email = $1', [email]);
    expect(none.rows).toHaveLength(0);
  });

  it('keeps the accepted terms and privacy versions of the store with the mandatory consent', async () => {
    const email = `t+${randomUUID().slice(0, 8)}@example.com`;
    const r = await restCall(server, 'POST', '/account/users/register', { ...body(email), terms_accepted: true }, { store: 'de' });
    expect(r.status).toBe(201);
    const terms = await currentVersion('de', 'terms');
    const privacy = await currentVersion('de', 'privacy');
    const consent = await db.query<{ granted: boolean; documents: unknown }>(
      "SELECT granted, documents FROM consent_user WHERE user_uuid = $1 AND purpose_id = 'terms_and_privacy'", [r.body.user_uuid],
    );
    expect(consent.rows).toEqual([{ granted: true, documents: { terms: terms.version, privacy: privacy.version } }]);
    const history = await db.query<{ source: string; documents: unknown }>(
      "SELECT source, documents FROM consent_history WHERE user_uuid = $1 AND purpose_id = 'terms_and_privacy'", [r.body.user_uuid],
    );
    expect(history.rows).toEqual([{ source: 'registration', documents: { terms: terms.version, privacy: privacy.version } }]);

    const legacyEmail = `t+${randomUUID().slice(0, 8)}@example.com`;
    const legacy = await restCall(server, 'POST', '/account-legacy/register', { firstname: 'Tess', lastname: 'Terms', dob: '1987-07-07', email: legacyEmail, password: 'Terms-Pass-2026', terms_accepted: true }, { store: 'gb' });
    expect(legacy.status).toBe(201);
    const legacyConsent = await db.query("SELECT documents FROM consent_user WHERE user_uuid = $1 AND purpose_id = 'terms_and_privacy'", [legacy.body.uuid]);
    expect(legacyConsent.rows[0]!.documents).toEqual({ terms: (await currentVersion('gb', 'terms')).version, privacy: (await currentVersion('gb', 'privacy')).version });
  });
});

describe('checkout agreements', () => {
  it('lists one manual agreement per store view: the current terms, worded in its language', async () => {
    const gb = (await gql(server, '{ checkoutAgreements { agreement_id name checkbox_text is_html mode } }', {}, { store: 'gb' })).body.data.checkoutAgreements;
    expect(gb).toEqual([{
      agreement_id: (await currentVersion('gb', 'terms')).id, name: 'Terms and conditions',
      checkbox_text: 'I accept the terms and conditions and have read the privacy policy.', is_html: false, mode: 'MANUAL',
    }]);
    const de = (await gql(server, '{ checkoutAgreements { checkbox_text } }', {}, { store: 'de' })).body.data.checkoutAgreements;
    expect(de[0].checkbox_text).toContain('Allgemeinen Geschäftsbedingungen');
  });

  it('refuses placeOrder until the agreement is ticked, and refuses an agreement of another store view', async () => {
    const p = await createProduct(db);
    const cartId = await newGuestCart(server);
    await addProducts(server, cartId, [{ sku: p.sku, quantity: 1 }]);
    await readyForCheckout(server, cartId, { acceptTerms: false });
    const refused = await place(server, cartId);
    expect(refused.body.data.placeOrder.order).toBeNull();
    expect(refused.body.data.placeOrder.errors).toEqual([{ code: 'UNABLE_TO_PLACE_ORDER', message: 'Please agree to all the terms and conditions before placing the order.' }]);

    const SET = 'mutation ($c: String!, $ids: [Int!]) { setPaymentMethodOnCart(input: {cart_id: $c, payment_method: {code: "ember_card", agreement_ids: $ids}}) { cart { id } } }';
    const foreign = await gqlAs(server, SET, { c: cartId, ids: await agreementIds(server, { store: 'de' }) });
    expect(foreign.body.errors?.[0].extensions.category).toBe('graphql-input');
    // An empty list withdraws an earlier tick.
    await acceptTermsAndPay(server, cartId);
    await gqlAs(server, SET, { c: cartId, ids: [] });
    expect((await place(server, cartId)).body.data.placeOrder.errors[0].code).toBe('UNABLE_TO_PLACE_ORDER');
    // Choosing the payment method again without agreement_ids keeps the tick.
    await acceptTermsAndPay(server, cartId);
    await gqlAs(server, 'mutation ($c: String!) { setPaymentMethodOnCart(input: {cart_id: $c, payment_method: {code: "ember_card"}}) { cart { id } } }', { c: cartId });
    const placed = await place(server, cartId);
    expect(placed.body.data.placeOrder.errors).toEqual([]);
  });

  it('keeps the accepted terms and privacy versions with the order, on the order detail and in the operator API', async () => {
    const c = await createCustomer(server);
    const p = await createProduct(db);
    const cartId = (await gqlAs(server, '{ customerCart { id } }', {}, { token: c.token })).body.data.customerCart.id;
    await addProducts(server, cartId, [{ sku: p.sku, quantity: 1 }], { token: c.token });
    await readyForCheckout(server, cartId, { token: c.token });
    const placed = await place(server, cartId, { token: c.token });
    expect(placed.body.data.placeOrder.errors).toEqual([]);
    const number = placed.body.data.placeOrder.order.order_number;
    const terms = await currentVersion('gb', 'terms');
    const privacy = await currentVersion('gb', 'privacy');
    const expected = [
      { identifier: 'terms', title: terms.title, version: terms.version },
      { identifier: 'privacy', title: privacy.title, version: privacy.version },
    ];
    const stored = await db.query('SELECT accepted_agreements FROM orders_order WHERE order_number = $1', [number]);
    expect(stored.rows[0]!.accepted_agreements).toEqual(expected);
    const detail = await gqlAs(server, 'query ($n: String!) { customerOrder(number: $n) { accepted_agreements { identifier title version } } }', { n: number }, { token: c.token });
    expect(detail.body.data.customerOrder.accepted_agreements).toEqual(expected);
    const admin = await restCall(server, 'GET', `/admin/orders/${number}`, undefined, { token: ADMIN_TOKEN });
    expect(admin.status).toBe(200);
    expect(admin.body.accepted_agreements).toEqual(expected);
  });
});
