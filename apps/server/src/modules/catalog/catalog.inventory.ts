import { AppError } from '../../platform/errors.js';
import type { Queryable, Tx } from '../../platform/db.js';

/**
 * Takes quantities out of stock inside the caller's transaction. Each row is decremented only
 * while enough is left, so concurrent orders cannot oversell; the CHECK (quantity >= 0) on
 * inventory_stock is the last line if a caller ever bypasses this. Rows are locked in product id
 * order so two orders for the same products cannot deadlock.
 */
export async function reserveStock(tx: Tx, lines: { product_id: number; quantity: number; sku: string }[]): Promise<void> {
  const merged = new Map<number, { quantity: number; sku: string }>();
  for (const l of lines) {
    const prev = merged.get(l.product_id);
    merged.set(l.product_id, { quantity: (prev?.quantity ?? 0) + l.quantity, sku: l.sku });
  }
  for (const [productId, { quantity, sku }] of [...merged].sort((a, b) => a[0] - b[0])) {
    const r = await tx.query(
      `UPDATE inventory_stock SET quantity = quantity - $2, updated_at = now()
        WHERE product_id = $1 AND quantity >= $2`,
      [productId, quantity],
    );
    if (r.rowCount === 0) throw new AppError('INSUFFICIENT_STOCK', `The requested quantity of ${sku} is not available`, { sku });
  }
}

/** Puts quantities back into stock (order cancelled), inside the caller's transaction. */
export async function releaseStock(tx: Tx, lines: { product_id: number; quantity: number }[]): Promise<void> {
  for (const l of [...lines].sort((a, b) => a.product_id - b.product_id)) {
    await tx.query(`UPDATE inventory_stock SET quantity = quantity + $2, updated_at = now() WHERE product_id = $1`, [l.product_id, l.quantity]);
  }
}

/** The stock row of a product by SKU as it is now (never from the display cache), or null without one. */
export async function findStockBySku(db: Queryable, sku: string): Promise<{ sku: string; quantity: number; low_stock_threshold: number; updated_at: Date } | null> {
  const { rows } = await db.query<{ sku: string; quantity: number; low_stock_threshold: number; updated_at: Date }>(
    `SELECT p.sku, s.quantity, s.low_stock_threshold, s.updated_at
       FROM catalog_product p JOIN inventory_stock s ON s.product_id = p.id
      WHERE p.sku = $1`,
    [sku],
  );
  return rows[0] ?? null;
}
