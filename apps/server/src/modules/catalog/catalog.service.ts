import type { Queryable } from '../../platform/db.js';
import type { StoreView } from '../store/store.service.js';
import { TtlCache } from '../../platform/ttl-cache.js';
import {
  findAgeRestriction, findCategories, findFacetRows, findOptions, findSaleFacts, findSelectionPrices, findProductIdsBySkus, findProductRelations, findProductsByIds, findSticks,
  searchProductIds, type CategoryRow, type FacetRow, type MediaRow, type OptionRow, type ProductRow, type ProductSearch, type SaleFactsRow,
} from './catalog.store.js';

/** A product assembled for one store view: row, media, tiers, categories, children and bundle options. */
export interface ProductDoc extends ProductRow {
  media: MediaRow[];
  tiers: { quantity: number; price_minor: number }[];
  category_ids: number[];
  configurable_attributes: ('color' | 'flavor')[];
  children: ProductDoc[];
  bundle_options: BundleOptionDoc[];
  /** Related products (Magento's related_products), in merchandising order; resolved on demand. */
  related_ids: number[];
}

/** One facet of a listing (Magento's Aggregation): its options with the number of products each would show. */
export interface Facet {
  attribute_code: 'flavor' | 'intensity' | 'color';
  options: { value: string; label: string; count: number; swatch: string | null }[];
}

export interface BundleOptionDoc {
  id: number;
  position: number;
  type: string;
  required: boolean;
  title: string;
  selections: { id: number; quantity: number; can_change_quantity: boolean; is_default: boolean; position: number; price_minor: number; product: ProductDoc }[];
}

export type StockStatus = 'IN_STOCK' | 'OUT_OF_STOCK';

/** The final unit price in minor units: special price when set, else regular. */
export function finalMinor(p: Pick<ProductRow, 'regular_minor' | 'special_minor'>): number {
  return p.special_minor ?? p.regular_minor;
}

/** Whether a product can be bought now: stock for simple ones, a buyable child or selection for composites. */
export function stockStatusOf(p: ProductDoc): StockStatus {
  if (p.type_id === 'configurable') return p.children.some((c) => stockStatusOf(c) === 'IN_STOCK') ? 'IN_STOCK' : 'OUT_OF_STOCK';
  if (p.type_id === 'bundle') {
    const ok = p.bundle_options.every(
      (o) => !o.required || o.selections.some((s) => (s.product.stock_qty ?? 0) >= s.quantity),
    );
    return ok && p.bundle_options.length > 0 ? 'IN_STOCK' : 'OUT_OF_STOCK';
  }
  return (p.stock_qty ?? 0) > 0 ? 'IN_STOCK' : 'OUT_OF_STOCK';
}

/**
 * A kit's price range (Magento's fixed-price bundle): its own price plus, at the least, the cheapest
 * selection of every required option and, at the most, the dearest of every option (all of a
 * checkbox or multi option), each selection's price times its quantity.
 */
export function bundlePriceRange(p: ProductDoc): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const o of p.bundle_options) {
    const costs = o.selections.map((s) => s.price_minor * s.quantity);
    if (!costs.length) continue;
    if (o.required) min += Math.min(...costs);
    max += o.type === 'checkbox' || o.type === 'multi' ? costs.reduce((a, b) => a + b, 0) : Math.max(...costs);
  }
  return { min, max };
}

/** Unit price for a quantity: the best tier whose threshold the quantity reaches, else the final price. */
export function unitPriceForQuantity(p: ProductDoc, quantity: number): number {
  let price = finalMinor(p);
  for (const t of p.tiers) if (quantity >= t.quantity && t.price_minor < price) price = t.price_minor;
  return price;
}

/**
 * Reads the catalogue for a store view. Assembled products are kept per process for
 * CATALOG_CACHE_TTL_MS (display only: checkout re-reads stock and prices in its transaction).
 */
export class CatalogService {
  private readonly docs: TtlCache<ProductDoc>;
  private readonly skuIndex: TtlCache<number | null>;
  private readonly categoryCache: TtlCache<CategoryRow[]>;
  private readonly optionCache: TtlCache<OptionRow[]>;

  constructor(private readonly db: Queryable, ttlMs: number) {
    this.docs = new TtlCache(ttlMs, 20_000);
    this.skuIndex = new TtlCache(ttlMs, 20_000);
    this.categoryCache = new TtlCache(ttlMs, 100);
    this.optionCache = new TtlCache(ttlMs, 10);
  }

  invalidate(): void {
    this.docs.clear();
    this.skuIndex.clear();
    this.categoryCache.clear();
    this.optionCache.clear();
  }

