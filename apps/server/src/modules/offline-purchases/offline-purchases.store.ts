import type { Reader, Tx } from '../../platform/transaction.js';

/** The offline purchases' records: only this file runs SQL on offline_purchase. */

export interface PurchaseInsert {
  action_id: string;
  consumer_uuid: string | null;
  store_code: string;
  purchased_at: Date;
  type: string;
  items: unknown[];
  total_minor: number;
  currency: string;
  points: number;
  original_action_id?: string;
}

export interface PurchaseItem { sku: string; quantity: number; price: number }

/** Records a purchase once; false when its action id was imported before. */
export async function insertPurchase(tx: Tx, p: PurchaseInsert): Promise<boolean> {
  const r = await tx.query(
    `INSERT INTO offline_purchase (action_id, consumer_uuid, store_code, purchased_at, type, items, total_minor, currency, points, original_action_id)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10) ON CONFLICT (action_id) DO NOTHING`,
    [p.action_id, p.consumer_uuid, p.store_code, p.purchased_at, p.type, JSON.stringify(p.items), p.total_minor, p.currency, p.points, p.original_action_id ?? null],
  );
  return (r.rowCount ?? 0) > 0;
}

/** A purchase (not a return), locked until the transaction ends so that its returns take turns. */
export async function lockPurchase(tx: Tx, actionId: string) {
  const { rows } = await tx.query<{ action_id: string; consumer_uuid: string | null; items: PurchaseItem[]; total_minor: number; currency: string; points: number }>(
    `SELECT action_id, consumer_uuid, items, total_minor, currency, points FROM offline_purchase WHERE action_id = $1 AND type = 'purchase' FOR UPDATE`,
    [actionId],
  );
  return rows[0] ?? null;
}

export async function exists(tx: Tx, actionId: string): Promise<boolean> {
  const { rows } = await tx.query(`SELECT 1 FROM offline_purchase WHERE action_id = $1`, [actionId]);
  return rows.length > 0;
}

/** The returns recorded against a purchase: what they gave back and the points share each took. */
export async function returnsOf(tx: Tx, actionId: string) {
  const { rows } = await tx.query<{ items: PurchaseItem[]; total_minor: number; points: number }>(
    `SELECT items, total_minor, points FROM offline_purchase WHERE original_action_id = $1`,
    [actionId],
  );
  return rows;
}

export async function purchasesOf(q: Reader, consumer: string) {
  const { rows } = await q.query<{ action_id: string; store_code: string; purchased_at: Date; type: string; original_action_id: string | null; items: unknown[]; total_minor: number; currency: string; points: number }>(
    `SELECT action_id, store_code, purchased_at, type, original_action_id, items, total_minor, currency, points FROM offline_purchase WHERE consumer_uuid = $1 ORDER BY purchased_at`,
    [consumer],
  );
  return rows;
}

/** An erased customer's purchases stay (the store's books), naming no one. */
export async function forgetCustomer(tx: Tx, consumer: string): Promise<void> {
  await tx.query(`UPDATE offline_purchase SET consumer_uuid = NULL WHERE consumer_uuid = $1`, [consumer]);
}
