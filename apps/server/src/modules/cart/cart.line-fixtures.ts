import type { ProductDoc } from '../catalog/catalog.service.js';
import type { Line } from './cart.lines.js';

/** Test helpers for the pure cart rules: a product with only what the rules read, and a line of it. */

export function product(id: number, over: Partial<ProductDoc> = {}): ProductDoc {
  return {
    id, sku: `SKU-${id}`, name: `Product ${id}`, type_id: 'simple', kind: 'accessory', stock_qty: 100, order_quantity_limit: null, qty_increments: 1,
    is_subscription: false, bundle_options: [], related_ids: [], ...over,
  } as ProductDoc;
}

export function line(key: string, p: ProductDoc, quantity: number, over: Partial<Line> = {}): Line {
  return { key, sku: p.sku, quantity, is_gift: false, parent_gift_sku: null, product: p, parent: null, bundle: [], ...over };
}
