import type { Queryable, Tx } from '../../platform/db.js';

/** SQL on the referral_* tables; nothing else touches them. */

export interface ReferralCustomerRow {
  uuid: string;
  code: string;
  parent_code: string | null;
  tenant_code: string;
  has_first_purchase: boolean;
  first_order_id: string | null;
}

const COLUMNS = `uuid::text AS uuid, code, parent_code, tenant_code, has_first_purchase, first_order_id`;

export async function insertCustomer(tx: Tx, uuid: string, code: string, tenantCode: string): Promise<'inserted' | 'exists' | 'code_taken'> {
  const r = await tx.query(
    `INSERT INTO referral_customer (uuid, code, tenant_code) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [uuid, code, tenantCode],
  );
  if (r.rowCount === 1) return 'inserted';
  return (await findByUuid(tx, uuid)) ? 'exists' : 'code_taken';
}

export async function findByUuid(db: Queryable, uuid: string, lock = false): Promise<ReferralCustomerRow | null> {
  const { rows } = await db.query<ReferralCustomerRow>(`SELECT ${COLUMNS} FROM referral_customer WHERE uuid = $1${lock ? ' FOR UPDATE' : ''}`, [uuid]);
  return rows[0] ?? null;
}

export async function findByCode(db: Queryable, code: string): Promise<ReferralCustomerRow | null> {
  const { rows } = await db.query<ReferralCustomerRow>(`SELECT ${COLUMNS} FROM referral_customer WHERE code = $1`, [code]);
  return rows[0] ?? null;
}

export async function setParent(tx: Tx, uuid: string, parentCode: string): Promise<boolean> {
  const r = await tx.query(
    `UPDATE referral_customer SET parent_code = $2, parent_set_at = now() WHERE uuid = $1 AND parent_code IS NULL AND NOT has_first_purchase`,
    [uuid, parentCode],
  );
  return r.rowCount === 1;
}

export async function markFirstPurchase(tx: Tx, uuid: string, orderId: string): Promise<boolean> {
  const r = await tx.query(
    `UPDATE referral_customer SET has_first_purchase = true, first_order_id = $2 WHERE uuid = $1 AND NOT has_first_purchase`,
    [uuid, orderId],
  );
  return r.rowCount === 1;
}

export async function insertReward(tx: Tx, r: { referee_uuid: string; referrer_uuid: string; order_id: string; points: number }): Promise<boolean> {
  const res = await tx.query(
    `INSERT INTO referral_reward (referee_uuid, referrer_uuid, order_id, points) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [r.referee_uuid, r.referrer_uuid, r.order_id, r.points],
  );
  return res.rowCount === 1;
}

export async function findReward(db: Queryable, refereeUuid: string, lock = false): Promise<{ referrer_uuid: string; points: number; returned: boolean } | null> {
  const { rows } = await db.query<{ referrer_uuid: string; points: number; returned: boolean }>(
    `SELECT referrer_uuid::text AS referrer_uuid, points, returned_at IS NOT NULL AS returned FROM referral_reward WHERE referee_uuid = $1${lock ? ' FOR UPDATE' : ''}`,
    [refereeUuid],
  );
  return rows[0] ?? null;
}

/** Records that the referee's first order was returned and how many points that took back; once. */
export async function markRewardReturned(tx: Tx, refereeUuid: string, pointsTakenBack: number): Promise<boolean> {
  const r = await tx.query(
    `UPDATE referral_reward SET returned_at = now(), points_taken_back = LEAST($2::int, points) WHERE referee_uuid = $1 AND returned_at IS NULL`,
    [refereeUuid, pointsTakenBack],
  );
  return r.rowCount === 1;
}

export type ReferralHistoryStatus = 'registered' | 'first_order_completed' | 'returned';

export interface ReferralHistoryRow {
  joined_at: string | Date;
  status: ReferralHistoryStatus;
  points_earned: number;
}

