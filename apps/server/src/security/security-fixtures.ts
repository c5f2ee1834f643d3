import { randomUUID } from 'node:crypto';
import type { Queryable } from '../platform/db.js';
import { restCall, type RestResult, type TestServer } from '../test/test-app.js';

/** Helpers for the security suites: customers, raw requests and "nothing changed" snapshots. */

export const PASSWORD = 'Audit-Pass-2026';

export interface Customer {
  uuid: string;
  token: string;
  email: string;
}

export async function registerCustomer(server: TestServer, opts: { store?: string; dob?: string } = {}): Promise<Customer> {
  const email = `audit+${randomUUID().slice(0, 8)}@example.com`;
  const reg = await restCall(server, 'POST', '/account/users/register', {
    terms_accepted: true,
    firstname: 'Ann', lastname: 'Audit', date_of_birth: opts.dob ?? '1987-06-05',
    strategy: 'email_password', strategy_data: { identifier: email, password: PASSWORD },
  }, { store: opts.store ?? 'gb' });
  if (reg.status !== 201) throw new Error(`registration failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  return { uuid: reg.body.user_uuid, token: await login(server, email), email };
}

export async function login(server: TestServer, email: string, password = PASSWORD): Promise<string> {
  const res = await restCall(server, 'POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password } }, { store: 'gb' });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

export const ADDRESS = {
  firstname: 'Ann', lastname: 'Audit', street: ['Baker Street 221b'], city: 'London', postcode: 'NW1 6XE', country_code: 'GB', telephone: '+447900000000',
};

/** An address in the customer's book, through the account API; answers its id. */
export async function addAddress(server: TestServer, c: Customer): Promise<number> {
  const res = await restCall(server, 'POST', `/account/users/${c.uuid}/addresses`, ADDRESS, { token: c.token, store: 'gb' });
  if (res.status !== 201) throw new Error(`address failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A REST or GraphQL error body without its per-request id, so two refusals can be compared. */
export function withoutRequestId(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body ?? null, (key, value) => (key === 'request_id' || key === 'requestId' ? undefined : value)));
}

export function comparable(res: RestResult): { status: number; body: unknown } {
  return { status: res.status, body: withoutRequestId(res.body) };
}

/** Every row any module keeps about one customer, so a test can show that a refused request changed nothing. */
const CUSTOMER_ROWS: [table: string, column: string][] = [
  ['identity_user', 'uuid'], ['identity_credential', 'user_uuid'], ['identity_session', 'user_uuid'], ['identity_address', 'user_uuid'],
  ['identity_custom_attribute', 'user_uuid'], ['identity_password_reset', 'user_uuid'], ['identity_promo_code', 'user_uuid'],
  ['consent_user', 'user_uuid'], ['consent_history', 'user_uuid'], ['forms_submission', 'user_uuid'], ['age_verification_request', 'user_uuid'],
  ['loyalty_account', 'consumer_uuid'], ['loyalty_ledger', 'consumer_uuid'], ['loyalty_redemption', 'consumer_uuid'], ['loyalty_cart_campaign', 'consumer_uuid'],
  ['referral_customer', 'uuid'], ['cart_cart', 'customer_uuid'], ['orders_order', 'customer_uuid'], ['payments_payment', 'customer_uuid'],
  ['payments_saved_card', 'customer_uuid'],
];

export async function snapshotCustomer(db: Queryable, c: Pick<Customer, 'uuid' | 'email'>): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const [table, column] of CUSTOMER_ROWS) {
    const { rows } = await db.query<{ row: unknown }>(`SELECT to_jsonb(t) AS row FROM ${table} t WHERE ${column} = $1 ORDER BY to_jsonb(t)::text`, [c.uuid]);
    snapshot[table] = rows.map((r) => r.row);
  }
  const mail = await db.query<{ row: unknown }>(`SELECT to_jsonb(m) AS row FROM messaging_outbox m WHERE recipient = $1 ORDER BY id`, [c.email]);
  snapshot.messaging_outbox = mail.rows.map((r) => r.row);
  return snapshot;
}
