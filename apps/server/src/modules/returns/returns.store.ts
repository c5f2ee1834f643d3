import type { ReturnItemStatus, ReturnReason, ReturnStatus } from '@ember/contracts';
import type { Queryable, Tx } from '../../platform/db.js';

/** The only code that runs SQL on returns_* tables. */

export interface ReturnRow {
  id: string;
  uid: string;
  number: string;
  order_entity_id: string;
  order_number: string;
  customer_uuid: string | null;
  store_code: string;
  status: ReturnStatus;
  reason: ReturnReason;
  comment: string | null;
  method: 'label' | 'drop_off';
  drop_off_store_id: string | null;
  drop_off_store: { id: string; name: string; street: string; city: string; postcode: string | null } | null;
  label_reference: string | null;
  currency: string;
  refunded_total: number;
  created_at: Date;
}

export interface ReturnItemRow {
  id: string;
  uid: string;
  return_id: string;
  order_item_uid: string;
  product_id: number;
  sku: string;
  name: string;
  qty_ordered: number;
  line_refundable: number;
  request_quantity: number;
  authorized_quantity: number | null;
  received_quantity: number | null;
  approved_quantity: number | null;
  status: ReturnItemStatus;
  condition: 'resellable' | 'not_resellable' | null;
  refund_amount: number;
}

export interface HistoryRow {
  return_id: string;
  from_status: ReturnStatus | null;
  to_status: ReturnStatus;
  actor: 'customer' | 'operator' | 'system';
  actor_label: string | null;
  comment: string | null;
  created_at: Date;
}

const RETURN_COLUMNS = `id::text AS id, uid::text AS uid, number, order_entity_id::text AS order_entity_id, order_number,
  customer_uuid::text AS customer_uuid, store_code, status, reason, comment, method, drop_off_store_id, drop_off_store, label_reference,
  currency, refunded_total, created_at`;
const ITEM_COLUMNS = `id::text AS id, uid::text AS uid, return_id::text AS return_id, order_item_uid::text AS order_item_uid, product_id, sku, name,
  qty_ordered, line_refundable, request_quantity, authorized_quantity, received_quantity, approved_quantity, status, condition, refund_amount`;

/** The store view's withdrawal window in days (14 where none is set). */
export async function windowDays(q: Queryable, storeCode: string): Promise<number> {
  const { rows } = await q.query<{ window_days: number }>('SELECT window_days FROM returns_window WHERE store_code = $1', [storeCode]);
  return rows[0]?.window_days ?? 14;
}

/** How much of each of the order's lines is claimed by live or approved returns. */
export async function claimedOf(q: Queryable, orderEntityId: string): Promise<Map<string, number>> {
  const { rows } = await q.query<{ order_item_uid: string; qty_claimed: number }>(
    'SELECT order_item_uid::text AS order_item_uid, qty_claimed FROM returns_order_item WHERE order_entity_id = $1::uuid',
    [orderEntityId],
  );
  return new Map(rows.map((r) => [r.order_item_uid, r.qty_claimed]));
}

/**
 * Locks the order's lines' counters (creating missing ones) and returns what each has claimed: a
 * second request for the same order waits here and then sees the first one's claims.
 */
export async function lockClaims(tx: Tx, orderEntityId: string, lines: { order_item_uid: string; qty_ordered: number }[]): Promise<Map<string, number>> {
  await tx.query(
    `INSERT INTO returns_order_item (order_item_uid, order_entity_id, qty_ordered)
     SELECT u, $1::uuid, q FROM unnest($2::uuid[], $3::int[]) AS l(u, q) ON CONFLICT (order_item_uid) DO NOTHING`,
    [orderEntityId, lines.map((l) => l.order_item_uid), lines.map((l) => l.qty_ordered)],
  );
  const { rows } = await tx.query<{ order_item_uid: string; qty_claimed: number }>(
    `SELECT order_item_uid::text AS order_item_uid, qty_claimed FROM returns_order_item
      WHERE order_item_uid = ANY($1::uuid[]) ORDER BY order_item_uid FOR UPDATE`,
    [lines.map((l) => l.order_item_uid)],
  );
  return new Map(rows.map((r) => [r.order_item_uid, r.qty_claimed]));
}

/** Adds (or, negative, releases) claimed quantity of an order line; the table's CHECK keeps it within what was bought. */
export async function addClaim(tx: Tx, orderItemUid: string, quantity: number): Promise<void> {
  if (quantity === 0) return;
  await tx.query('UPDATE returns_order_item SET qty_claimed = qty_claimed + $2 WHERE order_item_uid = $1::uuid', [orderItemUid, quantity]);
}

export async function nextNumber(tx: Tx): Promise<string> {
  const { rows } = await tx.query<{ n: string }>("SELECT nextval('returns_number_seq')::text AS n");
  return `RMA${rows[0]!.n.padStart(9, '0')}`;
}

