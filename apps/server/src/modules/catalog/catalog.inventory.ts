import { AppError } from '../../platform/errors.js';
import type { Queryable, Tx } from '../../platform/db.js';

/**
 * Takes quantities out of stock inside the caller's transaction, in one statement however many
 * products the order holds. Each row is decremented only while enough is left, so concurrent orders
 * cannot oversell; the CHECK (quantity >= 0) on inventory_stock is the last line if a caller ever
 * bypasses this. The rows are locked first, in product id order (a materialised CTE whose rows are
 * sorted before they are locked), so two orders for the same products cannot deadlock; the update
 * then sees each row's newest version. The first product short of stock, by id, is the one refused.
 */
export async function reserveStock(tx: Tx, lines: { product_id: number; quantity: number; sku: string }[]): Promise<void> {
  const merged = new Map<number, { quantity: number; sku: string }>();
  for (const l of lines) {
    const prev = merged.get(l.product_id);
    merged.set(l.product_id, { quantity: (prev?.quantity ?? 0) + l.quantity, sku: l.sku });
  }
  if (merged.size === 0) return;
  const wanted = [...merged].sort((a, b) => a[0] - b[0]);
  const { rows } = await tx.query<{ product_id: number }>(
    `WITH want AS MATERIALIZED (
       SELECT s.product_id, w.quantity
         FROM inventory_stock s JOIN unnest($1::int[], $2::int[]) AS w(product_id, quantity) ON w.product_id = s.product_id
        ORDER BY s.product_id
          FOR UPDATE OF s
     )
     UPDATE inventory_stock s SET quantity = s.quantity - w.quantity, updated_at = now()
       FROM want w
      WHERE s.product_id = w.product_id AND s.quantity >= w.quantity
     RETURNING s.product_id`,
    [wanted.map(([id]) => id), wanted.map(([, d]) => d.quantity)],
  );
  const taken = new Set(rows.map((r) => Number(r.product_id)));
  const short = wanted.find(([id]) => !taken.has(id));
  if (short) throw new AppError('INSUFFICIENT_STOCK', `The requested quantity of ${short[1].sku} is not available`, { sku: short[1].sku });
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
