import type { Queryable } from '../platform/db.js';

/**
 * The console's read model over other modules' tables: read-only counts and short lists the owning
 * modules' services have no call for (devices recorded with an order, age checks waiting for a
 * person, stock below its threshold). Nothing here writes; every change goes through the owner.
 */

/** Serials of the devices recorded as shipped with an order (devices_device.order_number). */
export async function orderSerialsOf(db: Queryable, orderNumber: string): Promise<string[]> {
  const { rows } = await db.query<{ serial: string }>(`SELECT serial FROM devices_device WHERE order_number = $1 ORDER BY serial`, [orderNumber]);
  return rows.map((r) => r.serial);
}

/** Age verifications a person must look at (needs_review): how many, and since when the oldest. */
export async function ageChecksWaiting(db: Queryable): Promise<{ count: number; oldest_at: Date | null }> {
  const { rows } = await db.query<{ count: number; oldest_at: Date | null }>(
    `SELECT count(*)::int AS count, min(created_at) AS oldest_at FROM age_verification_request WHERE status = 'needs_review'`,
  );
  return rows[0]!;
}

/** Products whose stock is at or below `threshold` (or their own low-stock threshold when none is given), fewest first. */
export async function lowStock(db: Queryable, threshold: number | null, limit: number): Promise<{ sku: string; name: string; quantity: number; threshold: number }[]> {
  const { rows } = await db.query<{ sku: string; name: string | null; quantity: number; threshold: number }>(
    `SELECT p.sku, (SELECT t.name FROM catalog_product_text t WHERE t.product_id = p.id ORDER BY t.language = 'en' DESC, t.language LIMIT 1) AS name,
            s.quantity, coalesce($1::int, s.low_stock_threshold) AS threshold
       FROM inventory_stock s JOIN catalog_product p ON p.id = s.product_id
      WHERE s.quantity <= coalesce($1::int, s.low_stock_threshold)
      ORDER BY s.quantity, p.sku LIMIT $2`,
    [threshold, limit],
  );
  return rows.map((r) => ({ ...r, name: r.name ?? r.sku }));
}

/** The active store views with their time zone and currency. */
export async function storeViewClocks(db: Queryable): Promise<{ code: string; timezone: string; currency: string; midnight: Date }[]> {
  const { rows } = await db.query<{ code: string; timezone: string; currency: string; midnight: Date }>(
    `SELECT code, timezone, base_currency_code AS currency,
            (date_trunc('day', now() AT TIME ZONE timezone) AT TIME ZONE timezone) AS midnight
       FROM store_view WHERE is_active ORDER BY code`,
  );
  return rows;
}

/** A loyalty account's balance as the caller's transaction sees it (0 without an account). */
export async function loyaltyBalance(db: Queryable, consumer: string): Promise<number> {
  const { rows } = await db.query<{ balance: number }>(`SELECT balance FROM loyalty_account WHERE consumer_uuid = $1::uuid`, [consumer]);
  return rows[0]?.balance ?? 0;
}
