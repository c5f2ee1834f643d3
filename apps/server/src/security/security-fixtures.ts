import type { TestCustomer } from '@ember/test-support';
import type { Queryable } from '../platform/db.js';
import { restCall, type RestResult, type TestServer } from '../test/test-app.js';

/**
 * Helpers for the security suites: address book entries, comparable refusals, "nothing changed"
 * snapshots and the checklist's invariants. Customers come from @ember/test-support.
 */

export const ADDRESS = {
  firstname: 'Ann', lastname: 'Audit', street: ['Baker Street 221b'], city: 'London', postcode: 'NW1 6XE', country_code: 'GB', telephone: '+447900000000',
};

/** An address in the customer's book, through the account API; answers its id. */
export async function addAddress(server: TestServer, c: TestCustomer): Promise<number> {
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

export async function snapshotCustomer(db: Queryable, c: Pick<TestCustomer, 'uuid' | 'email'>): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const [table, column] of CUSTOMER_ROWS) {
    const { rows } = await db.query<{ row: unknown }>(`SELECT to_jsonb(t) AS row FROM ${table} t WHERE ${column} = $1 ORDER BY to_jsonb(t)::text`, [c.uuid]);
    snapshot[table] = rows.map((r) => r.row);
  }
  const mail = await db.query<{ row: unknown }>(`SELECT to_jsonb(m) AS row FROM messaging_outbox m WHERE recipient = $1 ORDER BY id`, [c.email]);
  snapshot.messaging_outbox = mail.rows.map((r) => r.row);
  return snapshot;
}

/**
 * The checklist's global invariants, read by SQL after a suite: stock never negative (I1), loyalty
 * balances equal to their ledger and never negative, each source credited once (I2), coupon uses
 * within their limits (I3), one order per cart and refunds within the amount (I4), a paid amount
 * equal to the order's total (I5), and no live session of an account that is no longer active
 * (I6). Most are also database constraints; reading them here shows the suite's refusals left
 * none of them broken.
 */
export async function expectInvariants(db: Queryable): Promise<string[]> {
  const broken: string[] = [];
  const check = async (name: string, sql: string) => {
    const { rows } = await db.query(sql);
    if (rows.length > 0) broken.push(`${name}: ${JSON.stringify(rows.slice(0, 3))}`);
  };
  await check('I1 stock below zero', 'SELECT product_id FROM inventory_stock WHERE quantity < 0');
  await check('I2 balance differs from ledger', `SELECT a.consumer_uuid FROM loyalty_account a
      LEFT JOIN (SELECT consumer_uuid, sum(points)::int AS total FROM loyalty_ledger GROUP BY consumer_uuid) l USING (consumer_uuid)
     WHERE a.balance <> COALESCE(l.total, 0) OR a.balance < 0 OR a.held < 0 OR a.held > a.balance`);
  await check('I2 source credited twice', 'SELECT source_type, source_key FROM loyalty_ledger GROUP BY source_type, source_key HAVING count(*) > 1');
  await check('I3 coupon over its limits', `SELECT r.code FROM cart_rule r WHERE (r.uses_per_coupon IS NOT NULL AND r.times_used > r.uses_per_coupon)
     OR EXISTS (SELECT 1 FROM cart_rule_usage u WHERE u.rule_id = r.id AND r.uses_per_customer IS NOT NULL AND u.times_used > r.uses_per_customer)`);
  await check('I4 two orders for one cart', 'SELECT cart_id FROM orders_order GROUP BY cart_id HAVING count(*) > 1');
  await check('I4 refunds above the total', 'SELECT order_number FROM orders_order WHERE refunded_total > grand_total');
  await check('I5 paid amount differs from the total', 'SELECT order_number FROM orders_order WHERE amount_paid IS NOT NULL AND amount_paid <> grand_total');
  await check('I6 live session of an ended account', `SELECT s.user_uuid FROM identity_session s JOIN identity_user u ON u.uuid = s.user_uuid
     WHERE u.status <> 'active' AND s.revoked_at IS NULL AND s.expires_at > now()`);
  return broken;
}
