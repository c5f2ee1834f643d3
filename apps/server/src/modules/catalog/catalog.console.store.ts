import type { Reader, Tx } from '../../platform/transaction.js';
import { Conditions, escapeLike } from '../../platform/sql.js';

/** The console's catalogue reads and writes: products with prices and stock, and the stock's history. */

export interface ConsoleProductRow {
  id: number;
  sku: string;
  name: string;
  kind: string;
  type_id: string;
  is_active: boolean;
  quantity: number | null;
  low_stock_threshold: number | null;
  prices: { store_code: string; currency: string; regular_minor: number; special_minor: number | null }[];
  total: number;
}

const PRODUCT_SELECT = `p.id, p.sku, COALESCE(t.name, p.sku) AS name, p.kind, p.type_id, p.is_active, s.quantity, s.low_stock_threshold,
  COALESCE((SELECT json_agg(json_build_object('store_code', pr.store_code, 'currency', pr.currency, 'regular_minor', pr.regular_minor, 'special_minor', pr.special_minor)
                            ORDER BY pr.store_code) FROM catalog_product_price pr WHERE pr.product_id = p.id), '[]'::json) AS prices`;
const PRODUCT_FROM = `catalog_product p LEFT JOIN catalog_product_text t ON t.product_id = p.id AND t.language = 'en'
  LEFT JOIN inventory_stock s ON s.product_id = p.id`;

export async function listProducts(q: Reader, f: { q?: string; kind?: string; store?: string; low_stock?: boolean; limit: number; offset: number }): Promise<{ rows: ConsoleProductRow[]; total: number }> {
  const c = new Conditions();
  if (f.q) {
    const text = c.p(escapeLike(f.q));
    c.and(`(upper(p.sku) LIKE upper(${text}) || '%' OR lower(t.name) LIKE '%' || lower(${text}) || '%')`);
  }
  if (f.kind) c.and(`p.kind = ${c.p(f.kind)}`);
  if (f.store) c.and(`EXISTS (SELECT 1 FROM catalog_product_price pr WHERE pr.product_id = p.id AND pr.store_code = ${c.p(f.store)})`);
  if (f.low_stock !== undefined) c.and(f.low_stock ? 's.quantity <= s.low_stock_threshold' : '(s.quantity IS NULL OR s.quantity > s.low_stock_threshold)');
  const { rows } = await q.query<ConsoleProductRow>(
    `SELECT ${PRODUCT_SELECT}, count(*) OVER ()::int AS total FROM ${PRODUCT_FROM}
      ${c.where()} ORDER BY p.sku LIMIT ${c.p(f.limit)} OFFSET ${c.p(f.offset)}`,
    c.params,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function productBySku(q: Reader, sku: string): Promise<ConsoleProductRow | null> {
  const { rows } = await q.query<ConsoleProductRow>(`SELECT ${PRODUCT_SELECT}, 1 AS total FROM ${PRODUCT_FROM} WHERE p.sku = $1`, [sku]);
  return rows[0] ?? null;
}

export interface MovementRow { delta: number; quantity_after: number; source: 'sale' | 'release' | 'operator' | 'return' | 'import'; actor: string | null; reason: string | null; at: Date }

export async function movements(q: Reader, productId: number, limit = 50): Promise<MovementRow[]> {
  const { rows } = await q.query<MovementRow>(
    `SELECT delta, quantity_after, source, actor, reason, at FROM inventory_stock_movement WHERE product_id = $1 ORDER BY id DESC LIMIT $2`,
    [productId, limit],
  );
  return rows;
}

/** Sets a product's price in a store view (inserting it puts the product on sale there). */
export async function upsertPrice(tx: Tx, productId: number, store: string, currency: string, regular: number, special: number | null): Promise<void> {
  await tx.query(
    `INSERT INTO catalog_product_price (product_id, store_code, currency, regular_minor, special_minor) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (product_id, store_code) DO UPDATE SET currency = EXCLUDED.currency, regular_minor = EXCLUDED.regular_minor, special_minor = EXCLUDED.special_minor`,
    [productId, store, currency, regular, special],
  );
}

/** Names who changes the stock in this transaction, for the movement the trigger records. */
export async function nameStockChange(tx: Tx, source: 'operator' | 'return' | 'import', actor: string | null, reason: string | null): Promise<void> {
  await tx.query(
    `SELECT set_config('ember.stock_source', $1, true), set_config('ember.stock_actor', COALESCE($2, ''), true), set_config('ember.stock_reason', COALESCE($3, ''), true)`,
    [source, actor, reason],
  );
}

/**
 * Counts (set) or books in and out (adjust) a product's stock; an adjustment that would leave less
 * than nothing changes nothing and answers null. A product without a stock row gets one.
 */
export async function changeStock(tx: Tx, productId: number, mode: 'set' | 'adjust', quantity: number, threshold?: number): Promise<number | null> {
  await tx.query(`INSERT INTO inventory_stock (product_id, quantity) VALUES ($1, 0) ON CONFLICT (product_id) DO NOTHING`, [productId]);
  const { rows } = await tx.query<{ quantity: number }>(
    `UPDATE inventory_stock SET quantity = CASE WHEN $2 = 'set' THEN $3 ELSE quantity + $3 END,
            low_stock_threshold = COALESCE($4, low_stock_threshold), updated_at = now()
      WHERE product_id = $1 AND (CASE WHEN $2 = 'set' THEN $3 ELSE quantity + $3 END) >= 0
     RETURNING quantity`,
    [productId, mode, quantity, threshold ?? null],
  );
  return rows[0]?.quantity ?? null;
}