export async function insertReturn(
  tx: Tx,
  r: Omit<ReturnRow, 'id' | 'status' | 'refunded_total' | 'created_at' | 'label_reference'>,
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO returns_request (uid, number, order_entity_id, order_number, customer_uuid, store_code, reason, comment, method, drop_off_store_id, drop_off_store, currency)
     VALUES ($1::uuid, $2, $3::uuid, $4, $5::uuid, $6, $7, $8, $9, $10, $11::jsonb, $12) RETURNING id::text AS id`,
    [r.uid, r.number, r.order_entity_id, r.order_number, r.customer_uuid, r.store_code, r.reason, r.comment, r.method, r.drop_off_store_id,
      r.drop_off_store ? JSON.stringify(r.drop_off_store) : null, r.currency],
  );
  return rows[0]!.id;
}

export async function insertItem(
  tx: Tx,
  i: Pick<ReturnItemRow, 'uid' | 'return_id' | 'order_item_uid' | 'product_id' | 'sku' | 'name' | 'qty_ordered' | 'line_refundable' | 'request_quantity'>,
): Promise<void> {
  await tx.query(
    `INSERT INTO returns_item (uid, return_id, order_item_uid, product_id, sku, name, qty_ordered, line_refundable, request_quantity)
     VALUES ($1::uuid, $2::bigint, $3::uuid, $4, $5, $6, $7, $8, $9)`,
    [i.uid, i.return_id, i.order_item_uid, i.product_id, i.sku, i.name, i.qty_ordered, i.line_refundable, i.request_quantity],
  );
}

export async function insertHistory(tx: Tx, h: Omit<HistoryRow, 'created_at'>): Promise<void> {
  await tx.query(
    'INSERT INTO returns_history (return_id, from_status, to_status, actor, actor_label, comment) VALUES ($1::bigint, $2, $3, $4, $5, $6)',
    [h.return_id, h.from_status, h.to_status, h.actor, h.actor_label, h.comment],
  );
}

export async function findReturn(q: Queryable, number: string, lock = false): Promise<ReturnRow | null> {
  const { rows } = await q.query<ReturnRow>(`SELECT ${RETURN_COLUMNS} FROM returns_request WHERE number = $1${lock ? ' FOR UPDATE' : ''}`, [number]);
  return rows[0] ?? null;
}

export async function itemsOf(q: Queryable, returnIds: string[]): Promise<ReturnItemRow[]> {
  if (returnIds.length === 0) return [];
  const { rows } = await q.query<ReturnItemRow>(`SELECT ${ITEM_COLUMNS} FROM returns_item WHERE return_id = ANY($1::bigint[]) ORDER BY id`, [returnIds]);
  return rows;
}

export async function historyOf(q: Queryable, returnIds: string[]): Promise<HistoryRow[]> {
  if (returnIds.length === 0) return [];
  const { rows } = await q.query<HistoryRow>(
    `SELECT return_id::text AS return_id, from_status, to_status, actor, actor_label, comment, created_at
       FROM returns_history WHERE return_id = ANY($1::bigint[]) ORDER BY id`,
    [returnIds],
  );
  return rows;
}

export async function returnsOfOrder(q: Queryable, orderEntityId: string): Promise<ReturnRow[]> {
  const { rows } = await q.query<ReturnRow>(`SELECT ${RETURN_COLUMNS} FROM returns_request WHERE order_entity_id = $1::uuid ORDER BY id DESC`, [orderEntityId]);
  return rows;
}

export async function returnsOfCustomer(q: Queryable, customerUuid: string, page: number, pageSize: number): Promise<{ rows: ReturnRow[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    q.query<ReturnRow>(`SELECT ${RETURN_COLUMNS} FROM returns_request WHERE customer_uuid = $1::uuid ORDER BY id DESC LIMIT $2 OFFSET $3`, [customerUuid, pageSize, (page - 1) * pageSize]),
    q.query<{ n: number }>('SELECT count(*)::int AS n FROM returns_request WHERE customer_uuid = $1::uuid', [customerUuid]),
  ]);
  return { rows, total: count.rows[0]!.n };
}

export interface AdminFilter {
  status?: ReturnStatus;
  store?: string;
  order_number?: string;
  from?: string;
  to?: string;
  page: number;
  page_size: number;
}

export async function listReturns(q: Queryable, f: AdminFilter): Promise<{ rows: ReturnRow[]; total: number }> {
  const where = `($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR store_code = $2) AND ($3::text IS NULL OR order_number = $3)
    AND ($4::date IS NULL OR created_at >= $4::date) AND ($5::date IS NULL OR created_at < $5::date + 1)`;
  const params = [f.status ?? null, f.store ?? null, f.order_number?.toUpperCase() ?? null, f.from ?? null, f.to ?? null];
  const [{ rows }, count] = await Promise.all([
    q.query<ReturnRow>(`SELECT ${RETURN_COLUMNS} FROM returns_request WHERE ${where} ORDER BY id DESC LIMIT $6 OFFSET $7`, [...params, f.page_size, (f.page - 1) * f.page_size]),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM returns_request WHERE ${where}`, params),
  ]);
  return { rows, total: count.rows[0]!.n };
}

