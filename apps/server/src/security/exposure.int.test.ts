import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../platform/db.js';
import { restCall, serveForSuite, type TestServer } from '../test/test-app.js';
import { draftFor, makeProduct, placeOrder } from '../test/orders-fixtures.js';
import { ADDRESS, addAddress, PASSWORD, registerCustomer, type Customer } from './security-fixtures.js';

/*
 * Checklist item 7: the answers a customer (and a guest) can get about accounts, carts, orders,
 * loyalty and referrals carry no secret and no internal field: no password or code hash, no session
 * or reset token, no database row id of another module, no other customer's data.
 */

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

async function gqlWith(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', store: 'gb' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return (await res.json()) as { data?: any; errors?: any[] };
}

/** Every key of a JSON document, however deep. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) { into.add(k); keysOf(v, into); }
  return into;
}

const SECRET_KEYS = /(hash|salt|secret|password|passwd|cvv|cvc|card_number|internal|masked_id|session_id|user_agent|(^|_)(ip|pan|customer_id|user_id|row_id)$|_token$)/i;
const SECRET_VALUES = [/\$argon2/, /\$scrypt/, /^[0-9a-f]{64}$/];

let owner: Customer;
let other: Customer;
const answers: Record<string, unknown> = {};

beforeAll(async () => {
  [owner, other] = await Promise.all([registerCustomer(server), registerCustomer(server)]);
  await addAddress(server, owner);
  const product = await makeProduct(db, 5);
  const order = await placeOrder(server.app, draftFor({ product, customerUuid: owner.uuid, email: owner.email }));
  const cart = await gqlWith('{ customerCart { id } }', {}, owner.token);
  const t = { token: owner.token, store: 'gb' };
  answers.profile = (await restCall(server, 'GET', `/account/users/${owner.uuid}/profile`, undefined, t)).body;
  answers.legacyProfile = (await restCall(server, 'GET', `/account-legacy/profile/${owner.uuid}`, undefined, t)).body;
  answers.addresses = (await restCall(server, 'GET', `/account/users/${owner.uuid}/addresses`, undefined, t)).body;
  answers.export = (await restCall(server, 'GET', '/account/users/privacy', undefined, t)).body;
  answers.consents = (await restCall(server, 'GET', `/account/users/${owner.uuid}/consents`, undefined, t)).body;
  answers.loyalty = (await restCall(server, 'GET', `/api/loyalty/consumers/${owner.uuid}`, undefined, t)).body;
  answers.ledger = (await restCall(server, 'GET', `/api/loyalty/consumers/${owner.uuid}/points`, undefined, t)).body;
  answers.referral = (await restCall(server, 'GET', `/referral/customer/${owner.uuid}`, undefined, t)).body;
  answers.referralStats = (await restCall(server, 'GET', `/referral/referrer/${owner.uuid}/stats`, undefined, t)).body;
  answers.validate = (await restCall(server, 'POST', '/account/users/authentication/sessions/validate', { token: owner.token }, { store: 'gb' })).body;
  answers.customer = await gqlWith(`{ customer { uuid firstname lastname email date_of_birth telephone gender is_age_verified created_at
    addresses { firstname lastname street city postcode country_code telephone default_billing default_shipping }
    orders { items { number status total { grand_total { value } } } } } }`, {}, owner.token);
  answers.order = await gqlWith(`query ($n: String!) { customerOrder(number: $n) { number email status
    billing_address { firstname lastname street city } shipping_address { firstname lastname street city }
    items { product_sku product_name quantity_ordered } total { grand_total { value } } payment_methods { name type } } }`, { n: order.order_number }, owner.token);
  answers.cart = await gqlWith(`query ($c: String!) { cart(cart_id: $c) { id email itemsV2 { items { uid product { sku } } } available_payment_methods { code title } applied_coupons { code } } }`, { c: cart.data.customerCart.id }, owner.token);
  // A referral code verified by someone else names neither the referrer nor their e-mail.
  const code = (answers.referral as { code?: string; referral_code?: string }).code ?? (answers.referral as { referral_code?: string }).referral_code;
  answers.verifyByOther = (await restCall(server, 'POST', '/referral/verify', { code }, { token: other.token, store: 'gb' })).body;
});

describe('what the answers carry (checklist 7)', () => {
  it('carries no secret, hash, token or internal row key in any account, cart, order, loyalty or referral answer', () => {
    for (const [name, body] of Object.entries(answers)) {
      expect(body, name).toBeDefined();
      // Each answer is the real thing, not a refusal that would pass for want of content.
      expect((body as { errors?: unknown; error?: unknown }).errors ?? (body as { error?: unknown }).error, name).toBeUndefined();
      // The data-subject export owes the customer the addresses and browsers their own sessions came from.
      const owed = name === 'export' ? ['ip', 'user_agent'] : [];
      const offending = [...keysOf(body)].filter((k) => SECRET_KEYS.test(k) && !owed.includes(k));
      expect(offending, name).toEqual([]);
      const text = JSON.stringify(body);
      expect(text, name).not.toContain(PASSWORD);
      for (const re of SECRET_VALUES) expect(JSON.stringify(body, (_k, v) => (typeof v === 'string' && re.test(v) ? '<<secret>>' : v)), name).not.toContain('<<secret>>');
    }
  });

  it("never repeats the session token outside the sign-in answer, nor another customer's e-mail", () => {
    for (const [name, body] of Object.entries(answers)) {
      expect(JSON.stringify(body), name).not.toContain(owner.token);
      expect(JSON.stringify(body), name).not.toContain(other.email);
    }
    expect(JSON.stringify(answers.verifyByOther)).not.toContain(owner.email);
    expect(JSON.stringify(answers.verifyByOther)).not.toContain(owner.uuid);
  });

  it('gives a stranger reading the same customer and order nothing at all', async () => {
    const asOther = await gqlWith('{ customer { email addresses { city } } }', {}, other.token);
    expect(asOther.data.customer.email).toBe(other.email);
    expect(JSON.stringify(asOther)).not.toContain(ADDRESS.city);
    const anonymous = await gqlWith('{ customer { email } }');
    expect(anonymous.data?.customer ?? null).toBeNull();
    expect(JSON.stringify(anonymous)).not.toContain(owner.email);
  });
});
