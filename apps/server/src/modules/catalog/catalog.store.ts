import type { Queryable } from '../../platform/db.js';

/** A product row as the catalogue reads it for one store view (texts in its language, its price). */
export interface ProductRow {
  id: number;
  sku: string;
  type_id: 'simple' | 'virtual' | 'bundle' | 'configurable';
  url_key: string;
  kind: string;
  is_age_restricted: boolean;
  is_visible: boolean;
  color: string | null;
  color_label: string | null;
  color_hex: string | null;
  color_value_index: number | null;
  flavor: string | null;
  flavor_label: string | null;
  flavor_hex: string | null;
  flavor_value_index: number | null;
  is_subscription: boolean;
  is_mix_n_match: boolean;
  sticks_per_unit: number | null;
  weight: string | null;
  order_quantity_limit: number | null;
  /** The step the product is sold in: a cart line's quantity is a multiple of it (1: any). */
  qty_increments: number;
  position: number;
  created_at: Date;
  updated_at: Date;
  name: string;
  subtitle: string | null;
  short_description: string | null;
  description: string | null;
  disclaimer: string | null;
  meta_title: string | null;
  meta_description: string | null;
  /** A subscription's delivery period in the store view's language ("Every 4 weeks"). */
  subscription_format: string | null;
  currency: string;
  regular_minor: number;
  special_minor: number | null;
  stock_qty: number | null;
}

const PRODUCT_COLUMNS = `
  p.id, p.sku, p.type_id, p.url_key, p.kind, p.is_age_restricted, p.is_visible, p.is_subscription, p.is_mix_n_match,
  p.sticks_per_unit, p.weight::text AS weight, p.order_quantity_limit, p.qty_increments, p.position, p.created_at, p.updated_at,
  p.color, cl.label AS color_label, cc.swatch_hex AS color_hex, cc.value_index AS color_value_index,
  p.flavor, fl.label AS flavor_label, cf.swatch_hex AS flavor_hex, cf.value_index AS flavor_value_index,
  t.name, t.subtitle, t.short_description, t.description, t.disclaimer, t.meta_title, t.meta_description, t.subscription_format,
  pr.currency, pr.regular_minor, pr.special_minor, s.quantity AS stock_qty`;

const PRODUCT_JOINS = `
  FROM catalog_product p
  JOIN catalog_product_price pr ON pr.product_id = p.id AND pr.store_code = $1
  JOIN catalog_product_text t ON t.product_id = p.id AND t.language = $2
  LEFT JOIN inventory_stock s ON s.product_id = p.id
  LEFT JOIN catalog_color cc ON cc.code = p.color
  LEFT JOIN catalog_option_label cl ON cl.kind = 'color' AND cl.code = p.color AND cl.language = $2
  LEFT JOIN catalog_flavor cf ON cf.code = p.flavor
  LEFT JOIN catalog_option_label fl ON fl.kind = 'flavor' AND fl.code = p.flavor AND fl.language = $2`;