export async function setStatus(tx: Tx, id: string, to: ReturnStatus): Promise<void> {
  await tx.query(
    `UPDATE returns_request SET status = $2, updated_at = now(),
            closed_at = CASE WHEN $2 IN ('PROCESSED_AND_CLOSED', 'CLOSED') THEN now() ELSE NULL END
      WHERE id = $1::bigint`,
    [id, to],
  );
}

export async function setLabel(tx: Tx, id: string, reference: string): Promise<void> {
  await tx.query('UPDATE returns_request SET label_reference = $2, updated_at = now() WHERE id = $1::bigint', [id, reference]);
}

export async function updateItem(
  tx: Tx,
  id: string,
  f: Partial<Pick<ReturnItemRow, 'status' | 'authorized_quantity' | 'received_quantity' | 'approved_quantity' | 'condition'>>,
): Promise<void> {
  await tx.query(
    `UPDATE returns_item SET status = COALESCE($2, status), authorized_quantity = COALESCE($3, authorized_quantity),
            received_quantity = COALESCE($4, received_quantity), approved_quantity = COALESCE($5, approved_quantity), condition = COALESCE($6, condition)
      WHERE id = $1::bigint`,
    [id, f.status ?? null, f.authorized_quantity ?? null, f.received_quantity ?? null, f.approved_quantity ?? null, f.condition ?? null],
  );
}

/** Units of this order line approved in returns before (the line's refunds are shares of these). */
export async function approvedBefore(tx: Tx, orderItemUid: string, exceptItemId: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT COALESCE(sum(approved_quantity), 0)::int AS n FROM returns_item WHERE order_item_uid = $1::uuid AND status = 'APPROVED' AND id <> $2::bigint`,
    [orderItemUid, exceptItemId],
  );
  return rows[0]!.n;
}

/** Records an item's refund once: false when it was recorded before. */
export async function markRefunded(tx: Tx, itemId: string, amount: number): Promise<boolean> {
  const { rowCount } = await tx.query(
    'UPDATE returns_item SET refund_amount = $2, refunded_at = now() WHERE id = $1::bigint AND refunded_at IS NULL',
    [itemId, amount],
  );
  return (rowCount ?? 0) > 0;
}

/** Records an item's restock once: false when it was restocked before (or is not resellable). */
export async function markRestocked(tx: Tx, itemId: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    "UPDATE returns_item SET restocked_at = now() WHERE id = $1::bigint AND restocked_at IS NULL AND condition = 'resellable'",
    [itemId],
  );
  return (rowCount ?? 0) > 0;
}

export async function addRefunded(tx: Tx, id: string, amount: number): Promise<void> {
  await tx.query('UPDATE returns_request SET refunded_total = refunded_total + $2, updated_at = now() WHERE id = $1::bigint', [id, amount]);
}

/** Approved units per line of the order, over all its returns. */
export async function approvedByLine(q: Queryable, orderEntityId: string): Promise<Map<string, number>> {
  const { rows } = await q.query<{ order_item_uid: string; n: number }>(
    `SELECT i.order_item_uid::text AS order_item_uid, sum(i.approved_quantity)::int AS n
       FROM returns_item i JOIN returns_request r ON r.id = i.return_id
      WHERE r.order_entity_id = $1::uuid AND i.status = 'APPROVED' GROUP BY i.order_item_uid`,
    [orderEntityId],
  );
  return new Map(rows.map((r) => [r.order_item_uid, r.n]));
}

/** The customer's returns for the data-subject export. */
export async function exportRows(q: Queryable, customerUuid: string): Promise<ReturnRow[]> {
  const { rows } = await q.query<ReturnRow>(`SELECT ${RETURN_COLUMNS} FROM returns_request WHERE customer_uuid = $1::uuid ORDER BY id`, [customerUuid]);
  return rows;
}

/** Erasure: the returns stay in the books (amounts, items, statuses) naming no one, without the customer's words. */
export async function forgetCustomer(tx: Tx, customerUuid: string): Promise<void> {
  await tx.query(
    `UPDATE returns_history SET comment = NULL
      WHERE actor = 'customer' AND return_id IN (SELECT id FROM returns_request WHERE customer_uuid = $1::uuid)`,
    [customerUuid],
  );
  await tx.query('UPDATE returns_request SET customer_uuid = NULL, comment = NULL, updated_at = now() WHERE customer_uuid = $1::uuid', [customerUuid]);
}
