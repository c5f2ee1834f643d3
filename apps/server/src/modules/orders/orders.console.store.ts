import { CONSOLE_COUNT_CAP } from '@ember/contracts';
import type { Queryable } from '../../platform/db.js';
import { escapeLike } from '../../platform/sql.js';

/** The operator console's reads of orders_* tables: the searchable list, transitions, today's figures. */

export type PaymentStatus = 'not_required' | 'unpaid' | 'paid' | 'partially_refunded' | 'refunded';

/** The payment's state from the order's own columns (captured once for the whole total, refunds counted). */
export const PAYMENT_STATUS_SQL = `CASE
  WHEN o.refunded_total > 0 AND o.refunded_total >= o.grand_total THEN 'refunded'
  WHEN o.refunded_total > 0 THEN 'partially_refunded'
  WHEN o.paid_at IS NOT NULL THEN 'paid'
  WHEN o.grand_total = 0 THEN 'not_required'
  ELSE 'unpaid' END`;

/** The same as conditions a planner can use, one per status. */
const PAYMENT_STATUS_WHERE: Record<PaymentStatus, string> = {
  refunded: 'o.refunded_total > 0 AND o.refunded_total >= o.grand_total',
  partially_refunded: 'o.refunded_total > 0 AND o.refunded_total < o.grand_total',
  paid: 'o.paid_at IS NOT NULL AND o.refunded_total = 0',
  not_required: 'o.paid_at IS NULL AND o.refunded_total = 0 AND o.grand_total = 0',
  unpaid: 'o.paid_at IS NULL AND o.refunded_total = 0 AND o.grand_total > 0',
};

