import type { Reader, Tx } from '../../platform/db.js';
import { Conditions, escapeLike } from '../../platform/sql.js';

/** Coupons (cart rules) in SQL: the rules, the cart's applied coupons and the uses counted per coupon and per buyer. */

export interface CartRuleRow {
  id: number;
  code: string;
  label: string;
  discount_type: 'percent' | 'fixed';
  discount_value: number;
  store_code: string | null;
  min_subtotal_minor: number;
  from_at: Date | null;
  to_at: Date | null;
  uses_per_coupon: number | null;
  uses_per_customer: number | null;
  times_used: number;
  is_active: boolean;
}

export const RULE_COLUMNS = `id, code, label, discount_type, discount_value, store_code, min_subtotal_minor, from_at, to_at,
  uses_per_coupon, uses_per_customer, times_used, is_active`;

export async function findRuleByCode(q: Reader, code: string): Promise<CartRuleRow | null> {
  const { rows } = await q.query<CartRuleRow>(`SELECT ${RULE_COLUMNS} FROM cart_rule WHERE code = $1`, [code]);
  return rows[0] ?? null;
}

/** The rules of a cart's applied coupons, in the order they were applied. */
export async function listCouponRules(q: Reader, cartId: string): Promise<CartRuleRow[]> {
  const { rows } = await q.query<CartRuleRow>(
    `SELECT ${RULE_COLUMNS.split(', ').map((c) => `r.${c.trim()}`).join(', ')}
       FROM cart_coupon cc JOIN cart_rule r ON r.id = cc.rule_id WHERE cc.cart_id = $1 ORDER BY cc.position, r.id`,
    [cartId],
  );
  return rows;
}

export async function clearCoupons(tx: Tx, cartId: string): Promise<void> {
  await tx.query('DELETE FROM cart_coupon WHERE cart_id = $1', [cartId]);
}

export async function addCoupon(tx: Tx, cartId: string, ruleId: number, position: number): Promise<void> {
  await tx.query('INSERT INTO cart_coupon (cart_id, rule_id, position) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [cartId, ruleId, position]);
}

/** Times a buyer used each of `ruleIds`, by rule id (rules never used are absent), in one statement. */
export async function customerUsesOf(q: Reader, ruleIds: number[], customerKey: string): Promise<Map<number, number>> {
  if (!ruleIds.length) return new Map();
  const { rows } = await q.query<{ rule_id: number; times_used: number }>(
    'SELECT rule_id, times_used FROM cart_rule_usage WHERE rule_id = ANY($1::int[]) AND customer_key = $2',
    [ruleIds, customerKey],
  );
  return new Map(rows.map((r) => [r.rule_id, r.times_used]));
}

/** Counts one use of a rule; false when its coupon is used up. The row lock serialises concurrent orders. */
export async function countRuleUse(tx: Tx, ruleId: number): Promise<boolean> {
  const r = await tx.query(
    `UPDATE cart_rule SET times_used = times_used + 1
      WHERE id = $1 AND (uses_per_coupon IS NULL OR times_used < uses_per_coupon)`,
    [ruleId],
  );
  return r.rowCount === 1;
}

/** Counts one use by a customer; false when the customer has used the rule `limit` times already. */
export async function countCustomerUse(tx: Tx, ruleId: number, customerKey: string, limit: number | null): Promise<boolean> {
  const { rows } = await tx.query<{ times_used: number }>(
    `INSERT INTO cart_rule_usage (rule_id, customer_key, times_used) VALUES ($1, $2, 1)
     ON CONFLICT (rule_id, customer_key) DO UPDATE SET times_used = cart_rule_usage.times_used + 1
       WHERE $3::int IS NULL OR cart_rule_usage.times_used < $3::int
     RETURNING times_used`,
    [ruleId, customerKey, limit],
  );
  return rows.length === 1;
}

// ---------- the console ----------

/**
 * A page of coupons, newest first, with the count of all matches. The codes of a batch are listed with
 * their batch (`/admin/promotions/batches`), not here: ten thousand of them would bury the coupons.
 */
export async function listRules(q: Reader, f: { q?: string; store?: string; active?: boolean; limit: number; offset: number }): Promise<{ rows: CartRuleRow[]; total: number }> {
  const c = new Conditions();
  c.and('batch_id IS NULL');
  if (f.q) {
    const text = c.p(escapeLike(f.q));
    c.and(`(code LIKE upper(${text}) || '%' OR lower(label) LIKE '%' || lower(${text}) || '%')`);
  }
  if (f.store) c.and(`(store_code = ${c.p(f.store)} OR store_code IS NULL)`);
  if (f.active !== undefined) c.and(`is_active = ${c.p(f.active)}`);
  const { rows } = await q.query<CartRuleRow & { total: number }>(
    `SELECT ${RULE_COLUMNS}, count(*) OVER ()::int AS total FROM cart_rule ${c.where()}
      ORDER BY id DESC LIMIT ${c.p(f.limit)} OFFSET ${c.p(f.offset)}`,
    c.params,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function findRule(q: Reader, id: number, lock = false): Promise<CartRuleRow | null> {
  const { rows } = await q.query<CartRuleRow>(`SELECT ${RULE_COLUMNS} FROM cart_rule WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

/** Adds a coupon; null when the code is taken. */
export async function insertRule(tx: Tx, r: Omit<CartRuleRow, 'id' | 'times_used'>): Promise<CartRuleRow | null> {
  const { rows } = await tx.query<CartRuleRow>(
    `INSERT INTO cart_rule (code, label, discount_type, discount_value, store_code, min_subtotal_minor, from_at, to_at, uses_per_coupon, uses_per_customer, is_active)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (code) DO NOTHING RETURNING ${RULE_COLUMNS}`,
    [r.code, r.label, r.discount_type, r.discount_value, r.store_code, r.min_subtotal_minor, r.from_at, r.to_at, r.uses_per_coupon, r.uses_per_customer, r.is_active],
  );
  return rows[0] ?? null;
}

export async function updateRule(tx: Tx, id: number, p: { label?: string; to_at?: Date | null; uses_per_coupon?: number | null; uses_per_customer?: number | null; is_active?: boolean }): Promise<CartRuleRow> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const [k, v] of Object.entries(p)) {
    if (v === undefined) continue;
    params.push(v);
    sets.push(`${k} = $${params.length}`);
  }
  const { rows } = await tx.query<CartRuleRow>(`UPDATE cart_rule SET ${sets.join(', ')} WHERE id = $1 RETURNING ${RULE_COLUMNS}`, params);
  return rows[0]!;
}