export async function findProductsByIds(db: Queryable, store: string, language: string, ids: number[]): Promise<ProductRow[]> {
  const { rows } = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} ${PRODUCT_JOINS} WHERE p.is_active AND p.id = ANY($3::int[])`,
    [store, language, ids],
  );
  return rows;
}

export async function findProductIdsBySkus(db: Queryable, store: string, skus: string[]): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: number; sku: string }>(
    `SELECT p.id, p.sku FROM catalog_product p
       JOIN catalog_product_price pr ON pr.product_id = p.id AND pr.store_code = $1
      WHERE p.is_active AND p.sku = ANY($2::text[])`,
    [store, skus],
  );
  return new Map(rows.map((r) => [r.sku, r.id]));
}

/** What a sale must read fresh: the product's own flags and limits, its price, tiers and stock in a store view. */
export interface SaleFactsRow {
  id: number;
  sku: string;
  kind: string;
  is_age_restricted: boolean;
  is_subscription: boolean;
  order_quantity_limit: number | null;
  qty_increments: number;
  regular_minor: number;
  special_minor: number | null;
  stock_qty: number | null;
  tiers: { quantity: number; price_minor: number }[];
}

/** The columns of the `catalog_sale_facts` view a sale reads (other modules may select them in their own statements). */
export const SALE_FACTS_COLUMNS = `id, sku, kind, is_age_restricted, is_subscription, order_quantity_limit, qty_increments,
  regular_minor, special_minor, stock_qty, tiers`;

/** Sale facts of active products priced in the store view, by id or by sku, in one statement. */
export async function findSaleFacts(db: Queryable, store: string, ids: number[], skus: string[]): Promise<SaleFactsRow[]> {
  const { rows } = await db.query<SaleFactsRow>(
    `SELECT ${SALE_FACTS_COLUMNS} FROM catalog_sale_facts
      WHERE store_code = $1 AND (id = ANY($2::int[]) OR sku = ANY($3::text[]))`,
    [store, ids, skus],
  );
  return rows;
}

/** Whether each product may be sold only to verified adults; skus not in the catalogue are left out. */
export async function findAgeRestriction(db: Queryable, skus: string[]): Promise<Map<string, boolean>> {
  const { rows } = await db.query<{ sku: string; is_age_restricted: boolean }>(
    'SELECT sku, is_age_restricted FROM catalog_product WHERE sku = ANY($1::text[])',
    [skus],
  );
  return new Map(rows.map((r) => [r.sku, r.is_age_restricted]));
}

export interface MediaRow { product_id: number; file: string; label: string | null; position: number; is_main: boolean; disabled: boolean }
export interface TierRow { product_id: number; quantity: number; price_minor: number }
export interface CategoryLinkRow { product_id: number; category_id: number }
export interface ConfigurableLinkRow { parent_id: number; child_id: number }
export interface ConfigurableAttributeRow { product_id: number; attribute_code: 'color' | 'flavor'; position: number }
export interface BundleOptionRow { id: number; product_id: number; position: number; type: string; required: boolean; title: string }
export interface ProductLinkRow { product_id: number; linked_product_id: number }
export interface BundleSelectionRow {
  id: number; option_id: number; product_id: number; quantity: number; can_change_quantity: boolean; is_default: boolean; position: number;
  /** What the selection adds to the kit's price per unit of it in the store view (0: nothing). */
  price_minor: number;
}

/** The extra prices of bundle selections in a store view, read fresh by a sale; selections without one cost nothing extra. */
export async function findSelectionPrices(db: Queryable, store: string, selectionIds: number[]): Promise<Map<number, number>> {
  const { rows } = await db.query<{ selection_id: number; price_minor: number }>(
    'SELECT selection_id, price_minor FROM catalog_bundle_selection_price WHERE store_code = $1 AND selection_id = ANY($2::int[])',
    [store, selectionIds],
  );
  return new Map(rows.map((r) => [r.selection_id, r.price_minor]));
}

/** Everything hanging off a set of products, fetched in one round of parallel queries. */
export async function findProductRelations(db: Queryable, store: string, language: string, ids: number[]) {
  const [media, tiers, categories, links, attributes, options, selections, related] = await Promise.all([
    db.query<MediaRow>(
      `SELECT product_id, file, label, position, is_main, disabled FROM catalog_product_media
        WHERE product_id = ANY($1::int[]) ORDER BY product_id, position, id`, [ids]),
    db.query<TierRow>(
      `SELECT product_id, quantity, price_minor FROM catalog_product_tier_price
        WHERE store_code = $1 AND product_id = ANY($2::int[]) ORDER BY product_id, quantity`, [store, ids]),
    db.query<CategoryLinkRow>(
      `SELECT cp.product_id, cp.category_id FROM catalog_category_product cp
         JOIN catalog_category c ON c.id = cp.category_id AND c.is_active
        WHERE cp.product_id = ANY($1::int[]) ORDER BY cp.product_id, c.position`, [ids]),
    db.query<ConfigurableLinkRow>(
      `SELECT l.parent_id, l.child_id FROM catalog_configurable_link l
         JOIN catalog_product c ON c.id = l.child_id AND c.is_active
         JOIN catalog_product_price pr ON pr.product_id = c.id AND pr.store_code = $1
        WHERE l.parent_id = ANY($2::int[]) ORDER BY l.parent_id, c.position, c.id`, [store, ids]),
    db.query<ConfigurableAttributeRow>(
      `SELECT product_id, attribute_code, position FROM catalog_configurable_attribute
        WHERE product_id = ANY($1::int[]) ORDER BY product_id, position`, [ids]),
    db.query<BundleOptionRow>(
      `SELECT o.id, o.product_id, o.position, o.type, o.required, COALESCE(t.title, '') AS title
         FROM catalog_bundle_option o
         LEFT JOIN catalog_bundle_option_text t ON t.option_id = o.id AND t.language = $2
        WHERE o.product_id = ANY($1::int[]) ORDER BY o.product_id, o.position, o.id`, [ids, language]),
    db.query<BundleSelectionRow>(
      `SELECT s.id, s.option_id, s.product_id, s.quantity, s.can_change_quantity, s.is_default, s.position,
              COALESCE(sp.price_minor, 0) AS price_minor
         FROM catalog_bundle_selection s JOIN catalog_bundle_option o ON o.id = s.option_id
         LEFT JOIN catalog_bundle_selection_price sp ON sp.selection_id = s.id AND sp.store_code = $2
        WHERE o.product_id = ANY($1::int[]) ORDER BY s.option_id, s.position, s.id`, [ids, store]),
    db.query<ProductLinkRow>(
      `SELECT product_id, linked_product_id FROM catalog_product_link
        WHERE link_type = 'related' AND product_id = ANY($1::int[]) ORDER BY product_id, position, linked_product_id`, [ids]),
  ]);
  return {
    media: media.rows, tiers: tiers.rows, categories: categories.rows, links: links.rows,
    attributes: attributes.rows, options: options.rows, selections: selections.rows, related: related.rows,
  };
}

/** A category with its texts in one language and the number of products it lists in a store view. */
export interface CategoryRow {
  id: number;
  parent_id: number | null;
  url_key: string;
  position: number;
  include_in_menu: boolean;
  store_locator_name: string | null;
  image: string | null;
  name: string;
  description: string | null;
  product_count: number;
}

export async function findCategories(db: Queryable, store: string, language: string): Promise<CategoryRow[]> {
  const { rows } = await db.query<CategoryRow>(
    `SELECT c.id, c.parent_id, c.url_key, c.position, c.include_in_menu, c.store_locator_name, c.image,
            COALESCE(t.name, c.url_key) AS name, t.description,
            (SELECT count(*)::int FROM catalog_category_product cp
               JOIN catalog_product p ON p.id = cp.product_id AND p.is_active AND p.is_visible
               JOIN catalog_product_price pr ON pr.product_id = p.id AND pr.store_code = $1
              WHERE cp.category_id = c.id) AS product_count
       FROM catalog_category c
       LEFT JOIN catalog_category_text t ON t.category_id = c.id AND t.language = $2
      WHERE c.is_active
      ORDER BY c.position, c.id`,
    [store, language],
  );
  return rows;
}

/** Filters a listing query understands; every value arrives as a bound parameter. */
export interface ProductSearch {
  skus?: string[];
  urlKeys?: string[];
  categoryIds?: number[];
  nameMatch?: string;
  text?: string;
  priceFrom?: number;
  priceTo?: number;
  /** Facets (layered navigation): flavour codes, flavour intensities 1–5, colour codes (a configurable matches through its children). */
  flavors?: string[];
  intensities?: number[];
  colors?: string[];
  visibleOnly: boolean;
  sort: { field: 'position' | 'name' | 'price' | 'relevance' | 'created_at'; dir: 'ASC' | 'DESC' };
  limit: number;
  offset: number;
}

/** Escapes LIKE metacharacters so user text matches literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const FINAL_PRICE = 'COALESCE(pr.special_minor, pr.regular_minor)';

/** The colours a product comes in: its own, or those of its active children sold in the store view ($1). */
const PRODUCT_COLORS = `(SELECT array_agg(DISTINCT x.color) FROM (
    SELECT p.color WHERE p.color IS NOT NULL
    UNION ALL
    SELECT c.color FROM catalog_configurable_link l
      JOIN catalog_product c ON c.id = l.child_id AND c.is_active AND c.color IS NOT NULL
      JOIN catalog_product_price cp ON cp.product_id = c.id AND cp.store_code = $1
     WHERE l.parent_id = p.id) AS x)`;

/** The WHERE clauses of a search; `withFacets: false` leaves out flavour, intensity, colour and price (for counting facets). */
function searchWhere(q: ProductSearch, bind: (v: unknown) => string, withFacets: boolean): { where: string[]; relevance: string } {
  const where: string[] = ['p.is_active'];
  if (q.visibleOnly) where.push('p.is_visible');
  if (q.skus) where.push(`p.sku = ANY(${bind(q.skus)}::text[])`);
  if (q.urlKeys) where.push(`p.url_key = ANY(${bind(q.urlKeys)}::text[])`);
  if (q.categoryIds) {
    where.push(`EXISTS (SELECT 1 FROM catalog_category_product cp WHERE cp.product_id = p.id AND cp.category_id = ANY(${bind(q.categoryIds)}::int[]))`);
  }
  if (q.nameMatch) where.push(`lower(t.name) LIKE ${bind(likePattern(q.nameMatch))}`);
  let relevance = '0';
  if (q.text) {
    const pattern = bind(likePattern(q.text));
    where.push(`(lower(t.name) LIKE ${pattern} OR lower(coalesce(t.short_description, '')) LIKE ${pattern} OR lower(p.sku) LIKE ${pattern})`);
    relevance = `CASE WHEN lower(t.name) LIKE ${pattern} THEN 2 ELSE 1 END`;
  }
  if (withFacets) {
    if (q.priceFrom !== undefined) where.push(`${FINAL_PRICE} >= ${bind(q.priceFrom)}`);
    if (q.priceTo !== undefined) where.push(`${FINAL_PRICE} <= ${bind(q.priceTo)}`);
    if (q.flavors) where.push(`p.flavor = ANY(${bind(q.flavors)}::text[])`);
    if (q.intensities) {
      where.push(`EXISTS (SELECT 1 FROM catalog_flavor f WHERE f.code = p.flavor AND f.intensity = ANY(${bind(q.intensities)}::int[]))`);
    }
    if (q.colors) where.push(`${PRODUCT_COLORS} && ${bind(q.colors)}::text[]`);
  }
  return { where, relevance };
}

const SEARCH_FROM = `
       FROM catalog_product p
       JOIN catalog_product_price pr ON pr.product_id = p.id AND pr.store_code = $1
       JOIN catalog_product_text t ON t.product_id = p.id AND t.language = $2`;

export async function searchProductIds(
  db: Queryable, store: string, language: string, q: ProductSearch,
): Promise<{ ids: number[]; total: number }> {
  const params: unknown[] = [store, language];
  const bind = (v: unknown) => `$${params.push(v)}`;
  const { where, relevance } = searchWhere(q, bind, true);
  const dir = q.sort.dir === 'DESC' ? 'DESC' : 'ASC';
  const order = {
    position: `p.position ${dir}`,
    name: `t.name ${dir}`,
    price: `${FINAL_PRICE} ${dir}`,
    relevance: `${relevance} ${dir === 'ASC' ? 'DESC' : 'ASC'}, p.position`,
    created_at: `p.created_at ${dir}, p.position`,
  }[q.sort.field];
  const limit = bind(q.limit);
  const offset = bind(q.offset);
  const { rows } = await db.query<{ id: number; total: number }>(
    `SELECT p.id, count(*) OVER ()::int AS total ${SEARCH_FROM}
      WHERE ${where.join(' AND ')}
      ORDER BY ${order}, p.id
      LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  if (rows.length > 0) return { ids: rows.map((r) => r.id), total: rows[0]!.total };
  if (q.offset === 0) return { ids: [], total: 0 };
  // Past the last page the window count is unavailable: count separately.
  const counted = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total ${SEARCH_FROM} WHERE ${where.join(' AND ')}`,
    params.slice(0, params.length - 2),
  );
  return { ids: [], total: counted.rows[0]?.total ?? 0 };
}

/** What layered navigation counts for one product of a search: its flavour, intensity, colours and final price. */
export interface FacetRow { id: number; flavor: string | null; intensity: number | null; colors: string[] | null; price_minor: number }

/** The facet values of every product the search finds before its facet filters (flavour, intensity, colour, price) apply. */
export async function findFacetRows(db: Queryable, store: string, language: string, q: ProductSearch): Promise<FacetRow[]> {
  const params: unknown[] = [store, language];
  const bind = (v: unknown) => `$${params.push(v)}`;
  const { where } = searchWhere(q, bind, false);
  const { rows } = await db.query<FacetRow>(
    `SELECT p.id, p.flavor, f.intensity, ${PRODUCT_COLORS} AS colors, ${FINAL_PRICE} AS price_minor ${SEARCH_FROM}
       LEFT JOIN catalog_flavor f ON f.code = p.flavor
      WHERE ${where.join(' AND ')}`,
    params,
  );
  return rows;
}

/** A colour or flavour option with its label in one language, in display order. */
export interface OptionRow { kind: 'color' | 'flavor'; code: string; label: string; position: number; swatch_hex: string; intensity: number | null }

export async function findOptions(db: Queryable, language: string): Promise<OptionRow[]> {
  const { rows } = await db.query<OptionRow>(
    `SELECT 'color' AS kind, c.code, COALESCE(l.label, c.code) AS label, c.position, c.swatch_hex, NULL::int AS intensity
       FROM catalog_color c LEFT JOIN catalog_option_label l ON l.kind = 'color' AND l.code = c.code AND l.language = $1
     UNION ALL
     SELECT 'flavor', f.code, COALESCE(l.label, f.code), f.position, f.swatch_hex, f.intensity
       FROM catalog_flavor f LEFT JOIN catalog_option_label l ON l.kind = 'flavor' AND l.code = f.code AND l.language = $1
     ORDER BY 1, 4, 2`,
    [language],
  );
  return rows;
}

export interface SticksRow { sku: string; kind: string; is_subscription: boolean; is_mix_n_match: boolean; flavor: string; flavor_label: string | null; flavor_hex: string }

export async function findSticks(db: Queryable, store: string, language: string): Promise<SticksRow[]> {
  const { rows } = await db.query<SticksRow>(
    `SELECT p.sku, p.kind, p.is_subscription, p.is_mix_n_match, p.flavor, l.label AS flavor_label, f.swatch_hex AS flavor_hex
       FROM catalog_product p
       JOIN catalog_product_price pr ON pr.product_id = p.id AND pr.store_code = $1
       JOIN catalog_flavor f ON f.code = p.flavor
       LEFT JOIN catalog_option_label l ON l.kind = 'flavor' AND l.code = p.flavor AND l.language = $2
      WHERE p.is_active AND p.kind IN ('sticks_pack', 'sticks_carton', 'subscription')
      ORDER BY f.position, p.position, p.sku`,
    [store, language],
  );
  return rows;
}