export interface ConsoleOrderFilter {
  q: string | null;
  statuses: string[] | null;
  store_code: string | null;
  payment_statuses: PaymentStatus[] | null;
  from: string | null;
  to: string | null;
  customer_uuid?: string | null;
  sort: 'created_at' | 'number' | 'grand_total';
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface ConsoleOrderRowDb {
  id: string;
  entity_id: string;
  order_number: string;
  created_at: Date;
  store_code: string;
  email: string;
  customer_uuid: string | null;
  customer_name: string | null;
  status: string;
  grand_total: number;
  currency: string;
  payment_status: PaymentStatus;
  items_count: number;
}


/**
 * One page of orders for the console and the number of matches. A text search is the union of its
 * three index-backed readings (number prefix, e-mail exact or prefix, billing name fragment), each
 * found through its own index before the filters and the order apply.
 */
export async function listOrders(db: Queryable, f: ConsoleOrderFilter): Promise<{ rows: ConsoleOrderRowDb[]; total: number; capped: boolean }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (f.q) {
    const q = f.q.trim();
    const branches: string[] = [];
    // GB-000000042, 42, GB-TRIAL-0000: an order number (prefix) and nothing else.
    const isNumber = /^([A-Za-z]+-)*[0-9]+$/.test(q);
    if (/^[A-Za-z0-9-]+$/.test(q)) branches.push(`SELECT id FROM orders_order WHERE order_number LIKE ${p(`${escapeLike(q.toUpperCase())}%`)}`);
    if (!isNumber && !/\s/.test(q)) branches.push(`SELECT id FROM orders_order WHERE email LIKE ${p(`${escapeLike(q.toLowerCase())}%`)}`);
    // Names hold neither digits nor an @; a fragment shorter than a trigram would read the whole index.
    if (!isNumber && q.length >= 3 && !/[0-9@]/.test(q)) {
      branches.push(`SELECT order_id FROM orders_address WHERE kind = 'billing' AND lower(firstname || ' ' || lastname) LIKE ${p(`%${escapeLike(q.toLowerCase().replace(/\s+/g, ' '))}%`)}`);
    }
    // The matching ids first (each branch through its index), then the orders by primary key.
    where.push(branches.length ? `o.id = ANY(ARRAY(${branches.join(' UNION ')}))` : 'false');
  }
  // One status is an equality, so an index on (store view, status, date) gives its rows in order.
  if (f.statuses?.length === 1) where.push(`o.status = ${p(f.statuses[0])}`);
  else if (f.statuses?.length) where.push(`o.status = ANY(${p(f.statuses)}::text[])`);
  if (f.store_code) where.push(`o.store_code = ${p(f.store_code)}`);
  if (f.customer_uuid) where.push(`o.customer_uuid = ${p(f.customer_uuid)}::uuid`);
  if (f.from) where.push(`o.created_at >= ${p(f.from)}::timestamptz`);
  if (f.to) where.push(`o.created_at < ${p(f.to)}::timestamptz`);
  if (f.payment_statuses?.length) where.push(`((${f.payment_statuses.map((s) => PAYMENT_STATUS_WHERE[s]).join(') OR (')}))`);
  const cond = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const dir = f.direction === 'asc' ? 'ASC' : 'DESC';
  const order = f.sort === 'number' ? `o.order_number ${dir}` : f.sort === 'grand_total' ? `o.grand_total ${dir}, o.id ${dir}` : `o.created_at ${dir}, o.id ${dir}`;
  // The page's orders are chosen first; names and line counts are read for those rows only.
  const [count, page] = await Promise.all([
    // Counted up to one past the cap: a list of 100,000 matches says "10,000+" instead of reading them all.
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM orders_order o ${cond} LIMIT ${CONSOLE_COUNT_CAP + 1}) c`, params),
    db.query<ConsoleOrderRowDb>(
      `SELECT o.id::text AS id, o.entity_id::text AS entity_id, o.order_number, o.created_at, o.store_code, o.email,
              o.customer_uuid::text AS customer_uuid, o.status, o.grand_total::int AS grand_total, o.currency,
              ${PAYMENT_STATUS_SQL} AS payment_status,
              (SELECT nullif(trim(a.firstname || ' ' || a.lastname), '') FROM orders_address a WHERE a.order_id = o.id AND a.kind = 'billing') AS customer_name,
              (SELECT coalesce(sum(i.qty_ordered), 0)::int FROM orders_item i WHERE i.order_id = o.id) AS items_count
         FROM (SELECT o.* FROM orders_order o ${cond} ORDER BY ${order} LIMIT ${Math.trunc(f.limit)} OFFSET ${Math.trunc(f.offset)}) o
        ORDER BY ${order}`,
      params,
    ),
  ]);
  const n = count.rows[0]!.n;
  return { rows: page.rows, total: Math.min(n, CONSOLE_COUNT_CAP), capped: n > CONSOLE_COUNT_CAP };
}

/** The statuses an order may move to from `from`, in the statuses' order. */
export async function nextStatuses(db: Queryable, from: string): Promise<string[]> {
  const { rows } = await db.query<{ to_status: string }>(
    `SELECT t.to_status FROM orders_status_transition t JOIN orders_status s ON s.code = t.to_status
      WHERE t.from_status = $1 ORDER BY s.sort_order`,
    [from],
  );
  return rows.map((r) => r.to_status);
}

/** Orders placed in each store view since the given instants, with their total in the order currency. */
export async function placedSince(db: Queryable, since: { store_code: string; since: Date }[]): Promise<{ store_code: string; currency: string; orders: number; revenue: number }[]> {
  if (!since.length) return [];
  const { rows } = await db.query<{ store_code: string; currency: string; orders: number; revenue: string }>(
    `SELECT o.store_code, o.currency, count(*)::int AS orders, sum(o.grand_total - o.refunded_total)::text AS revenue
       FROM unnest($1::text[], $2::timestamptz[]) AS s(store_code, since)
       JOIN orders_order o ON o.store_code = s.store_code AND o.created_at >= s.since
      WHERE o.status <> 'canceled'
      GROUP BY o.store_code, o.currency`,
    [since.map((s) => s.store_code), since.map((s) => s.since.toISOString())],
  );
  return rows.map((r) => ({ ...r, revenue: Number(r.revenue) }));
}

/** Orders waiting for their payment (pending_payment): how many, and since when the oldest. */
export async function waitingForPayment(db: Queryable): Promise<{ count: number; oldest_at: Date | null }> {
  const { rows } = await db.query<{ count: number; oldest_at: Date | null }>(
    `SELECT count(*)::int AS count, min(created_at) AS oldest_at FROM orders_order WHERE status IN ('pending_payment', 'payment_failed')`,
  );
  return rows[0]!;
}