  /**
   * Loads products by id in the given order; ids not sold in the store are skipped. Misses are read
   * through `db` (a caller's transaction) when given, else through the service's own connection.
   */
  async productsByIds(store: StoreView, ids: number[], db: Queryable = this.db): Promise<ProductDoc[]> {
    const found = new Map<number, ProductDoc>();
    for (const id of ids) {
      const hit = this.docs.get(`${store.code}:${id}`);
      if (hit) found.set(id, hit);
    }
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) await this.load(store, missing, 0, found, db);
    return ids.map((id) => found.get(id)).filter((d): d is ProductDoc => d !== undefined);
  }

  /** Loads products by SKU in the given order (configurable children included); misses through `db` as productsByIds. */
  async productsBySkus(store: StoreView, skus: string[], db: Queryable = this.db): Promise<ProductDoc[]> {
    const idOf = new Map<string, number | null>();
    for (const sku of skus) {
      const hit = this.skuIndex.get(`${store.code}:${sku}`);
      if (hit !== undefined) idOf.set(sku, hit);
    }
    const unknown = skus.filter((s) => !idOf.has(s));
    if (unknown.length) {
      const found = await findProductIdsBySkus(db, store.code, unknown);
      for (const sku of unknown) {
        idOf.set(sku, found.get(sku) ?? null);
        this.skuIndex.set(`${store.code}:${sku}`, found.get(sku) ?? null);
      }
    }
    const ids = skus.map((s) => idOf.get(s)).filter((id): id is number => typeof id === 'number');
    return this.productsByIds(store, [...new Set(ids)], db);
  }

  /**
   * Products as a sale sees them, inside the caller's transaction `q`: names, media, categories and
   * the shape of configurables and bundles come from the display cache (read through `q` on a miss),
   * while everything money, stock and limits depend on (active in the store view, price, tiers,
   * stock, kind, order quantity limit, age restriction) is read fresh in `q`, for the products and
   * their bundle selections, in one statement each; `known` are facts the caller already read from
   * `catalog_sale_facts` for exactly the products it wants. A product no longer sold is left out.
   */
  async productsForSale(q: Queryable, store: StoreView, want: { ids?: number[]; skus?: string[]; known?: SaleFactsRow[] }): Promise<ProductDoc[]> {
    const read = want.known ?? (await findSaleFacts(q, store.code, want.ids ?? [], want.skus ?? []));
    const facts = new Map(read.map((f) => [f.id, f]));
    if (facts.size === 0) return [];
    const docs = await this.productsByIds(store, [...facts.keys()], q);
    const nested = [...new Set(docs.flatMap((d) => d.bundle_options.flatMap((o) => o.selections.map((s) => s.product.id))))].filter((id) => !facts.has(id));
    if (nested.length) for (const f of await findSaleFacts(q, store.code, nested, [])) facts.set(f.id, f);
    const fresh = (doc: ProductDoc): ProductDoc | null => {
      const f = facts.get(doc.id);
      if (!f) return null;
      const { id: _id, sku: _sku, ...current } = f;
      return { ...doc, ...current };
    };
    // A kit's selection prices are money too: read fresh, and only when the sale holds a kit.
    const selectionIds = docs.flatMap((d) => d.bundle_options.flatMap((o) => o.selections.map((s) => s.id)));
    const selectionPrices = selectionIds.length ? await findSelectionPrices(q, store.code, selectionIds) : new Map<number, number>();
    const out: ProductDoc[] = [];
    for (const doc of docs) {
      const d = fresh(doc);
      if (!d) continue;
      if (d.bundle_options.length) {
        d.bundle_options = d.bundle_options.map((o) => ({
          ...o,
          selections: o.selections.flatMap((s) => {
            const product = fresh(s.product);
            return product ? [{ ...s, price_minor: selectionPrices.get(s.id) ?? 0, product }] : [];
          }),
        }));
      }
      out.push(d);
    }
    return out;
  }

  /**
   * The skus only verified adults may buy; an sku the catalogue does not know counts as restricted.
   * `given` holds what the caller already read in its transaction; the rest is read here.
   */
  async ageRestrictedSkus(db: Queryable, skus: string[], given?: Map<string, boolean>): Promise<Set<string>> {
    const missing = skus.filter((sku) => !given?.has(sku));
    const known = new Map([...(given ?? []), ...(missing.length ? await findAgeRestriction(db, missing) : [])]);
    return new Set(skus.filter((sku) => known.get(sku) !== false));
  }

  async search(store: StoreView, q: ProductSearch): Promise<{ items: ProductDoc[]; total: number }> {
    const { ids, total } = await searchProductIds(this.db, store.code, store.language, q);
    return { items: await this.productsByIds(store, ids), total };
  }

  /** Colour and flavour options with labels in the store view's language, in display order. */
  async options(store: StoreView): Promise<OptionRow[]> {
    let rows = this.optionCache.get(store.language);
    if (!rows) {
      rows = await findOptions(this.db, store.language);
      this.optionCache.set(store.language, rows);
    }
    return rows;
  }

  /**
   * Layered navigation for a search: every facet counts the products the search finds with the
   * other facets' filters applied but not its own, so a shopper can widen a choice as well as
   * narrow it. Options no product has are left out. Price is a range the shopper types, not a facet.
   */
  async facets(store: StoreView, q: ProductSearch): Promise<Facet[]> {
    const [rows, options] = await Promise.all([findFacetRows(this.db, store.code, store.language, q), this.options(store)]);
    const passes = (r: FacetRow, skip: Facet['attribute_code'] | 'price') =>
      (skip === 'flavor' || !q.flavors || (r.flavor !== null && q.flavors.includes(r.flavor))) &&
      (skip === 'intensity' || !q.intensities || (r.intensity !== null && q.intensities.includes(r.intensity))) &&
      (skip === 'color' || !q.colors || (r.colors ?? []).some((c) => q.colors!.includes(c))) &&
      (skip === 'price' || ((q.priceFrom === undefined || r.price_minor >= q.priceFrom) && (q.priceTo === undefined || r.price_minor <= q.priceTo)));
    const count = (code: Facet['attribute_code'], valuesOf: (r: FacetRow) => string[]) => {
      const counts = new Map<string, number>();
      for (const r of rows) if (passes(r, code)) for (const v of new Set(valuesOf(r))) counts.set(v, (counts.get(v) ?? 0) + 1);
      return counts;
    };
    const flavorCounts = count('flavor', (r) => (r.flavor ? [r.flavor] : []));
    const intensityCounts = count('intensity', (r) => (r.intensity !== null && r.flavor ? [String(r.intensity)] : []));
    const colorCounts = count('color', (r) => r.colors ?? []);
    const facets: Facet[] = [
      {
        attribute_code: 'flavor',
        options: options.filter((o) => o.kind === 'flavor' && flavorCounts.has(o.code))
          .map((o) => ({ value: o.code, label: o.label, count: flavorCounts.get(o.code)!, swatch: o.swatch_hex })),
      },
      {
        attribute_code: 'intensity',
        options: [...intensityCounts.keys()].sort().map((v) => ({ value: v, label: v, count: intensityCounts.get(v)!, swatch: null })),
      },
      {
        attribute_code: 'color',
        options: options.filter((o) => o.kind === 'color' && colorCounts.has(o.code))
          .map((o) => ({ value: o.code, label: o.label, count: colorCounts.get(o.code)!, swatch: o.swatch_hex })),
      },
    ];
    return facets.filter((f) => f.options.length > 0);
  }

  async categories(store: StoreView, db: Queryable = this.db): Promise<CategoryRow[]> {
    const key = `${store.code}`;
    let rows = this.categoryCache.get(key);
    if (!rows) {
      rows = await findCategories(db, store.code, store.language);
      this.categoryCache.set(key, rows);
    }
    return rows;
  }

  sticks(store: StoreView) {
    return findSticks(this.db, store.code, store.language);
  }

  /** Assembles products (and their children and bundle selections) into `into` and the cache. */
  private async load(store: StoreView, ids: number[], depth: number, into: Map<number, ProductDoc>, db: Queryable): Promise<void> {
    const rows = await findProductsByIds(db, store.code, store.language, ids);
    if (!rows.length) return;
    const rel = await findProductRelations(db, store.code, store.language, rows.map((r) => r.id));
    // Children and bundle selections are products too: load those not yet cached.
    for (const id of [...rel.links.map((l) => l.child_id), ...rel.selections.map((s) => s.product_id)]) {
      const hit = into.has(id) ? undefined : this.docs.get(`${store.code}:${id}`);
      if (hit) into.set(id, hit);
    }
    const nested = [...rel.links.map((l) => l.child_id), ...rel.selections.map((s) => s.product_id)].filter((id) => !into.has(id));
    if (nested.length && depth < 2) await this.load(store, [...new Set(nested)], depth + 1, into, db);
    const cached = (id: number) => into.get(id);
    for (const row of rows) {
      const doc: ProductDoc = {
        ...row,
        media: rel.media.filter((m) => m.product_id === row.id),
        tiers: rel.tiers.filter((t) => t.product_id === row.id).map(({ quantity, price_minor }) => ({ quantity, price_minor })),
        category_ids: rel.categories.filter((c) => c.product_id === row.id).map((c) => c.category_id),
        configurable_attributes: rel.attributes.filter((a) => a.product_id === row.id).map((a) => a.attribute_code),
        children: rel.links.filter((l) => l.parent_id === row.id).map((l) => cached(l.child_id)).filter((c): c is ProductDoc => !!c),
        bundle_options: rel.options
          .filter((o) => o.product_id === row.id)
          .map((o) => ({
            id: o.id, position: o.position, type: o.type, required: o.required, title: o.title,
            selections: rel.selections
              .filter((s) => s.option_id === o.id)
              .flatMap((s) => {
                const product = cached(s.product_id);
                return product ? [{ ...s, product }] : [];
              }),
          })),
        related_ids: rel.related.filter((r) => r.product_id === row.id).map((r) => r.linked_product_id),
      };
      into.set(row.id, doc);
      this.docs.set(`${store.code}:${row.id}`, doc);
      this.skuIndex.set(`${store.code}:${row.sku}`, row.id);
    }
  }
}
