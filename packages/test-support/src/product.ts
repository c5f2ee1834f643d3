import { randomUUID } from 'node:crypto';

/** What the product factory needs of a database: the server's `Queryable`, a transaction or a pool. */
export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface TestProduct {
  id: number;
  sku: string;
  name: string;
}

export interface ProductOptions {
  /** Units in stock; 100 by default. */
  stock?: number;
  /** Price in minor units in every store view it is sold in; 1200 by default. */
  price?: number;
  /** Store views it is sold in (priced in each one's base currency); gb and de by default, none: not sold. */
  stores?: string[];
  /** Listed in the catalogue (true by default). */
  visible?: boolean;
  /** Names in English and German; false leaves the product without texts. */
  named?: boolean;
  /** SKU prefix, so a suite's products can be told apart; `TST` by default. */
  prefix?: string;
  kind?: string;
  type?: 'simple' | 'virtual';
  /** The store's per-order quantity limit. */
  limit?: number | null;
  subscription?: boolean;
  subscriptionFormat?: string;
  /** A subscription product joins this plan in each of its store views (`sticks` by default; null: none). */
  plan?: string | null;
  ageRestricted?: boolean;
  /** Quantity step (packs sold in twos: 2). */
  step?: number;
}

/**
 * A product of its own with its own stock and prices, written by SQL as the catalogue's migrations
 * shape it, so tests never share counts.
 */
export async function createProduct(db: SqlRunner, opts: ProductOptions = {}): Promise<TestProduct> {
  const sku = `${opts.prefix ?? 'TST'}-${randomUUID().slice(0, 12).toUpperCase()}`;
  const name = `Test product ${sku}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO catalog_product (sku, type_id, url_key, kind, is_visible, order_quantity_limit, is_subscription, is_age_restricted, qty_increments)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [sku, opts.type ?? 'simple', sku.toLowerCase(), opts.kind ?? 'accessory', opts.visible ?? true, opts.limit ?? null,
      opts.subscription ?? false, opts.ageRestricted ?? false, opts.step ?? 1],
  );
  const id = rows[0]!.id;
  if (opts.named ?? true) {
    await db.query(
      `INSERT INTO catalog_product_text (product_id, language, name, subscription_format) VALUES ($1, 'en', $2, $3), ($1, 'de', $2, $3)`,
      [id, name, opts.subscriptionFormat ?? null],
    );
  }
  const stores = opts.stores ?? ['gb', 'de'];
  if (stores.length > 0) {
    await db.query(
      `INSERT INTO catalog_product_price (product_id, store_code, currency, regular_minor)
       SELECT $1, code, base_currency_code, $2 FROM store_view WHERE code = ANY($3::text[])`,
      [id, opts.price ?? 1200, stores],
    );
  }
  await db.query(`INSERT INTO inventory_stock (product_id, quantity) VALUES ($1, $2)`, [id, opts.stock ?? 100]);
  const plan = opts.plan === undefined ? 'sticks' : opts.plan;
  if (opts.subscription && plan && stores.length > 0) {
    await db.query(
      `INSERT INTO subscription_plan_product (store_code, plan_code, sku) SELECT store_code, code, $1 FROM subscription_plan WHERE code = $2 AND store_code = ANY($3::text[])`,
      [sku, plan, stores],
    );
  }
  return { id, sku, name };
}

/** A product's stock as the database holds it now. */
export async function stockOf(db: SqlRunner, productId: number): Promise<number> {
  const { rows } = await db.query<{ quantity: number }>('SELECT quantity FROM inventory_stock WHERE product_id = $1', [productId]);
  return rows[0]!.quantity;
}