/**
 * A referrer's referrals, newest first: when the friend named the code, how far they got and what
 * the referrer kept of the reward. Selects nothing that identifies the friend.
 */
export async function historyPage(db: Queryable, referrerUuid: string, code: string, limit: number, offset: number): Promise<{ rows: ReferralHistoryRow[]; total: number }> {
  const { rows } = await db.query<ReferralHistoryRow>(
    `SELECT COALESCE(c.parent_set_at, c.created_at) AS joined_at,
            CASE WHEN r.returned_at IS NOT NULL THEN 'returned'
                 WHEN c.has_first_purchase THEN 'first_order_completed'
                 ELSE 'registered' END AS status,
            COALESCE(r.points - r.points_taken_back, 0)::int AS points_earned
       FROM referral_customer c
       LEFT JOIN referral_reward r ON r.referee_uuid = c.uuid AND r.referrer_uuid = $1::uuid
      WHERE c.parent_code = $2
      ORDER BY COALESCE(c.parent_set_at, c.created_at) DESC, c.uuid DESC
      LIMIT $3 OFFSET $4`,
    [referrerUuid, code, limit, offset],
  );
  const total = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM referral_customer WHERE parent_code = $1', [code])).rows[0]?.n ?? 0;
  return { rows, total };
}

export async function stats(db: Queryable, uuid: string, code: string): Promise<{ earned_points: number; referees_count: number; completed_first_order_count: number }> {
  const { rows } = await db.query<{ earned_points: number; referees_count: number; completed_first_order_count: number }>(
    `SELECT (SELECT COALESCE(sum(points - points_taken_back), 0)::int FROM referral_reward WHERE referrer_uuid = $1) AS earned_points,
            (SELECT count(*)::int FROM referral_customer WHERE parent_code = $2) AS referees_count,
            (SELECT count(*)::int FROM referral_customer WHERE parent_code = $2 AND has_first_purchase) AS completed_first_order_count`,
    [uuid, code],
  );
  return rows[0]!;
}

/** The chain of referrers above a code (parent, grandparent, ...), at most `depth` steps. */
export async function ancestors(db: Queryable, code: string, depth: number): Promise<string[]> {
  const { rows } = await db.query<{ uuid: string }>(
    `WITH RECURSIVE up(uuid, parent_code, n) AS (
       SELECT uuid, parent_code, 1 FROM referral_customer WHERE code = $1
       UNION ALL
       SELECT c.uuid, c.parent_code, up.n + 1 FROM referral_customer c JOIN up ON c.code = up.parent_code WHERE up.n < $2
     ) SELECT uuid::text AS uuid FROM up`,
    [code, depth],
  );
  return rows.map((r) => r.uuid);
}

/** The customer's referral record and the rewards it earned or caused, for a data-subject export. */
export async function exportCustomer(db: Queryable, uuid: string) {
  const me = (await db.query<Record<string, unknown>>(
    'SELECT code, parent_code, has_first_purchase, created_at, parent_set_at FROM referral_customer WHERE uuid = $1::uuid', [uuid],
  )).rows[0] ?? null;
  // As a referrer: how many referees and what they earned, never who they are.
  const earned = (await db.query<Record<string, unknown>>(
    'SELECT points, created_at, returned_at, points_taken_back FROM referral_reward WHERE referrer_uuid = $1::uuid ORDER BY created_at', [uuid],
  )).rows;
  const referees = (await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM referral_customer c JOIN referral_customer me ON c.parent_code = me.code WHERE me.uuid = $1::uuid', [uuid],
  )).rows[0]?.n ?? 0;
  // The referral history as the account shows it (docs/decisions/0075): dates, states, points.
  const history = typeof me?.code === 'string' ? (await historyPage(db, uuid, me.code, 10_000, 0)).rows : [];
  return { customer: me, referees_count: referees, rewards_earned: earned, history };
}
